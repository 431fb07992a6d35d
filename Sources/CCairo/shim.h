// cairo for drawing, pango (through pangocairo) for text layout, fontconfig for font lookup.
#include <cairo.h>
#include <pango/pangocairo.h>
#include <fontconfig/fontconfig.h>
