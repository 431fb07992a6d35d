#!/bin/sh
# binfmt.sh ARCH: makes this machine run ARCH's programs through qemu-user, as the arm64
# tools need (the cross build's manual pages, the arm64 root's maintainer scripts, the
# reference screens drawn in a chroot of that root): mounts binfmt_misc if a fresh machine
# has not, registers qemu-user for ARCH (binfmt-support, or the qemu-user-static's own
# binfmt.d file), and checks the result with arch-test. Nothing to do for the machine's own
# architecture. Run as root; the registration lasts until the machine restarts.
set -eu
arch=$1
[ "$arch" = "$(dpkg --print-architecture)" ] && exit 0
qemu=$(case $arch in arm64) echo aarch64 ;; *) echo "$arch" ;; esac)
fail() {
    echo "binfmt.sh: $*" >&2
    exit 1
}
command -v arch-test >/dev/null && [ -x "/usr/bin/qemu-$qemu-static" ] \
    || fail "qemu-user-static, binfmt-support and arch-test are missing (\`make test-deps\` installs them)"
if [ ! -e /proc/sys/fs/binfmt_misc/status ]; then
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc \
        || fail "cannot mount binfmt_misc on /proc/sys/fs/binfmt_misc: $arch programs need qemu-user through it"
fi
if ! arch-test "$arch" >/dev/null 2>&1; then
    if command -v update-binfmts >/dev/null; then
        update-binfmts --enable "qemu-$qemu" >/dev/null 2>&1 || true
    fi
    if ! arch-test "$arch" >/dev/null 2>&1 && [ -f "/usr/lib/binfmt.d/qemu-$qemu.conf" ]; then
        cat "/usr/lib/binfmt.d/qemu-$qemu.conf" >/proc/sys/fs/binfmt_misc/register 2>/dev/null || true
    fi
    arch-test "$arch" >/dev/null 2>&1 \
        || fail "this machine cannot run $arch programs (arch-test $arch fails): register qemu-$qemu in /proc/sys/fs/binfmt_misc"
fi
