#!/usr/bin/env python3
"""Extract the uncompressed ELF vmlinux from a bzImage (/boot/vmlinuz-*).

    extract-vmlinux.py /boot/vmlinuz-6.1.0-56-amd64 out/vmlinux

QEMU boots an ELF kernel with a Xen PVH note directly, skipping the BIOS and the
in-guest decompression; under TCG that saves 3.5-5 s a boot. The bzImage holds the
kernel as one compressed stream after the setup code. We look for each compression
magic, decompress from every match (the magic bytes also occur by chance inside the
compressed data) and keep the first result that is an ELF file.
"""

import lzma
import os
import shutil
import subprocess
import sys
import zlib

ELF_MAGIC = b"\x7fELF"


def gunzip(data):
    # A raw deflate stream: the kernel appends the size after the gzip trailer, which
    # the gzip module would read as the start of a second member and reject.
    return zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(data)


def unxz(data):
    # The payload is followed by the rest of the bzImage; decompress only the stream.
    return lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data)


def unlzma(data):
    return lzma.LZMADecompressor(format=lzma.FORMAT_ALONE).decompress(data)


def unzstd(data):
    # Python has no zstd module before 3.14; use the zstd program when it is there.
    if shutil.which("zstd") is None:
        raise OSError("zstd is not installed")
    result = subprocess.run(
        ["zstd", "-d", "-c", "-q"], input=data, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL)
    return result.stdout


FORMATS = [
    ("xz", b"\xfd7zXZ\x00", unxz),
    ("gzip", b"\x1f\x8b\x08", gunzip),
    ("zstd", b"\x28\xb5\x2f\xfd", unzstd),
    ("lzma", b"\x5d\x00\x00\x00", unlzma),
]


def extract(image):
    for name, magic, decompress in FORMATS:
        offset = image.find(magic)
        while offset >= 0:
            try:
                data = decompress(image[offset:])
            except (OSError, EOFError, lzma.LZMAError, zlib.error):
                data = b""
            if data.startswith(ELF_MAGIC):
                return name, offset, data
            offset = image.find(magic, offset + 1)
    return None


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: extract-vmlinux.py BZIMAGE VMLINUX")
    source, target = sys.argv[1], sys.argv[2]
    try:
        with open(source, "rb") as f:
            image = f.read()
    except OSError as error:
        sys.exit(f"extract-vmlinux: cannot read {source}: {error.strerror}")
    if image.startswith(ELF_MAGIC):
        data, how = image, "already an ELF file"
    else:
        found = extract(image)
        if found is None:
            sys.exit(f"extract-vmlinux: no gzip, xz, zstd or lzma kernel found in {source}")
        name, offset, data = found
        how = f"{name} payload at offset {offset}"
    temporary = f"{target}.tmp{os.getpid()}"
    with open(temporary, "wb") as f:
        f.write(data)
    os.replace(temporary, target)
    print(f"extract-vmlinux: {source}: {how} -> {target} ({len(data)} bytes)")


if __name__ == "__main__":
    main()
