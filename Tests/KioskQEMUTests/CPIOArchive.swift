import Foundation

/// An initramfs in the kernel's `newc` cpio format. The kernel unpacks the archive itself
/// and needs nothing but headers, names and data, so we write it here rather than depend
/// on the cpio program.
struct CPIOArchive {
  private(set) var data = Data()
  private var nextInode: UInt32 = 1

  /// Adds a directory (its parents must have been added before it).
  mutating func addDirectory(_ path: String, mode: UInt32 = 0o755) {
    append(path, mode: 0o040000 | mode, contents: Data())
  }

  /// Adds a regular file.
  mutating func addFile(_ path: String, contents: Data, mode: UInt32 = 0o644) {
    append(path, mode: 0o100000 | mode, contents: contents)
  }

  /// Adds a character device node; the kernel creates it while unpacking, so the host
  /// needs no privileges for it.
  mutating func addCharacterDevice(_ path: String, major: UInt32, minor: UInt32) {
    append(path, mode: 0o020000 | 0o600, contents: Data(), device: (major, minor))
  }

  /// The archive with its trailer, ready to be passed to `-initrd`.
  func finished() -> Data {
    var archive = self
    archive.append("TRAILER!!!", mode: 0, contents: Data(), inode: 0)
    return archive.data
  }

  private mutating func append(
    _ path: String, mode: UInt32, contents: Data, device: (UInt32, UInt32) = (0, 0),
    inode: UInt32? = nil
  ) {
    let name = Data(path.utf8) + [0]
    let fields: [UInt32] = [
      inode ?? nextInode, mode, 0, 0, mode & 0o040000 != 0 ? 2 : 1, 0, UInt32(contents.count),
      0, 0, device.0, device.1, UInt32(name.count), 0,
    ]
    nextInode += 1
    var header = "070701"
    for field in fields {
      let hex = String(field, radix: 16, uppercase: true)
      header += String(repeating: "0", count: 8 - hex.count) + hex
    }
    data.append(contentsOf: header.utf8)
    data.append(name)
    padToFourBytes()
    data.append(contents)
    padToFourBytes()
  }

  private mutating func padToFourBytes() {
    data.append(contentsOf: [UInt8](repeating: 0, count: (4 - data.count % 4) % 4))
  }
}
