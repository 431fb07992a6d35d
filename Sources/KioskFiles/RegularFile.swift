import Glibc

/// Reads a whole file that must be a regular file, without ever blocking: it is opened
/// with `O_NONBLOCK` (so a FIFO put where an image or a storyboard was expected is refused
/// at once instead of hanging start-up in `open()`), checked with `fstat` on the open
/// descriptor (no race with a swap between check and open) and read up to a size limit.
public enum RegularFile {
  /// Why a file was not read.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// Nothing is at the path (or a folder on the way is missing).
    case notFound
    /// Something is there but is not a regular file (a FIFO, a device, a folder, a socket).
    case notARegularFile(kind: String)
    /// The file is larger than the limit: `size` bytes when `fstat` said so, nil when it
    /// grew past the limit while being read.
    case tooLarge(size: Int?, limit: Int)
    /// The system refused to open it (permissions, a loop of links…).
    case cannotOpen(String)
    /// The system failed reading it (an I/O error).
    case cannotRead(String)

    /// What went wrong, in words.
    public var description: String {
      switch self {
      case .notFound: "there is no file at this path"
      case .notARegularFile(let kind): "it is \(kind), not a regular file"
      case .tooLarge(let size?, let limit): "it has \(size) bytes; at most \(limit) are read"
      case .tooLarge(nil, let limit): "it has more than \(limit) bytes; at most \(limit) are read"
      case .cannotOpen(let reason): "cannot open it: \(reason)"
      case .cannotRead(let reason): "cannot read it: \(reason)"
      }
    }
  }

  /// The bytes of the file at `path`, which must be a regular file of at most `limit` bytes.
  public static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard fd >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR || path.isEmpty { throw .notFound }
      throw .cannotOpen(String(cString: strerror(code)))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .cannotRead(String(cString: strerror(errno))) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFIFO: throw .notARegularFile(kind: "a FIFO")
    case S_IFDIR: throw .notARegularFile(kind: "a folder")
    case S_IFCHR, S_IFBLK: throw .notARegularFile(kind: "a device")
    case S_IFSOCK: throw .notARegularFile(kind: "a socket")
    default: throw .notARegularFile(kind: "something else")
    }
    guard Int(info.st_size) <= limit else { throw .tooLarge(size: Int(info.st_size), limit: limit) }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var offset = 0
    while true {
      if offset == bytes.count {
        // The file may have grown since fstat: read on, in steps, up to the limit.
        guard bytes.count <= limit else { throw .tooLarge(size: nil, limit: limit) }
        bytes += [UInt8](repeating: 0, count: max(4096, min(bytes.count, limit + 1 - bytes.count)))
      }
      let count = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .cannotRead(String(cString: strerror(errno)))
      }
      if count == 0 { break }
      offset += count
    }
    guard offset <= limit else { throw .tooLarge(size: nil, limit: limit) }
    bytes.removeSubrange(offset...)
    return bytes
  }
}
