#include "clinux.h"

#include <errno.h>
#include <libinput.h>
#include <libseat.h>
#include <linux/input.h>
#include <linux/kd.h>
#include <linux/uinput.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

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

// Integer arguments are passed by value to these ioctls, not through a pointer.
static int kiosk_ioctl_value(int fd, unsigned long request, unsigned long value) {
  int result;
  do {
    result = ioctl(fd, request, value);
  } while (result < 0 && errno == EINTR);
  return result < 0 ? errno : 0;
}

static int kiosk_uinput_axis(int fd, unsigned short code, int maximum, int resolution) {
  struct uinput_abs_setup setup;
  memset(&setup, 0, sizeof setup);
  setup.code = code;
  setup.absinfo.minimum = 0;
  setup.absinfo.maximum = maximum;
  setup.absinfo.resolution = resolution;
  int error = kiosk_ioctl_value(fd, UI_SET_ABSBIT, code);
  return error ? error : kiosk_ioctl(fd, UI_ABS_SETUP, &setup);
}

int kiosk_uinput_create_touchscreen(
    int fd, const char *name, int width, int height, int slots, int resolution) {
  int error = 0;
  if (!error) error = kiosk_ioctl_value(fd, UI_SET_EVBIT, EV_SYN);
  if (!error) error = kiosk_ioctl_value(fd, UI_SET_EVBIT, EV_KEY);
  if (!error) error = kiosk_ioctl_value(fd, UI_SET_KEYBIT, BTN_TOUCH);
  if (!error) error = kiosk_ioctl_value(fd, UI_SET_EVBIT, EV_ABS);
  if (!error) error = kiosk_ioctl_value(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
  if (!error) error = kiosk_uinput_axis(fd, ABS_X, width - 1, resolution);
  if (!error) error = kiosk_uinput_axis(fd, ABS_Y, height - 1, resolution);
  if (!error) error = kiosk_uinput_axis(fd, ABS_MT_SLOT, slots - 1, 0);
  if (!error) error = kiosk_uinput_axis(fd, ABS_MT_TRACKING_ID, 65535, 0);
  if (!error) error = kiosk_uinput_axis(fd, ABS_MT_POSITION_X, width - 1, resolution);
  if (!error) error = kiosk_uinput_axis(fd, ABS_MT_POSITION_Y, height - 1, resolution);
  if (error) return error;
  struct uinput_setup setup;
  memset(&setup, 0, sizeof setup);
  setup.id.bustype = BUS_VIRTUAL;
  setup.id.vendor = 0x4b4b;  // "KK"
  setup.id.product = 0x0001;
  strncpy(setup.name, name, UINPUT_MAX_NAME_SIZE - 1);
  error = kiosk_ioctl(fd, UI_DEV_SETUP, &setup);
  return error ? error : kiosk_ioctl_value(fd, UI_DEV_CREATE, 0);
}

int kiosk_uinput_create_keyboard(int fd, const char *name) {
  return kiosk_uinput_create_keyboard_with_ids(fd, name, 0, 0);
}

int kiosk_uinput_create_keyboard_with_ids(
    int fd, const char *name, unsigned short vendor, unsigned short product) {
  int error = 0;
  if (!error) error = kiosk_ioctl_value(fd, UI_SET_EVBIT, EV_SYN);
  if (!error) error = kiosk_ioctl_value(fd, UI_SET_EVBIT, EV_KEY);
  // The keys of a PC keyboard (Escape to the keypad and arrows, up to KEY_MICMUTE): the
  // kernel repeats nothing itself (no EV_REP); repeating is the app's.
  for (int key = KEY_ESC; !error && key <= KEY_MICMUTE; key++) {
    error = kiosk_ioctl_value(fd, UI_SET_KEYBIT, key);
  }
  if (error) return error;
  struct uinput_setup setup;
  memset(&setup, 0, sizeof setup);
  // Given ids: a USB device as a scanner presents itself; else KioskKit's own.
  setup.id.bustype = vendor ? BUS_USB : BUS_VIRTUAL;
  setup.id.vendor = vendor ? vendor : 0x4b4b;  // "KK"
  setup.id.product = vendor ? product : 0x0002;
  strncpy(setup.name, name, UINPUT_MAX_NAME_SIZE - 1);
  error = kiosk_ioctl(fd, UI_DEV_SETUP, &setup);
  return error ? error : kiosk_ioctl_value(fd, UI_DEV_CREATE, 0);
}

int kiosk_uinput_create_headset_jack(int fd, const char *name) {
  int error = kiosk_ioctl_value(fd, UI_SET_EVBIT, EV_SYN);
  if (!error) error = kiosk_ioctl_value(fd, UI_SET_EVBIT, EV_SW);
  if (!error) error = kiosk_ioctl_value(fd, UI_SET_SWBIT, SW_HEADPHONE_INSERT);
  if (error) return error;
  struct uinput_setup setup;
  memset(&setup, 0, sizeof setup);
  setup.id.bustype = BUS_VIRTUAL;
  setup.id.vendor = 0x4b4b;  // "KK"
  setup.id.product = 0x0003;
  strncpy(setup.name, name, UINPUT_MAX_NAME_SIZE - 1);
  error = kiosk_ioctl(fd, UI_DEV_SETUP, &setup);
  return error ? error : kiosk_ioctl_value(fd, UI_DEV_CREATE, 0);
}

int kiosk_uinput_sysname(int fd, char *buffer, unsigned long length) {
  return kiosk_ioctl(fd, UI_GET_SYSNAME(length), buffer);
}

int kiosk_uinput_emit(int fd, unsigned short type, unsigned short code, int value) {
  struct input_event event;
  memset(&event, 0, sizeof event);
  event.type = type;
  event.code = code;
  event.value = value;
  ssize_t written;
  do {
    written = write(fd, &event, sizeof event);
  } while (written < 0 && errno == EINTR);
  if (written < 0) return errno;
  return written == sizeof event ? 0 : EIO;
}

int kiosk_uinput_destroy(int fd) { return kiosk_ioctl_value(fd, UI_DEV_DESTROY, 0); }

size_t kiosk_heap_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

// The message up to its first line break (libinput's and libseat's end with one).
static void kiosk_format_line(char *buffer, size_t size, const char *format, va_list arguments) {
  vsnprintf(buffer, size, format, arguments);
  buffer[strcspn(buffer, "\n")] = 0;
}

static kiosk_libinput_log_function kiosk_libinput_log_forward;

static void kiosk_libinput_log(
    struct libinput *libinput, enum libinput_log_priority priority, const char *format,
    va_list arguments) {
  char message[512];
  kiosk_format_line(message, sizeof message, format, arguments);
  kiosk_libinput_log_function forward = kiosk_libinput_log_forward;
  if (forward) forward(libinput, (int)priority, message);
}

void kiosk_libinput_set_log_function(
    struct libinput *libinput, kiosk_libinput_log_function function) {
  kiosk_libinput_log_forward = function;
  libinput_log_set_handler(libinput, kiosk_libinput_log);
}

static kiosk_libseat_log_function kiosk_libseat_log_forward;

static void kiosk_libseat_log(enum libseat_log_level level, const char *format, va_list arguments) {
  char message[512];
  kiosk_format_line(message, sizeof message, format, arguments);
  kiosk_libseat_log_function forward = kiosk_libseat_log_forward;
  if (forward) forward((int)level, message);
}

void kiosk_libseat_set_log_function(kiosk_libseat_log_function function) {
  kiosk_libseat_log_forward = function;
  libseat_set_log_handler(kiosk_libseat_log);
}

int kiosk_evdev_switch_bits(int fd, unsigned char *bits, unsigned long length) {
  int count = ioctl(fd, EVIOCGBIT(EV_SW, length), bits);
  return count < 0 ? -errno : count;
}

int kiosk_evdev_switch_states(int fd, unsigned char *bits, unsigned long length) {
  int count = ioctl(fd, EVIOCGSW(length), bits);
  return count < 0 ? -errno : count;
}

// Arms `fd` at the largest time a 32-bit time_t holds: it never expires, and the kernel
// cancels it (making it readable) when the wall clock is set.
static int kiosk_clock_change_arm(int fd) {
  struct itimerspec value = {.it_value = {.tv_sec = 0x7fffffff}};
  return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &value, NULL) < 0
             ? errno
             : 0;
}

int kiosk_clock_change_fd(void) {
  int fd = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
  if (fd < 0) return -errno;
  int error = kiosk_clock_change_arm(fd);
  if (error != 0) {
    close(fd);
    return -error;
  }
  return fd;
}

int kiosk_clock_change_rearm(int fd) {
  uint64_t expirations;
  // ECANCELED (the clock was set) or EAGAIN: either way the timer is armed again.
  (void)read(fd, &expirations, sizeof expirations);
  return kiosk_clock_change_arm(fd);
}
