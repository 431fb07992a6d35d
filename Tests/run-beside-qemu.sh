#!/usr/bin/env bash
# The second half of `make test` (after the debug build and the unit tests): the tests on a
# real kernel, and beside them the builds that need no VM.
#
# Each QEMU test boots one VM at a time, and under TCG that VM keeps one core busy while
# the other core would sit idle. So the Debian package, the fuzzing (its own sanitized
# build, then each target for FUZZ_SECONDS) and the example package build and run on that
# other core meanwhile, under `nice -n 19` so that the VMs keep their core and their timing
# (the QEMU tests wait for lines within deadlines). The boot test needs both the package
# and a free core: it runs after the RealKernel suite, once the package is built.
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

failed=0
(
  run deb nice -n 19 "$MAKE" --no-print-directory deb
  run fuzz nice -n 19 "$MAKE" --no-print-directory fuzz FUZZ_SECONDS="$FUZZ_SECONDS"
  run examples nice -n 19 "$MAKE" --no-print-directory test-examples
) &
beside=$!

run real-kernel "$SWIFT" test --skip-build --filter RealKernel
show real-kernel || failed=1
if show deb; then
  run boot env KIOSK_BOOT_DEB="$(realpath "$DEB_FILE")" \
    "$SWIFT" test --skip-build --filter BootQEMUTests
  show boot || failed=1
else
  failed=1
  echo "== boot: not run, since the package was not built"
fi
wait "$beside"
show fuzz || failed=1
show examples || failed=1
exit "$failed"
