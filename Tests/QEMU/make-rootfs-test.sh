#!/bin/sh
# Checks make-rootfs.sh's cache without downloading anything: a stand-in for mmdebstrap
# (MMDEBSTRAP) makes a root folder of a few files. A build killed half-way leaves
# NAME.partial, which the next run removes (saying so) before building the folder again;
# a complete folder is used as it is; another package list makes a new folder and removes
# the old one. Run as root, as make-rootfs.sh is (`make test-rootfs-script`).
set -eu
script=$(cd "$(dirname "$0")" && pwd)/make-rootfs.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export KIOSK_CACHE="$work/cache" MMDEBSTRAP="$work/fake-mmdebstrap"

# The stand-in: its last-but-one argument is the folder to make. With FAKE=interrupt it
# kills make-rootfs.sh half-way, as a ^C or a lost CI runner would.
cat > "$MMDEBSTRAP" <<'FAKE'
#!/bin/sh
eval target=\${$(($# - 1))}
echo called >> "$KIOSK_CACHE/../calls"
mkdir -p "$target/boot" "$target/etc"
if [ "${FAKE:-}" = interrupt ]; then
    touch "$target/half-done"
    kill -KILL $PPID
    exit 1
fi
touch "$target/boot/vmlinuz-6.12.0-test" "$target/etc/os-release"
FAKE
chmod +x "$MMDEBSTRAP"

fail() { echo "make-rootfs-test: FAILED: $*" >&2; exit 1; }
calls() { wc -l < "$work/calls" 2>/dev/null || echo 0; }

FAKE=interrupt "$script" trixie amd64 "$work/link" some-package > "$work/out1" 2>&1 || true
partial=$(ls -d "$KIOSK_CACHE"/rootfs/trixie-amd64-*.partial 2>/dev/null) \
    || fail "no .partial after an interrupted build: $(cat "$work/out1")"
[ -e "$partial/half-done" ] || fail "the .partial is not the interrupted one"
[ ! -e "$work/link" ] || fail "the link points at an unfinished folder"

"$script" trixie amd64 "$work/link" some-package > "$work/out2" 2>&1 \
    || fail "the build after the interruption failed: $(cat "$work/out2")"
grep -q "removing $partial, left by an interrupted run" "$work/out2" \
    || fail "no word of the removed .partial: $(cat "$work/out2")"
folder=${partial%.partial}
[ -d "$folder" ] && [ ! -e "$partial" ] && [ ! -e "$folder/half-done" ] \
    || fail "not rebuilt from scratch: $(ls -a "$KIOSK_CACHE/rootfs" "$folder")"
[ "$(readlink "$work/link")" = "$folder" ] || fail "the link points at $(readlink "$work/link")"

"$script" trixie amd64 "$work/link" some-package > "$work/out3" 2>&1 || fail "$(cat "$work/out3")"
[ "$(calls)" = 2 ] || fail "a complete folder was built again ($(calls) builds)"
grep -q "is ready" "$work/out3" || fail "$(cat "$work/out3")"

"$script" trixie amd64 "$work/link" other-package > "$work/out4" 2>&1 || fail "$(cat "$work/out4")"
[ ! -e "$folder" ] || fail "the folder of the old package list is still there"
[ "$(ls "$KIOSK_CACHE/rootfs" | wc -l)" = 1 ] || fail "$(ls "$KIOSK_CACHE/rootfs")"
echo "make-rootfs-test: an interrupted build is removed and built again, a complete one is kept, a stale one removed"
