// espeak-ng: the speech synthesiser of the screen reader, through its C API. Only the header:
// KioskSpeech loads the library with dlopen when speech is first used, so a panel without
// libespeak-ng1 still runs, with speech off and the reason given.
#include <espeak-ng/espeak_ng.h>
