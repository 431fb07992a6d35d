// libinput: touch, pointer and keyboard events from evdev devices (udev seat or paths).
#include <libinput.h>
