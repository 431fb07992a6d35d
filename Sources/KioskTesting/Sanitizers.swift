import Glibc

/// Whether this test process, and so every executable built beside it, was built with
/// AddressSanitizer (`make test-asan`). Tests of resident memory ask: AddressSanitizer keeps
/// freed memory in quarantine (256 MB by default) and adds shadow memory, so memory figures
/// measured under it say nothing about the program.
public let addressSanitizerIsOn: Bool = {
  // A nil handle is RTLD_DEFAULT: the program and every library it has loaded.
  dlsym(nil, "__asan_init") != nil
}()
