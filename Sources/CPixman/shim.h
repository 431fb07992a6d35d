#include <pixman.h>
// wmemset, a 32-bit memset: PixelBuffer's opaque fills on x86-64 (PixelBuffer+Fill.swift).
#include <wchar.h>
