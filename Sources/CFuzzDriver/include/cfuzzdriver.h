// libFuzzer's driver, when the fuzzing build links it (`make fuzz`); absent otherwise.
#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// One input: 0 to keep going (libFuzzer's LLVMFuzzerTestOneInput contract).
typedef int (*kiosk_fuzz_callback)(const uint8_t *data, size_t size);

/// Whether libFuzzer is linked in (the fuzzing build links libclang_rt.fuzzer_no_main).
int kiosk_fuzzer_is_linked(void);

/// Runs libFuzzer with its own command-line arguments on `callback`; only when linked.
int kiosk_fuzzer_run(int *argc, char ***argv, kiosk_fuzz_callback callback);

#endif
