// xkbcommon: keymaps compiled from RMLVO names, key state, keysyms and UTF-8 text.
#include <xkbcommon/xkbcommon.h>
