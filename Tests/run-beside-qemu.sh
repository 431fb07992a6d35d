#!/usr/bin/env bash
# The second half of `make test` (after the debug build and the unit tests): the tests on a
# real kernel, and beside them the builds that need no VM.
#
# Each QEMU test boots one VM at a time, and under TCG that VM keeps one core busy while
# the other core would sit idle. So the Debian packages (amd64, then arm64 with the cross
# toolchain), the Debian 13 root folders, the arm64 test bundle, the fuzzing (its own
# sanitized build, then each target for FUZZ_SECONDS) and the example package build and
# run on that other core meanwhile, under `nice -n 19` so that the VMs keep their core and
# their timing (the QEMU tests wait for lines within deadlines). The tests that need one of
# those wait for it after the RealKernel suite: the boot test (the amd64 package), the
# boot tests on Debian 13 amd64 and arm64 (the packages and the root folders), and the
# golden-image tests on arm64 (the arm64 test bundle and both root folders).
#
# Each part's output goes to out/test-logs/PART.log and is printed whole when the part
# ends, then a line with its verdict and time; the script fails if any part failed.
#
# Environment: MAKE, SWIFT, DEB_FILE (the package `make deb` writes), FUZZ_SECONDS.
set -uo pipefail
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
SWIFT=${SWIFT:-swift}
: "${DEB_FILE:?the package make deb writes, e.g. out/deb/kioskkit_VERSION_ARCH.deb}"
FUZZ_SECONDS=${FUZZ_SECONDS:-10}
logs=out/test-logs
mkdir -p "$logs"
rm -f "$logs"/*.log "$logs"/*.status

# run PART COMMAND...: runs the command into PART's log and records its status and time.
run() {
  local part=$1
  shift
  local start=$SECONDS
  "$@" >"$logs/$part.log" 2>&1
  local status=$?
  echo "$status $((SECONDS - start))" >"$logs/$part.status"
  return "$status"
}

# show PART: waits until PART has ended, prints its log and verdict, returns its status.
show() {
  local part=$1 status seconds
  while [ ! -e "$logs/$part.status" ]; do sleep 1; done
  cat "$logs/$part.log"
  read -r status seconds <"$logs/$part.status"
  if [ "$status" = 0 ]; then
    echo "== $part: passed in $seconds s"
  else
    echo "== $part: FAILED (exit $status) after $seconds s; its log: $logs/$part.log"
  fi
  return "$status"
}

DEB_FILE_ARM64=${DEB_FILE%_*}_arm64.deb
ROOTFS_DIR=out/rootfs

failed=0
(
  run deb nice -n 19 "$MAKE" --no-print-directory deb
  run deb-arm64 nice -n 19 "$MAKE" --no-print-directory deb ARCH=arm64
  # The root folders hold each package's dependencies: they come after the packages.
  run rootfs nice -n 19 sh -c "$MAKE --no-print-directory rootfs-trixie-amd64 &&
    $MAKE --no-print-directory rootfs-trixie-arm64"
  run arm64-tests nice -n 19 "$MAKE" --no-print-directory arm64-tests
  run fuzz nice -n 19 "$MAKE" --no-print-directory fuzz FUZZ_SECONDS="$FUZZ_SECONDS"
  run examples nice -n 19 "$MAKE" --no-print-directory test-examples
) &
beside=$!

# not_run PART WHY: a test that cannot run because what it needs failed, which fails the run.
not_run() {
  failed=1
  echo "== $1: not run, since $2"
}

run real-kernel "$SWIFT" test --skip-build --filter RealKernel
show real-kernel || failed=1
if show deb; then
  run boot env KIOSK_BOOT_DEB="$(realpath "$DEB_FILE")" \
    "$SWIFT" test --skip-build --filter BootQEMUTests
  show boot || failed=1
else
  not_run boot "the package was not built"
fi
arm64_built=0
show deb-arm64 && arm64_built=1 || failed=1
if show rootfs && [ "$arm64_built" = 1 ]; then
  run boot-debian13 env KIOSK_BOOT_DEB="$(realpath "$DEB_FILE")" \
    KIOSK_BOOT_ROOT_TRIXIE_AMD64="$(realpath "$ROOTFS_DIR/trixie-amd64")" \
    KIOSK_BOOT_DEB_ARM64="$(realpath "$DEB_FILE_ARM64")" \
    KIOSK_BOOT_ROOT_TRIXIE_ARM64="$(realpath "$ROOTFS_DIR/trixie-arm64")" \
    "$SWIFT" test --skip-build --filter BootPlatformsQEMUTests
  show boot-debian13 || failed=1
  if show arm64-tests; then
    run goldens-arm64 "$MAKE" --no-print-directory test-goldens-arm64-built
    show goldens-arm64 || failed=1
  else
    not_run goldens-arm64 "the arm64 test bundle was not built"
  fi
else
  not_run boot-debian13 "the arm64 package or the Debian 13 root folders were not made"
  not_run goldens-arm64 "the Debian 13 root folders were not made"
fi
wait "$beside"
show fuzz || failed=1
show examples || failed=1
exit "$failed"
