#!/usr/bin/env bash
# The arm64 cross toolchain: KioskKit built on an amd64 machine for Debian 13 (trixie) arm64
# panels, from Debian's packages only.
#
# Why this route: the machine's own Swift is an x86_64-only build with no aarch64 runtime, and
# a compiler can only link against a Swift runtime of its own version. Debian ships both
# halves of one version: `swiftlang` for amd64 (compiler, ld.lld, LLVM with its AArch64
# back end) and `swiftlang` and `libswiftlang` for arm64 (the aarch64 runtime: its modules,
# static and shared libraries).
# Trixie's 6.0.3 is too old for KioskKit (`isolated deinit` needs 6.2), so both come from
# unstable, whose compiler needs unstable's glibc: it runs in a chroot of its own. What it
# links against is Debian 13's: a trixie root file system (the sysroot) with the C
# libraries' arm64 -dev packages installed through multiarch, so the binaries need nothing
# newer than a trixie panel has. Multiarch installs them with the build machine's own dpkg
# (1.5 minutes; an arm64 root installed through qemu-user took 11), and leaves a dpkg
# database from which dpkg-shlibdeps reads the arm64 libraries' symbols files. Emulating a
# native arm64 build instead would be 10-30 times slower.
#
#   cross/toolchain.sh setup          make (or repair) the toolchain in the cache
#   cross/toolchain.sh run CMD...     run CMD in the toolchain, in the current folder
#   cross/toolchain.sh path           print the toolchain's folder
#
# The cache is ${KIOSK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kioskkit}/toolchain: outside
# the checkout, so `make clean` keeps it. A folder is named by the Swift version, the suites
# and a hash of the recipe (the package lists and RECIPE below), so a change to any of them
# makes a new one (and the old ones go). It is built as NAME.partial and renamed when complete: a .partial left by an
# interrupted run is removed and made again. Nothing of the host's apt configuration is
# touched: the chroots have sources lists of their own.
set -euo pipefail

# Raise when setup() changes what it makes: the cached toolchains are then made again.
RECIPE=3
# Debian's Swift for the compiler (amd64) and the runtime (arm64): one version for both.
SWIFT_DEBIAN_VERSION=${KIOSK_CROSS_SWIFT_VERSION:-6.2.3-1+b1}
TOOLCHAIN_SUITE=sid
TARGET_SUITE=trixie
TARGET_ARCH=arm64
TARGET_TRIPLE=aarch64-unknown-linux-gnu
MIRROR=${KIOSK_DEBIAN_MIRROR:-http://deb.debian.org/debian}
# The C libraries KioskKit links (Package.swift's system libraries; the Makefile's
# DEB_PACKAGES) and the C and C++ runtime the linker needs, for the target.
SYSROOT_PACKAGES=(
  libc6-dev libgcc-14-dev libstdc++-14-dev
  libpixman-1-dev libcairo2-dev libpango1.0-dev libfontconfig-dev libturbojpeg0-dev
  libdrm-dev libudev-dev libinput-dev libxkbcommon-dev libseat-dev libsystemd-dev
  librime-dev libespeak-ng-dev libasound2-dev libtomlplusplus-dev
)
# The build machine's side: the compiler, binutils for aarch64 (dh_strip), Debian's
# packaging tools, and what SwiftPM needs to fetch dependencies.
TOOLCHAIN_PACKAGES=(
  "swiftlang=$SWIFT_DEBIAN_VERSION" binutils-aarch64-linux-gnu dpkg-dev debhelper
  git make pkgconf file ca-certificates
)

here=$(cd "$(dirname "$0")" && pwd)
cache=${KIOSK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kioskkit}/toolchain
recipe_hash=$(echo "$RECIPE $MIRROR ${SYSROOT_PACKAGES[*]} ${TOOLCHAIN_PACKAGES[*]}" | sha256sum | cut -c1-10)
name="swift-${SWIFT_DEBIAN_VERSION%%-*}-$TOOLCHAIN_SUITE-for-$TARGET_SUITE-$TARGET_ARCH-$recipe_hash"
root=$cache/$name

say() { echo "cross/toolchain.sh: $*" >&2; }
fail() {
  say "$*"
  exit 1
}

# Apt inside the chroots: the mirror may serve a frozen snapshot, whose Release files are
# past their Valid-Until date; the checks of signatures stay on.
APT_OPTIONS=(--aptopt='Acquire::Check-Valid-Until "false"' --aptopt='Acquire::Retries "3"')

# mmdebstrap SUITE ARCHS DEST PACKAGES...: a Debian root file system from the mirror, for
# the architectures ARCHS (the first the root's own, the others through multiarch).
debian_root() {
  local suite=$1 arch=$2 dest=$3
  shift 3
  local packages
  packages=$(
    IFS=,
    echo "$*"
  )
  # Documentation, manual pages and translations are of no use to a build.
  mmdebstrap --variant=apt --architectures="$arch" --include="$packages" "${APT_OPTIONS[@]}" \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    "$suite" "$dest" "deb $MIRROR $suite main" \
    || fail "mmdebstrap could not make the $suite $arch root (above: the package or the mirror it could not reach); run again to retry"
}

setup() {
  if [ -e "$root/.complete" ]; then
    return 0
  fi
  [ "$(id -u)" = 0 ] || fail "making the toolchain needs root (mmdebstrap, chroot); run it with sudo"
  command -v mmdebstrap >/dev/null || fail "mmdebstrap is missing; \`make cross-toolchain\` installs it"
  command -v bwrap >/dev/null || fail "bubblewrap is missing; \`make cross-toolchain\` installs it"
  mkdir -p "$cache"
  # Toolchains of another Swift version or an older script: stale, and gigabytes each.
  local other
  for other in "$cache"/*; do
    [ -e "$other" ] || continue
    case "$other" in "$root" | "$root.partial") continue ;; esac
    say "removing $(basename "$other"): made for another Swift version or recipe"
    rm -rf --one-file-system "$other"
  done
  local partial=$root.partial
  if [ -e "$partial" ]; then
    say "removing $(basename "$partial"), left half-made by an interrupted run"
    rm -rf --one-file-system "$partial"
  fi
  local start=$SECONDS
  say "making $name in $cache (a Debian $TOOLCHAIN_SUITE chroot with swiftlang, and a $TARGET_SUITE $TARGET_ARCH sysroot)"
  debian_root "$TOOLCHAIN_SUITE" amd64 "$partial" "${TOOLCHAIN_PACKAGES[@]}"
  say "toolchain chroot ready after $((SECONDS - start)) s"
  debian_root "$TARGET_SUITE" "amd64,$TARGET_ARCH" "$partial/sysroot" \
    "${SYSROOT_PACKAGES[@]/%/:$TARGET_ARCH}"
  say "sysroot ready after $((SECONDS - start)) s"
  # The target's Swift runtime, modules and static libraries: swiftlang for arm64, of the
  # compiler's version, unpacked (not installed) into the sysroot.
  local download=$partial/var/cache/kiosk-swift-arm64
  mkdir -p "$download"
  in_root "$partial" /var/cache/kiosk-swift-arm64 sh -c "
    set -e
    dpkg --add-architecture $TARGET_ARCH
    apt-get -o Acquire::Check-Valid-Until=false update -qq
    apt-get download -q swiftlang:$TARGET_ARCH=$SWIFT_DEBIAN_VERSION libswiftlang:$TARGET_ARCH=$SWIFT_DEBIAN_VERSION" \
    || fail "cannot download swiftlang:$TARGET_ARCH $SWIFT_DEBIAN_VERSION from $MIRROR ($TOOLCHAIN_SUITE); run again to retry"
  # libswiftlang: the runtime's shared libraries, which programs linked without
  # --static-swift-stdlib load (the test bundle that runs in the arm64 machine).
  local unpacked=$download/unpacked deb
  for deb in "$download"/*swiftlang_*_"$TARGET_ARCH".deb; do dpkg-deb -x "$deb" "$unpacked"; done
  mkdir -p "$partial/sysroot/usr/libexec/swift/lib"
  # lib/clang: the C headers (limits.h…) and compiler-rt that the resource folders link to.
  mv "$unpacked/usr/libexec/swift/lib/swift" "$unpacked/usr/libexec/swift/lib/swift_static" \
    "$unpacked/usr/libexec/swift/lib/clang" \
    "$partial/sysroot/usr/libexec/swift/lib/"
  # Where the Swift driver looks for them in an SDK (swiftrt.o of a static link, say).
  ln -s ../libexec/swift/lib/swift "$partial/sysroot/usr/lib/swift"
  ln -s ../libexec/swift/lib/swift_static "$partial/sysroot/usr/lib/swift_static"
  rm -rf "$download"
  write_sdk "$partial"
  # Check the result before calling it complete: the compiler runs and knows the target.
  in_root "$partial" / swiftc -print-target-info -target "$TARGET_TRIPLE" >/dev/null \
    || fail "the toolchain's swiftc does not run; remove $partial and try again"
  echo "$SWIFT_DEBIAN_VERSION $TOOLCHAIN_SUITE $TARGET_SUITE $TARGET_ARCH" >"$partial/.complete"
  mv "$partial" "$root"
  say "made $name in $((SECONDS - start)) s ($(du -sh --one-file-system "$root" | cut -f1))"
}

# The Swift SDK (SE-0387) the build names with --swift-sdk: the sysroot, the target's Swift
# resources in it, and the linker (ld.lld: it links aarch64 from an amd64 host; the
# binutils linker of the build machine does not).
write_sdk() {
  local root=$1
  local bundle=$root/sdks/kioskkit-$TARGET_SUITE-$TARGET_ARCH.artifactbundle
  local sdk=$bundle/sdk
  mkdir -p "$sdk"
  cat >"$bundle/info.json" <<EOF
{
  "schemaVersion": "1.0",
  "artifacts": {
    "kioskkit-$TARGET_SUITE-$TARGET_ARCH": {
      "type": "swiftSDK",
      "version": "$SWIFT_DEBIAN_VERSION",
      "variants": [{ "path": "sdk" }]
    }
  }
}
EOF
  cat >"$sdk/swift-sdk.json" <<EOF
{
  "schemaVersion": "4.0",
  "targetTriples": {
    "$TARGET_TRIPLE": {
      "sdkRootPath": "/sysroot",
      "swiftResourcesPath": "/sysroot/usr/lib/swift",
      "swiftStaticResourcesPath": "/sysroot/usr/lib/swift_static",
      "toolsetPaths": ["toolset.json"]
    }
  }
}
EOF
  cat >"$sdk/toolset.json" <<EOF
{
  "schemaVersion": "1.0",
  "rootPath": "/usr/libexec/swift/bin",
  "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld"] },
  "linker": { "path": "ld.lld" }
}
EOF
}

# in_root ROOT DIR CMD...: CMD in ROOT (a bubblewrap sandbox, nothing mounted on the host),
# working in DIR, with the checkout (KIOSK_CROSS_SOURCE) at its own path, so that paths
# given from outside hold inside, and the sysroot's pkg-config files.
in_root() {
  local chroot=$1 dir=$2
  shift 2
  local binds=(--bind "$chroot" / --dev /dev --proc /proc --perms 1777 --tmpfs /tmp)
  [ -n "${KIOSK_CROSS_SOURCE:-}" ] && binds+=(--bind "$KIOSK_CROSS_SOURCE" "$KIOSK_CROSS_SOURCE")
  # The target's libraries at their own paths (the chroot has none of that architecture),
  # for dpkg-shlibdeps, which looks a library up in the dpkg database by its path.
  if [ -d "$chroot/sysroot/usr/lib/aarch64-linux-gnu" ]; then
    binds+=(--ro-bind "$chroot/sysroot/usr/lib/aarch64-linux-gnu" /usr/lib/aarch64-linux-gnu)
  fi
  [ -e /etc/resolv.conf ] && binds+=(--ro-bind /etc/resolv.conf /etc/resolv.conf)
  # git's URL rewrites (a machine that reads github.com from a local mirror) and their
  # folders, so that SwiftPM fetches dependencies in the chroot as it does outside.
  if [ -e /etc/gitconfig ]; then
    binds+=(--ro-bind /etc/gitconfig /etc/gitconfig)
    local folder
    for folder in $(git config --system --get-regexp 'url\..*\.insteadof' 2>/dev/null \
      | sed -n 's/^url\.\(\/[^ ]*\)\.insteadof .*/\1/p' | sort -u); do
      [ -d "$folder" ] && binds+=(--ro-bind "$folder" "$folder")
    done
  fi
  bwrap "${binds[@]}" --chdir "$dir" \
    --setenv HOME /root --setenv PATH /usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
    --setenv PKG_CONFIG_SYSROOT_DIR /sysroot \
    --setenv PKG_CONFIG_PATH "/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:/sysroot/usr/share/pkgconfig" \
    "$@"
}

case "${1:-}" in
  setup) setup ;;
  path) echo "$root" ;;
  run)
    shift
    [ -e "$root/.complete" ] || fail "no toolchain at $root; run \`make cross-toolchain\` first"
    # The arm64 tools run through qemu-user when the manual pages are generated from them.
    "$here/binfmt.sh" "$TARGET_ARCH"
    KIOSK_CROSS_SOURCE=$(pwd) in_root "$root" "$(pwd)" "$@"
    ;;
  *)
    echo "usage: $0 setup | path | run CMD..." >&2
    exit 2
    ;;
esac
