// libdrm for KMS, plus the few kernel ioctls and macros Swift cannot import (function-like
// macros such as DRM_IOCTL_MODE_CREATE_DUMB and fourcc_code), wrapped as inline functions.
#include <stdint.h>
#include <errno.h>
#include <sys/mman.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

static const uint32_t KIOSK_DRM_FORMAT_XRGB8888 = DRM_FORMAT_XRGB8888;
static const uint32_t KIOSK_DRM_FORMAT_ARGB8888 = DRM_FORMAT_ARGB8888;

static inline int kiosk_drm_create_dumb(int fd, struct drm_mode_create_dumb *request) {
  return drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, request);
}

static inline int kiosk_drm_map_dumb(int fd, struct drm_mode_map_dumb *request) {
  return drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, request);
}

static inline int kiosk_drm_destroy_dumb(int fd, uint32_t handle) {
  struct drm_mode_destroy_dumb request = { .handle = handle };
  return drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &request);
}

static inline int kiosk_errno(void) { return errno; }
