#!/usr/bin/env bash
# `make test` after the debug build: every test, on two lanes, one per core.
#
# The test lane runs the unit tests, then the tests on a real kernel in QEMU one VM at a
# time (under TCG a VM keeps one core busy). The build lane, under `nice -n 19` so that the
# tests keep their core and their timing (the QEMU tests wait for lines within deadlines),
# makes meanwhile what the later tests need, in the order they need it: the amd64 Debian
# package, Debian 13's amd64 root folder, the arm64 package (the cross toolchain), the arm64
# root folder, the arm64 golden-test bundle, and then runs the goldens on arm64 with it.
# Each test that needs one of those waits for it: the boot test (the amd64 package), the
# boot on Debian 13 amd64 (and its root), the boot on Debian 13 arm64 (the arm64 package
# and root). The fuzzing runs on the test lane while the build lane makes the arm64
# package, when that lane would otherwise wait; the example packages are built and tested
# last on the test lane, beside the goldens on arm64.
#
# Each part's output goes to out/test-logs/PART.log and is printed whole when the part
# ends, then a line with its verdict and time; the script fails if any part failed.
#
# Environment: MAKE, SWIFT, SUDO, DEB_FILE (the package `make deb` writes), FUZZ_SECONDS.
set -uo pipefail
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
SWIFT=${SWIFT:-swift}
SUDO=${SUDO:-}
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

# The build lane.
(
  later="nice -n 19 $MAKE --no-print-directory"
  run deb $later deb
  # A root folder holds its package's dependencies: it comes after its package.
  run rootfs-amd64 $later rootfs-trixie-amd64
  roots=$?
  run deb-arm64 $later deb ARCH=arm64
  run rootfs-arm64 $later rootfs-trixie-arm64
  roots=$((roots + $?))
  run arm64-tests $later arm64-tests
  bundle=$?
  # The goldens on arm64 run here rather than on the test lane, beside the boot on
  # Debian 13 arm64: both lanes then end together (the examples moved to the test lane).
  if [ "$bundle$roots" = 00 ]; then
    run goldens-arm64 $later test-goldens-arm64-built
  else
    echo "not run: the arm64 test bundle or a Debian 13 root folder was not made" \
      >"$logs/goldens-arm64.log"
    echo "1 0" >"$logs/goldens-arm64.status"
  fi
) &
build_lane=$!

failed=0
# not_run PART WHY: a test that cannot run because what it needs failed, which fails the run.
not_run() {
  failed=1
  echo "== $1: not run, since $2"
}

# boot_debian13 ARCH ENV...: the package's boot on Debian 13 for ARCH; when it fails, the root
# folder's own boot (its kernel and systemd, without the package) tells a fault of the root
# from one of the package.
boot_debian13() {
  local arch=$1 name
  shift
  name=$(echo "$arch" | sed 's/^./\U&/')
  run "boot-debian13-$arch" env "$@" "$SWIFT" test --skip-build \
    --filter "BootPlatformsQEMUTests/thePackageBootsOnDebian13$name"
  show "boot-debian13-$arch" && return 0
  run "root-debian13-$arch" env "$@" "$SWIFT" test --skip-build \
    --filter "BootPlatformsQEMUTests/theRootFolderBoots"
  show "root-debian13-$arch"
  return 1
}

# The test lane.
run unit "$SWIFT" test --skip-build --skip RealKernel
show unit || failed=1
run rootfs-script $SUDO Tests/QEMU/make-rootfs-test.sh
show rootfs-script || failed=1
run real-kernel "$SWIFT" test --skip-build --filter RealKernel
show real-kernel || failed=1
if show deb; then
  run boot env KIOSK_BOOT_DEB="$(realpath "$DEB_FILE")" \
    "$SWIFT" test --skip-build --filter BootQEMUTests
  show boot || failed=1
else
  not_run boot "the package was not built"
fi
if show rootfs-amd64; then
  if [ -e "$DEB_FILE" ]; then
    boot_debian13 amd64 KIOSK_BOOT_DEB="$(realpath "$DEB_FILE")" \
      KIOSK_BOOT_ROOT_TRIXIE_AMD64="$(realpath "$ROOTFS_DIR/trixie-amd64")" || failed=1
  else
    not_run boot-debian13-amd64 "the package was not built"
  fi
else
  failed=1
  not_run boot-debian13-amd64 "the Debian 13 amd64 root folder was not made"
fi
run fuzz "$MAKE" --no-print-directory fuzz FUZZ_SECONDS="$FUZZ_SECONDS"
show fuzz || failed=1
show deb-arm64 && arm64_deb=1 || arm64_deb=0
if show rootfs-arm64 && [ "$arm64_deb" = 1 ]; then
  # With the amd64 package and root named, the amd64 package draws the reference screens
  # (natively, rather than the arm64 one under qemu-user).
  references=()
  if [ -e "$DEB_FILE" ] && [ -d "$ROOTFS_DIR/trixie-amd64" ]; then
    references=(KIOSK_BOOT_DEB="$(realpath "$DEB_FILE")"
      KIOSK_BOOT_ROOT_TRIXIE_AMD64="$(realpath "$ROOTFS_DIR/trixie-amd64")")
  fi
  boot_debian13 arm64 KIOSK_BOOT_DEB_ARM64="$(realpath "$DEB_FILE_ARM64")" \
    KIOSK_BOOT_ROOT_TRIXIE_ARM64="$(realpath "$ROOTFS_DIR/trixie-arm64")" \
    "${references[@]}" || failed=1
else
  failed=1
  not_run boot-debian13-arm64 "the arm64 package or its Debian 13 root folder was not made"
fi
run examples "$MAKE" --no-print-directory test-examples
show examples || failed=1
show arm64-tests || failed=1
wait "$build_lane"
show goldens-arm64 || failed=1
exit "$failed"
