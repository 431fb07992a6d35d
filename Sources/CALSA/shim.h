// ALSA's PCM API (libasound), the sound card the screen reader speaks through; PipeWire and
// PulseAudio are reached through their ALSA plugins. Only the header: KioskSpeech loads the
// library with dlopen when speech is first used, so a panel without libasound2 still runs.
#include <alsa/asoundlib.h>
