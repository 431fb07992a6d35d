#!/usr/bin/env bash
# KioskKit compiled once for every app on this machine: `make prebuilt` runs this, then
# copies what it made into PREFIX (/usr/local unless given).
#
#   prebuilt/build.sh PREFIX STAGE
#
# Why: an app that names KioskKit by URL or path compiles all of KioskKit and its packages
# in its own build folder, 66 of the 70 s of its first build on 2 cores (README, "Build
# times"). Against the prebuilt package an app compiles its own files only.
#
# What it makes, in STAGE, laid out as it goes into PREFIX:
#   share/kioskkit/KioskKit/           a package named KioskKit, which an app names by path
#                                      in place of the URL: products KioskKit and KioskTesting
#     lib/libKioskKitPrebuilt.a        every object of KioskKit, KioskTesting and the packages
#                                      they use, compiled for release (Package.swift's
#                                      KioskKitPrebuilt: the objects `make deb` compiles)
#     modules/                         their Swift modules, as this compiler wrote them
#     include/                         the C modules' headers
#     Sources/KioskKitModules/         a system library: a module map of those C modules,
#                                      and pkg-config's kioskkit-prebuilt
#     Sources/KioskKitLink/            a Swift target with nothing but the linker's flags
#   lib/pkgconfig/kioskkit-prebuilt.pc the compiler's flags: the modules' folder and the C
#                                      headers' folders
#
# How it works: SwiftPM gives the flags of a system library's pkg-config file (here -I,
# which swiftc searches for Swift modules as well as C headers) and its module map to every
# target that depends on it, directly or not: the app's own files then import the prebuilt
# KioskKit module itself. The archive is linked whole (--whole-archive): Swift finds
# protocol conformances and type metadata in sections of the linked objects, and an object
# no symbol pulled in would take its conformances with it.
#
# Swift modules are tied to the compiler that wrote them: an app must be built with the same
# Swift (another fails with "module compiled with Swift X cannot be imported by the Swift Y
# compiler"); run `make prebuilt` again after changing Swift or KioskKit.
set -euo pipefail

cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
PREFIX=${1:?usage: prebuilt/build.sh PREFIX STAGE}
STAGE=${2:?usage: prebuilt/build.sh PREFIX STAGE}
# The package's build folder and flags (debian/rules): the objects are compiled once for both.
SCRATCH=${KIOSK_PREBUILT_SCRATCH:-.build/deb}
BUILD_FLAGS=(-c release --static-swift-stdlib --disable-local-rpath --scratch-path "$SCRATCH")

echo "prebuilt: compiling KioskKit and KioskTesting for release in $SCRATCH"
"$SWIFT" build "${BUILD_FLAGS[@]}" --product KioskKitPrebuilt
BIN=$("$SWIFT" build "${BUILD_FLAGS[@]}" --show-bin-path)

PACKAGE=share/kioskkit/KioskKit
HERE=$STAGE/$PACKAGE
THERE=$PREFIX/$PACKAGE
rm -rf "$STAGE"
mkdir -p "$HERE/lib" "$HERE/modules" "$HERE/include" "$HERE/Sources/KioskKitModules" \
  "$HERE/Sources/KioskKitLink" "$STAGE/lib/pkgconfig"
cp "$BIN/libKioskKitPrebuilt.a" "$HERE/lib/"
cp "$BIN"/Modules/*.swiftmodule "$BIN"/Modules/*.swiftdoc "$HERE/modules/"

# The C modules the Swift modules import: Package.swift's system libraries (a shim header
# each) and C targets (their include folder, as SwiftPM's umbrella), and swift-atomics'
# shims. One module map names them all, with the headers where they are installed.
map=$HERE/Sources/KioskKitModules/module.modulemap
{
  printf '// The C modules that the prebuilt Swift modules import (prebuilt/build.sh).\n'
  printf 'module KioskKitModules [system] {\n  export *\n}\n'
} >"$map"
for dir in Sources/C*/; do
  name=$(basename "$dir")
  mkdir -p "$HERE/include/$name"
  if [ -f "$dir/module.modulemap" ]; then
    cp "$dir"/*.h "$HERE/include/$name/"
    printf 'module %s [system] {\n  header "%s/include/%s/shim.h"\n' "$name" "$THERE" "$name"
    sed -n 's/^ *\(link "[^"]*"\).*/  \1/p' "$dir/module.modulemap"
  else
    cp -r "$dir/include/." "$HERE/include/$name/"
    printf 'module %s {\n  umbrella "%s/include/%s"\n' "$name" "$THERE" "$name"
  fi >>"$map"
  printf '  export *\n}\n' >>"$map"
done
atomics=$SCRATCH/checkouts/swift-atomics/Sources/_AtomicsShims/include
[ -f "$atomics/_AtomicsShims.h" ] || { echo "prebuilt: no $atomics/_AtomicsShims.h" >&2; exit 1; }
mkdir -p "$HERE/include/_AtomicsShims"
cp "$atomics/_AtomicsShims.h" "$HERE/include/_AtomicsShims/"
printf 'module _AtomicsShims {\n  header "%s/include/_AtomicsShims/_AtomicsShims.h"\n  export *\n}\n' \
  "$THERE" >>"$map"

# The compiler's flags, for pkg-config: the Swift modules, and the C libraries' headers.
pkg_config_names=()
while read -r name; do pkg_config_names+=("$name"); done < <(
  sed -n 's/.*pkgConfig: "\([^"]*\)".*/\1/p' Package.swift)
[ ${#pkg_config_names[@]} -gt 0 ] || { echo "prebuilt: no pkgConfig in Package.swift" >&2; exit 1; }
version=$(cat VERSION)
swift_version=$("$SWIFT" --version 2>&1 | sed -n 's/.*Swift version \([^ ]*\).*/\1/p' | head -1)
cat >"$STAGE/lib/pkgconfig/kioskkit-prebuilt.pc" <<EOF
# KioskKit's Swift modules, prebuilt by \`make prebuilt\` with Swift $swift_version.
package=$THERE
Name: kioskkit-prebuilt
Description: KioskKit $version compiled once, for apps built with Swift $swift_version
Version: $version
Cflags: -I\${package}/modules $(pkg-config --cflags-only-I "${pkg_config_names[@]}")
EOF

# The linker's flags: the archive whole, then the libraries its objects name for autolinking
# (the C libraries, and Swift's runtime and Foundation, which a --static-swift-stdlib link
# takes from their archives, in an order that needs a group), and C++'s (toml++).
autolink=$(dirname "$(command -v "$SWIFT")")/swift-autolink-extract
libraries=($("$autolink" "$HERE/lib/libKioskKitPrebuilt.a" -o - | awk '!seen[$0]++') -lstdc++)
# Three of those (CoreFoundation, _FoundationCShims, _FoundationCollections) exist only as
# archives: an app linked against the shared Swift runtime (the default; its debug builds)
# finds them inside libFoundation.so and has no file of that name. Empty archives of ours
# stand in for them there; in a --static-swift-stdlib link the toolchain's archives come
# first, as swiftc names its static folder (-L) before any of these flags.
toolchain_lib=$(dirname "$(dirname "$(readlink -f "$(command -v "$SWIFT")")")")/lib
mkdir -p "$HERE/lib/shared-runtime"
for flag in "${libraries[@]}"; do
  name=${flag#-l}
  if [ -e "$toolchain_lib/swift_static/linux/lib$name.a" ] \
    && [ ! -e "$toolchain_lib/swift/linux/lib$name.so" ]; then
    ar rc "$HERE/lib/shared-runtime/lib$name.a"
  fi
done
link_flags=(--whole-archive "$THERE/lib/libKioskKitPrebuilt.a" --no-whole-archive
  --start-group "${libraries[@]}" --end-group "-L$THERE/lib/shared-runtime")
linker_list() { printf '          "-Xlinker", "%s",\n' "$@"; }
cat >"$HERE/Package.swift" <<EOF
// swift-tools-version: 6.0
// KioskKit $version prebuilt by \`make prebuilt\` (prebuilt/build.sh in KioskKit's checkout
// says how it works), for apps built with Swift $swift_version: name it by path in place of
// KioskKit's URL. Another Swift, or a newer KioskKit, needs \`make prebuilt\` again.
import PackageDescription

let package = Package(
  name: "KioskKit",
  products: [
    .library(name: "KioskKit", targets: ["KioskKitLink"]),
    .library(name: "KioskTesting", targets: ["KioskKitLink"]),
  ],
  targets: [
    .systemLibrary(name: "KioskKitModules", pkgConfig: "kioskkit-prebuilt"),
    .target(
      name: "KioskKitLink", dependencies: ["KioskKitModules"],
      linkerSettings: [
        .unsafeFlags([
$(linker_list "${link_flags[@]}")
        ])
      ]),
  ]
)
EOF
cat >"$HERE/Sources/KioskKitLink/KioskKitLink.swift" <<'EOF'
// Nothing to compile: this target carries the linker's flags for the prebuilt archive.
EOF
echo "prebuilt: made $STAGE for $PREFIX ($(du -sh "$STAGE" | cut -f1))"
