// librime: the Rime input method engine (Pinyin and other schemas), through its C API.
// Only the header: KioskRime loads the library with dlopen when Pinyin is first used.
#include <rime_api.h>
