#include "cfuzzdriver.h"

// A weak reference: resolved when the fuzzing build links libFuzzer (it also passes
// `-u LLVMFuzzerRunDriver` so the archive member is pulled in), NULL in every other build.
extern int LLVMFuzzerRunDriver(int *argc, char ***argv,
                               int (*callback)(const uint8_t *data, size_t size))
    __attribute__((weak));

int kiosk_fuzzer_is_linked(void) { return LLVMFuzzerRunDriver != 0; }

int kiosk_fuzzer_run(int *argc, char ***argv, kiosk_fuzz_callback callback) {
  if (!LLVMFuzzerRunDriver) return -1;
  return LLVMFuzzerRunDriver(argc, argv, callback);
}
