#!/usr/bin/env bash
# check-binaries.sh DEB ARCH: every ELF file in the package DEB is built for ARCH (readelf's
# machine and program interpreter), has no RPATH or RUNPATH, and names no folder of a
# toolchain or of the build (the Swift runtime is linked in: a panel has no toolchain). It
# prints each executable's machine, interpreter, libraries and the newest glibc symbol
# version it needs, which is what decides the oldest Debian release it runs on.
set -euo pipefail
deb=$1
arch=$2
case "$arch" in
  amd64) machine="Advanced Micro Devices X86-64" interpreter=/lib64/ld-linux-x86-64.so.2 ;;
  arm64) machine="AArch64" interpreter=/lib/ld-linux-aarch64.so.1 ;;
  *)
    echo "check-binaries.sh: no rule for architecture $arch" >&2
    exit 2
    ;;
esac
[ -f "$deb" ] || {
  echo "check-binaries.sh: no package $deb" >&2
  exit 2
}
unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
dpkg-deb -x "$deb" "$unpacked"
# Where a toolchain or a build lives: Debian's swiftlang, swift.org's toolchains, a cross
# sysroot, SwiftPM's build folders.
toolchain_paths='/usr/libexec/swift|/opt/swift|/usr/share/swift|/sysroot|/\.build/|swift-[0-9.]+-RELEASE'
failures=0
checked=0
while IFS= read -r -d '' file; do
  head -c4 "$file" | grep -q $'\x7fELF' || continue
  checked=$((checked + 1))
  name=${file#"$unpacked"}
  header=$(readelf -h "$file")
  found_machine=$(echo "$header" | sed -n 's/^ *Machine: *//p')
  found_interpreter=$(readelf -l "$file" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
  dynamic=$(readelf -d "$file")
  needed=$(echo "$dynamic" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
  glibc=$(readelf -V "$file" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
  echo "$name: $found_machine, ${found_interpreter:-no interpreter}, needs $glibc; $needed"
  if [ "$found_machine" != "$machine" ]; then
    echo "  FAIL: built for $found_machine, not $machine ($arch)"
    failures=$((failures + 1))
  fi
  if [ -n "$found_interpreter" ] && [ "$found_interpreter" != "$interpreter" ]; then
    echo "  FAIL: program interpreter $found_interpreter, not $interpreter"
    failures=$((failures + 1))
  fi
  if echo "$dynamic" | grep -qE '\((RPATH|RUNPATH)\)'; then
    echo "  FAIL: $(echo "$dynamic" | grep -E '\((RPATH|RUNPATH)\)' | sed 's/^ *//')"
    failures=$((failures + 1))
  fi
  if paths=$(strings -n 6 "$file" | grep -E "$toolchain_paths" | sort -u | head -5) && [ -n "$paths" ]; then
    echo "  FAIL: names a toolchain or build folder:"
    echo "$paths" | sed 's/^/    /'
    failures=$((failures + 1))
  fi
done < <(find "$unpacked" -type f -print0)
if [ "$checked" = 0 ]; then
  echo "check-binaries.sh: no ELF file in $deb" >&2
  exit 1
fi
if [ "$failures" != 0 ]; then
  echo "check-binaries.sh: $failures problems in $checked binaries of $deb" >&2
  exit 1
fi
echo "check-binaries.sh: $checked binaries of $deb are $arch, with no RPATH and no toolchain path"
