// cairo for drawing, pango (through pangocairo) for text layout, fontconfig for font lookup.
#include <cairo.h>
#include <pango/pangocairo.h>
// The fontconfig font map, to empty its font caches under memory pressure.
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
