// libsystemd's sd-daemon: sd_notify (READY=1, STATUS=, WATCHDOG=1, STOPPING=1) and the
// watchdog interval systemd asked for.
#include <systemd/sd-daemon.h>
