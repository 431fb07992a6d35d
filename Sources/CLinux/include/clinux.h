// The Linux ioctls Swift cannot import (their request numbers are function-like macros)
// and the few C library calls its Glibc module leaves out, each wrapped once. The ioctl
// wrappers return 0 on success or the errno value the ioctl failed with, so the caller
// never has to read errno after the fact.
#ifndef KIOSK_CLINUX_H
#define KIOSK_CLINUX_H

#include <linux/fb.h>
#include <linux/input.h>
#include <stddef.h>
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

/// Creates a virtual multi-touch screen through /dev/uinput (`fd` opened read-write): type-B
/// slots (`slots` of them), direct-input (a touchscreen, not a touchpad), axes from 0 to
/// `width` - 1 and `height` - 1 with `resolution` units per millimetre, single-touch
/// emulation (BTN_TOUCH, ABS_X/Y) for old readers. The kernel announces it to udev.
int kiosk_uinput_create_touchscreen(
    int fd, const char *name, int width, int height, int slots, int resolution);

/// Creates a virtual keyboard through /dev/uinput (`fd` opened read-write) with the keys of
/// a PC keyboard. Returns 0 or an errno value.
int kiosk_uinput_create_keyboard(int fd, const char *name);

/// As `kiosk_uinput_create_keyboard`, on the USB bus with the vendor and product ids given
/// (a barcode scanner, as `[input] scanners` matches them); a `vendor` of 0 makes KioskKit's
/// own virtual keyboard.
int kiosk_uinput_create_keyboard_with_ids(
    int fd, const char *name, unsigned short vendor, unsigned short product);

/// Makes the uinput device open on `fd` a headset jack named `name`: one switch,
/// SW_HEADPHONE_INSERT, as a sound card's input device reports it. Returns 0 or an errno.
int kiosk_uinput_create_headset_jack(int fd, const char *name);

/// UI_GET_SYSNAME: the device's name under /sys/devices/virtual/input (e.g. "input5").
int kiosk_uinput_sysname(int fd, char *buffer, unsigned long length);

/// Writes one input event (type, code, value) to the uinput device; EINTR is retried.
int kiosk_uinput_emit(int fd, unsigned short type, unsigned short code, int value);

/// UI_DEV_DESTROY: removes the device (udev announces its removal).
int kiosk_uinput_destroy(int fd);

/// EVIOCGBIT(EV_SW): the switches an evdev device reports, a bit each, into `bits`.
/// Returns the bytes written, or -errno.
int kiosk_evdev_switch_bits(int fd, unsigned char *bits, unsigned long length);

/// EVIOCGSW: the switches' current states, a bit each, into `bits`. Returns the bytes
/// written, or -errno.
int kiosk_evdev_switch_states(int fd, unsigned char *bits, unsigned long length);

/// The bytes the C heap holds for the program (mallinfo2: in use from the arenas plus
/// mmapped blocks); tests compare it before and after repeated work to find leaks.
size_t kiosk_heap_bytes_in_use(void);

// Log handlers of C libraries take a printf format and a va_list. Swift cannot take a
// va_list portably in a closure: it is a pointer on x86-64 and a structure on AArch64,
// where Swift 6.2 crashes compiling such a closure. These install a handler in C that
// formats the message (up to its first line break, at most 511 bytes) and hands it on.

struct libinput;

/// Receives libinput's messages: the context, the priority (LIBINPUT_LOG_PRIORITY_*) and
/// the formatted message.
typedef void (*kiosk_libinput_log_function)(
    struct libinput *libinput, int priority, const char *message);

/// libinput_log_set_handler with a handler that formats and calls `function` (one function
/// for every context of the process: the last one given).
void kiosk_libinput_set_log_function(struct libinput *libinput, kiosk_libinput_log_function function);

/// Receives libseat's messages: the level (LIBSEAT_LOG_LEVEL_*) and the formatted message.
typedef void (*kiosk_libseat_log_function)(int level, const char *message);

/// libseat_set_log_handler with a handler that formats and calls `function`.
void kiosk_libseat_set_log_function(kiosk_libseat_log_function function);

/// A timerfd on CLOCK_REALTIME (non-blocking, close-on-exec) armed far in the future with
/// TFD_TIMER_CANCEL_ON_SET: it becomes readable only when the wall clock is set. Returns the
/// descriptor, or -errno.
int kiosk_clock_change_fd(void);

/// Reads the clock-change timerfd `fd` (the read fails with ECANCELED after a set) and arms
/// it again. Returns 0 or an errno value.
int kiosk_clock_change_rearm(int fd);

#endif
