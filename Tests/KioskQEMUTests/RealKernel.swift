import Testing

/// Every test that boots a kernel in QEMU, one VM at a time: each VM takes a whole core
/// under TCG, and more than one at once on a two-core machine makes their timings (and
/// their timeouts) depend on each other. The suites are nested here so that `.serialized`
/// covers all of them.
@Suite(
  .serialized,
  .enabled(
    if: QEMUHost.testsEnabled,
    "qemu, Debian's kernel or busybox-static is missing (`make test` installs them)"))
enum RealKernel {}
