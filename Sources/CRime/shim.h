// librime: the Rime input method engine (Pinyin and other schemas), through its C API.
#include <rime_api.h>
