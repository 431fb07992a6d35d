#!/bin/sh
# Makes a Debian root file system folder for the boot tests (Tests/KioskQEMUTests), from
# Debian packages with mmdebstrap, and points DEST (a symbolic link) at it:
#
#     Tests/QEMU/make-rootfs.sh SUITE ARCH DEST [PACKAGE...]
#     Tests/QEMU/make-rootfs.sh trixie arm64 out/rootfs/trixie-arm64 libpam-systemd xkb-data
#
# The root boots under systemd as PID 1 in QEMU: systemd, udev, dbus, logind's PAM module,
# kmod, Debian's kernel with its modules (the harness takes the kernel and the initramfs's
# modules from here), and busybox-static of the guest's architecture (the initramfs's
# shell), plus the PACKAGEs named: the Makefile passes the package's Depends and
# Recommends, so that `dpkg -i` in the guest finds what `apt install ./kioskkit.deb` would
# have installed on a panel.
#
# The folder is a cache, outside the repository (`make clean` keeps it):
# ${KIOSK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kioskkit}/rootfs/SUITE-ARCH-HASH, HASH
# covering the package list and this script, so that changing either makes a new one (and
# the older ones of the same SUITE-ARCH are removed); DEST, in the build's out/, only
# points at it. It is built as NAME.partial and
# renamed when complete; a .partial left by an interrupted run is removed and rebuilt.
# Run as root (mmdebstrap's root mode: the guest's files must belong to their owners).
set -eu

usage() {
    echo "usage: $0 SUITE ARCH DEST [PACKAGE...]" >&2
    exit 2
}
[ $# -ge 3 ] || usage
suite=$1
arch=$2
link=$3
shift 3
case $arch in
    amd64) kernel=linux-image-amd64 ;;
    arm64) kernel=linux-image-arm64 ;;
    *) echo "make-rootfs: no kernel package known for $arch (amd64 or arm64)" >&2; exit 2 ;;
esac
mirror=${KIOSK_MIRROR:-http://deb.debian.org/debian}

# Sorted and without duplicates, so that the same set always hashes the same.
packages=$(printf '%s\n' systemd systemd-sysv udev dbus libpam-systemd kmod busybox-static \
    "$kernel" "$@" | sed '/^$/d' | sort -u | tr '\n' ' ')
hash=$( { echo "$suite $arch $mirror $packages"; cat "$0"; } | sha256sum | cut -c1-12)
cache=${KIOSK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kioskkit}/rootfs
name=$suite-$arch-$hash
dest=$cache/$name

# DEST names the folder the tests boot; `make clean` removes the link, not the cache.
point() {
    mkdir -p "$(dirname "$link")"
    ln -sfn "$dest" "$link"
    echo "make-rootfs: $link -> $dest"
}
# A foreign architecture's programs run through qemu-user: its maintainer scripts here, and
# the reference screens the boot test draws in a chroot of the root, even when the root
# was made before the machine last restarted (which forgets the registration).
"$(dirname "$0")/../../cross/binfmt.sh" "$arch"
if [ -d "$dest" ]; then
    echo "make-rootfs: $dest is ready ($(du -sh "$dest" | cut -f1))"
    point
    exit 0
fi
if [ -e "$dest.partial" ]; then
    echo "make-rootfs: removing $dest.partial, left by an interrupted run; building it again"
    rm -rf "$dest.partial"
fi

if [ "$(id -u)" != 0 ]; then
    echo "make-rootfs: run as root: the root file system's files must belong to their owners" >&2
    exit 1
fi
# MMDEBSTRAP: another program with mmdebstrap's arguments (Tests/QEMU/make-rootfs-test.sh).
mmdebstrap=${MMDEBSTRAP:-mmdebstrap}
command -v "$mmdebstrap" >/dev/null || {
    echo "make-rootfs: $mmdebstrap is missing (\`make test-deps\` installs mmdebstrap)" >&2; exit 1; }

mkdir -p "$cache"
echo "make-rootfs: building $dest ($suite $arch: $packages); mmdebstrap's output goes to $cache/$name.log"
start=$(date +%s)
# minbase: only Priority: required and apt, then our packages (no Recommends): a panel's
# minimum. Documentation, manual pages, translations and the kernel modules of hardware no
# VM has are left out while building; the dpkg configuration that leaves them out is
# removed at the end, so that the kiosk package installs in the guest as on a panel (with
# its manual pages, which the boot test checks). The kernel's postinst makes no initramfs
# (the harness builds its own): initramfs-tools' kernel hook is left out too.
log=$cache/$name.log
# shellcheck disable=SC2086
if ! "$mmdebstrap" --variant=minbase --architectures="$arch" --include="$(echo $packages | tr ' ' ',')" \
    --aptopt='Acquire::Check-Valid-Until "false"' \
    --aptopt='Acquire::Languages "none"' \
    --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-include=/usr/share/locale/locale.alias' \
    --dpkgopt='path-exclude=/usr/share/lintian/*' \
    --dpkgopt='path-exclude=/etc/kernel/postinst.d/initramfs-tools' \
    --dpkgopt='path-exclude=/usr/lib/modules/*/kernel/sound/*' \
    --dpkgopt='path-exclude=/usr/lib/modules/*/kernel/drivers/net/wireless/*' \
    --dpkgopt='path-exclude=/usr/lib/modules/*/kernel/drivers/media/*' \
    --dpkgopt='path-exclude=/usr/lib/modules/*/kernel/drivers/infiniband/*' \
    --dpkgopt='path-exclude=/usr/lib/modules/*/kernel/drivers/staging/*' \
    --dpkgopt='path-exclude=/usr/lib/modules/*/kernel/drivers/gpu/drm/amd/*' \
    --dpkgopt='path-exclude=/usr/lib/modules/*/kernel/drivers/gpu/drm/nouveau/*' \
    --dpkgopt='path-exclude=/usr/lib/modules/*/kernel/drivers/gpu/drm/i915/*' \
    --dpkgopt='path-exclude=/usr/lib/modules/*/kernel/drivers/gpu/drm/xe/*' \
    --dpkgopt='path-exclude=/usr/lib/modules/*/kernel/drivers/gpu/drm/radeon/*' \
    --customize-hook='rm -f "$1/etc/dpkg/dpkg.cfg.d/99mmdebstrap"' \
    --customize-hook='echo panel > "$1/etc/hostname"' \
    --customize-hook='rm -rf "$1/var/lib/apt/lists"/*_Packages "$1/var/cache/apt"/*.bin' \
    "$suite" "$dest.partial" "$mirror" > "$log" 2>&1; then
    tail -30 "$log" >&2
    # apt's own words for a package the suite does not have, among mmdebstrap's output.
    missing=$(sed -n -e 's/.*Unable to locate package \([^ ]*\).*/\1/p' \
        -e "s/.*Package '\{0,1\}\([^ ']*\)'\{0,1\} has no installation candidate.*/\1/p" "$log" | sort -u | tr '\n' ' ')
    if [ -n "$missing" ]; then
        echo "make-rootfs: not in Debian $suite for $arch: $missing" >&2
    elif grep -q -e "Failed to fetch" -e "Could not resolve" -e "Unable to connect" "$log"; then
        echo "make-rootfs: cannot download from $mirror (see $log)" >&2
    fi
    echo "make-rootfs: mmdebstrap failed (its output: $log); $dest.partial is left for a" \
        "look and is removed by the next run" >&2
    exit 1
fi
rm -f "$log"
ls "$dest.partial"/boot/vmlinuz-* >/dev/null 2>&1 || {
    echo "make-rootfs: $dest.partial has no kernel in /boot" >&2; exit 1; }
mv "$dest.partial" "$dest"
# Older roots of the same suite and architecture (another package list or script).
for stale in "$cache/$suite-$arch-"*; do
    [ "$stale" = "$dest" ] || [ ! -e "$stale" ] || { echo "make-rootfs: removing $stale"; rm -rf "$stale"; }
done
echo "make-rootfs: built in $(( $(date +%s) - start )) s, $(du -sh "$dest" | cut -f1)"
point
