#!/bin/sh
# The examples built against prebuilt KioskKit, as the README's "Build KioskKit once" says:
# `make prebuilt` into a prefix of the test's own (no root needed), each example's manifest
# naming the prebuilt package with the README's line instead of the checkout,
# PKG_CONFIG_PATH pointed at the prefix's pkg-config folder. Each example builds in a fresh folder without compiling any of
# KioskKit (checked: no KioskUI module in its build), runs its tests, and a release build
# with the Swift runtime linked in runs on the virtual framebuffer. Prints the build times.
#
# Usage: Tests/examples-on-prebuilt.sh (from `make test-examples`).
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
prefix=$repo/.build/prebuilt-test
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

started=$(date +%s)
SWIFT=$swift "$repo/prebuilt/build.sh" "$prefix" "$work/stage"
rm -rf "$prefix"
mkdir -p "$prefix"
cp -r "$work/stage/." "$prefix/"
echo "examples-on-prebuilt: make prebuilt took $(($(date +%s) - started)) s"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"

# The README's line, with the Makefile's default PREFIX (/usr/local) replaced by the test's.
grep -q '^PREFIX ?= /usr/local$' "$repo/Makefile" || {
  echo "examples-on-prebuilt: the Makefile's PREFIX is not /usr/local, as the README says" >&2
  exit 1
}
readme_line=$(grep -o '\.package(path: "/usr/local/share/kioskkit/KioskKit")' "$repo/README.md") || {
  echo "examples-on-prebuilt: the README names no prebuilt package by path" >&2
  exit 1
}
dependency=$(echo "$readme_line" | sed "s|/usr/local|$prefix|")

for example in HelloKiosk CheckIn; do
  cp -r "$repo/Examples/$example" "$work/$example"
  cd "$work/$example"
  rm -rf .build
  sed -i "s|\.package(name: \"KioskKit\", path: \"../..\")|$dependency|" Package.swift
  grep -qF "$dependency" Package.swift || {
    echo "examples-on-prebuilt: $example's manifest does not name KioskKit by path ../.." >&2
    exit 1
  }
  started=$(date +%s)
  "$swift" build --build-tests
  echo "examples-on-prebuilt: $example built with its tests in $(($(date +%s) - started)) s"
  if find .build -name KioskUI.swiftmodule | grep -q .; then
    echo "examples-on-prebuilt: $example compiled KioskKit's modules itself" >&2
    exit 1
  fi
  "$swift" test --skip-build
  cd "$repo"
done

# A panel's build: release, the Swift runtime linked in; it runs and writes its screen.
cd "$work/HelloKiosk"
"$swift" build -c release --static-swift-stdlib
binary=$("$swift" build -c release --static-swift-stdlib --show-bin-path)/HelloKiosk
if ldd "$binary" | grep -q libswiftCore; then
  echo "examples-on-prebuilt: the release build links the shared Swift runtime" >&2
  exit 1
fi
"$binary" --backend virtual --output "$work/out"
test -s "$work/out/screen-01.png" || {
  echo "examples-on-prebuilt: the release build wrote no screen" >&2
  exit 1
}
echo "examples-on-prebuilt: passed"
