#!/bin/sh
# Follows the README's "Your first app" to the letter, as a new user would: `swift package
# init`, the manifest and the app's code copied out of the README (the manifest's
# by-path line instead of its by-URL one, its path pointed at this checkout), the test it
# links to with its golden, then the README's commands: build, run on the virtual
# framebuffer writing PNGs, test. Any step that fails fails `make test-examples`. (The path
# is the checkout's own, not a link to it named ../KioskKit: SwiftPM keys a package's build
# by its path, and the examples' build of KioskKit is then used as it is instead of being
# built again.)
#
# Usage: Tests/follow-readme-first-app.sh SCRATCH_PATH (the examples' build folder, so
# KioskKit itself is not built again).
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=${1:?usage: $0 SCRATCH_PATH}
swift=${SWIFT:-swift}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

# The Swift code block of the README that contains $1.
swift_block() {
  awk -v marker="$1" '
    $0 == "```swift" { inside = 1; block = ""; next }
    inside && $0 == "```" {
      inside = 0
      if (index(block, marker) > 0) { printf "%s", block; found = 1; exit }
      next
    }
    inside { block = block $0 "\n" }
    END { if (!found) exit 1 }
  ' "$repo/README.md"
}

mkdir "$work/HelloKiosk"
cd "$work/HelloKiosk"
"$swift" package init --type executable --name HelloKiosk > /dev/null
test -f Sources/HelloKiosk/HelloKiosk.swift || {
  echo "README: swift package init made no Sources/HelloKiosk/HelloKiosk.swift to replace" >&2
  exit 1
}

swift_block 'let package = Package(' |
  sed -e 's|^\( *\)\.package(url:|\1// .package(url:|' \
    -e "s|^\\( *\\)// or: \\(\\.package(name: \"KioskKit\", path: \\)\"../KioskKit\")|\\1\\2\"$repo\")|" \
    > Package.swift
grep -q "^ *\.package(name: \"KioskKit\", path: \"$repo\")" Package.swift || {
  echo "README: the manifest has no by-path line to use" >&2
  exit 1
}
swift_block '@main' > Sources/HelloKiosk/HelloKiosk.swift

# The test the README links to, and the golden it compares with.
mkdir -p Tests/HelloKioskTests
cp "$repo/Examples/HelloKiosk/Tests/HelloKioskTests/HelloKioskTests.swift" Tests/HelloKioskTests/
cp -R "$repo/Examples/HelloKiosk/Tests/HelloKioskTests/Goldens" Tests/HelloKioskTests/

"$swift" build --build-tests --scratch-path "$scratch"
"$swift" run --skip-build --scratch-path "$scratch" HelloKiosk --backend virtual --output out
ls out/*.png > /dev/null 2>&1 || {
  echo "README: swift run HelloKiosk --backend virtual --output out wrote no PNG" >&2
  exit 1
}
"$swift" test --skip-build --scratch-path "$scratch"
echo "README's first app, followed to the letter: built, ran ($(ls out/*.png | wc -l) PNGs), tested"
