// libseat: device access through logind or seatd as an unprivileged user, and the seat's
// disable/enable on VT switches.
#include <libseat.h>
