// xkbcommon: keymaps compiled from RMLVO names, key state, keysyms and UTF-8 text; its
// compose tables (dead keys, Compose sequences) from the locale.
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
