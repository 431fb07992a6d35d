// TurboJPEG for decoding JPEG files into premultiplied-ready BGRA rows.
#include <turbojpeg.h>
