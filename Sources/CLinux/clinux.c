#include "clinux.h"

#include <errno.h>
#include <linux/kd.h>
#include <sys/ioctl.h>

// EINTR is retried here: these ioctls have no side effect that a retry would repeat.
static int kiosk_ioctl(int fd, unsigned long request, void *argument) {
  int result;
  do {
    result = ioctl(fd, request, argument);
  } while (result < 0 && errno == EINTR);
  return result < 0 ? errno : 0;
}

int kiosk_fb_get_vscreeninfo(int fd, struct fb_var_screeninfo *info) {
  return kiosk_ioctl(fd, FBIOGET_VSCREENINFO, info);
}

int kiosk_fb_put_vscreeninfo(int fd, struct fb_var_screeninfo *info) {
  return kiosk_ioctl(fd, FBIOPUT_VSCREENINFO, info);
}

int kiosk_fb_get_fscreeninfo(int fd, struct fb_fix_screeninfo *info) {
  return kiosk_ioctl(fd, FBIOGET_FSCREENINFO, info);
}

int kiosk_fb_pan_display(int fd, struct fb_var_screeninfo *info) {
  return kiosk_ioctl(fd, FBIOPAN_DISPLAY, info);
}

int kiosk_fb_blank(int fd, int blank) {
  int result;
  do {
    result = ioctl(fd, FBIOBLANK, blank ? FB_BLANK_POWERDOWN : FB_BLANK_UNBLANK);
  } while (result < 0 && errno == EINTR);
  return result < 0 ? errno : 0;
}

int kiosk_vt_set_graphics_mode(int fd, int graphics) {
  int result;
  do {
    result = ioctl(fd, KDSETMODE, graphics ? KD_GRAPHICS : KD_TEXT);
  } while (result < 0 && errno == EINTR);
  return result < 0 ? errno : 0;
}
