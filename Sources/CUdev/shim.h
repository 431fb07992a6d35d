// libudev: device discovery and the hotplug monitor.
#include <libudev.h>
