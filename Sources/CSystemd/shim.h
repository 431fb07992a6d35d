// libsystemd's sd-daemon: sd_notify (READY=1, STATUS=, WATCHDOG=1, STOPPING=1) and the
// watchdog interval systemd asked for; sd-journal's sd_journal_sendv, to log with fields
// (MESSAGE_ID=…). Without the define, sd_journal_sendv is a macro adding the C caller's
// file and line, which Swift cannot call.
#include <systemd/sd-daemon.h>
#define SD_JOURNAL_SUPPRESS_LOCATION
#include <systemd/sd-journal.h>
