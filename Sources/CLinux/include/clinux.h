// The Linux ioctls Swift cannot import (their request numbers are function-like macros),
// each wrapped once. Every function returns 0 on success or the errno value the ioctl
// failed with, so the caller never has to read errno after the fact.
#ifndef KIOSK_CLINUX_H
#define KIOSK_CLINUX_H

#include <linux/fb.h>
#include <stdint.h>

/// FBIOGET_VSCREENINFO: the variable screen information (resolution, depth, bitfields).
int kiosk_fb_get_vscreeninfo(int fd, struct fb_var_screeninfo *info);

/// FBIOPUT_VSCREENINFO: asks for new variable screen information; the kernel writes back
/// what it accepted.
int kiosk_fb_put_vscreeninfo(int fd, struct fb_var_screeninfo *info);

/// FBIOGET_FSCREENINFO: the fixed screen information (line length, memory size, id).
int kiosk_fb_get_fscreeninfo(int fd, struct fb_fix_screeninfo *info);

/// FBIOPAN_DISPLAY: shows the part of the virtual screen at `info`'s x and y offsets.
int kiosk_fb_pan_display(int fd, struct fb_var_screeninfo *info);

/// FBIOBLANK: switches the panel off (`blank` non-zero: FB_BLANK_POWERDOWN) or on.
int kiosk_fb_blank(int fd, int blank);

/// KDSETMODE on a virtual terminal: KD_GRAPHICS (`graphics` non-zero) stops the console
/// drawing on the framebuffer; KD_TEXT gives the screen back to it.
int kiosk_vt_set_graphics_mode(int fd, int graphics);

#endif
