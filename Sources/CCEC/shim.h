// The few types of libcec's C API (libcec/cecc.h) that KioskKit's HDMI-CEC support uses,
// declared here with the library's ABI so that neither the build nor the arm64 sysroot needs
// libcec-dev: KioskKit loads libcec.so.6 (Debian 12) or libcec.so.7 (Debian 13) with dlopen
// when `display.cec` asks for it. Checked against Debian's libcec-dev 6.0.2 (amd64; arm64
// is LP64 too: the same layout) and libcec 7's headers, which changed only the callbacks.
#ifndef KIOSK_CCEC_SHIM_H
#define KIOSK_CCEC_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// cec_logical_addresses: the primary address and a flag for each of the 16.
typedef struct {
  int32_t primary;
  int32_t addresses[16];
} kiosk_cec_logical_addresses;

/// libcec_parameter: what an alert carries (a type and a pointer).
typedef struct {
  int32_t type;
  void *data;
} kiosk_cec_parameter;

/// ICECCallbacks: seven function pointers in libcec 6, eight in 7 (`commandHandler`);
/// KioskKit sets only `alert`, the others stay null.
typedef struct {
  void *log_message;
  void *key_press;
  void *command_received;
  void *configuration_changed;
  void (*alert)(void *context, int32_t alert, kiosk_cec_parameter parameter);
  void *menu_state_changed;
  void *source_activated;
  void *command_handler;
} kiosk_cec_callbacks;

/// libcec_configuration (336 bytes): the fields KioskKit sets, the rest kept as the
/// library's libcec_clear_configuration leaves them.
typedef struct {
  uint32_t client_version;                 // offset 0
  char device_name[15];                    // offset 4 (LIBCEC_OSD_NAME_SIZE)
  int32_t device_types[5];                 // offset 20 (cec_device_type_list)
  uint8_t middle[157];                     // offset 40: addresses, vendor, wake lists…
  uint8_t activate_source;                 // offset 197 (bActivateSource)
  uint8_t power_off_on_standby;            // offset 198
  void *callback_context;                  // offset 200 (callbackParam)
  kiosk_cec_callbacks *callbacks;          // offset 208
  kiosk_cec_logical_addresses logical_addresses; // offset 216 (read only)
  uint8_t rest[52];                        // offset 284: firmware, versions, keys…
} kiosk_cec_configuration;

_Static_assert(offsetof(kiosk_cec_configuration, activate_source) == 197, "libcec ABI");
_Static_assert(offsetof(kiosk_cec_configuration, callback_context) == 200, "libcec ABI");
_Static_assert(offsetof(kiosk_cec_configuration, logical_addresses) == 216, "libcec ABI");
_Static_assert(sizeof(kiosk_cec_configuration) == 336, "libcec ABI");

/// cec_adapter_descriptor (2064 bytes): the adapter's port path and name, and a few numbers.
typedef struct {
  char path[1024];
  char name[1024];
  uint16_t vendor_id;
  uint16_t product_id;
  uint16_t firmware_version;
  uint16_t physical_address;
  uint32_t firmware_build_date;
  int32_t adapter_type;
} kiosk_cec_adapter_descriptor;

_Static_assert(sizeof(kiosk_cec_adapter_descriptor) == 2064, "libcec ABI");

#endif
