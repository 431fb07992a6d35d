import Glibc
import KioskControl

/// Why the control socket could not be opened.
struct ControlSocketError: Error, CustomStringConvertible {
  let description: String

  init(_ call: String, path: String, errno code: Int32 = errno) {
    description = "\(call) \(path): \(String(cString: strerror(code)))"
  }

  init(message: String) {
    description = message
  }
}

/// The unix-socket calls of the control interface, wrapped once.
enum ControlSocket {
  /// The longest socket path the kernel takes (`ControlSocketAddress`).
  static let maximumPathLength = ControlSocketAddress.maximumPathLength

  /// Connections the kernel holds for the app before it accepts them: as many as it serves
  /// at once (`ControlServer.defaultMaximumConnections`), so that a burst of clients while
  /// the main queue draws a frame waits in connect() instead of being turned away. Past
  /// it a client's connect() waits for room (kioskctl: within its deadline).
  static let listenBacklog: Int32 = 64

  /// A listening, non-blocking socket at `path`, mode 0600, or 0660 and owned by `group`
  /// when one is given (its members may use kioskctl too). A socket file left by a process
  /// that is gone is replaced; a live one, or a file that is not a socket, is left alone
  /// and reported. An unknown group is an error: the socket is not opened at all rather
  /// than opened to fewer people than the configuration says.
  static func listen(at path: String, group: String? = nil) throws(ControlSocketError) -> Int32 {
    var groupID: gid_t?
    if let group {
      guard let entry = getgrnam(group) else {
        throw ControlSocketError(message: "control group \"\(group)\" does not exist")
      }
      groupID = entry.pointee.gr_gid
    }
    guard let address = ControlSocketAddress(path: path), !path.isEmpty else {
      throw ControlSocketError(
        message: "control socket path must be 1 to \(maximumPathLength) bytes: \(path)")
    }
    var info = stat()
    if lstat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFSOCK else {
        throw ControlSocketError(message: "\(path) exists and is not a socket; not replacing it")
      }
      if let probe = try? connect(to: path) {
        Glibc.close(probe)
        throw ControlSocketError(message: "another process answers on \(path)")
      }
      unlink(path)
    }
    let fd = socket(
      AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw ControlSocketError("socket for", path: path) }
    // The file gets its mode as bind() makes it, through the umask: a chmod by path after it
    // would follow a symlink swapped in meanwhile. (The umask is the process's; nothing else
    // creates files while the runtime starts its services on the main thread.)
    let mode: mode_t = groupID == nil ? 0o600 : 0o660
    let savedMask = umask(0o777 & ~mode)
    let bound = address.withSocketAddress { bind(fd, $0, $1) }
    umask(savedMask)
    guard bound == 0 else {
      let code = errno
      Glibc.close(fd)
      throw ControlSocketError("bind", path: path, errno: code)
    }
    // The group before listen(), so nobody connects before it is right; lchown does not
    // follow a symlink.
    guard groupID.map({ lchown(path, uid_t.max, $0) == 0 }) ?? true,
      Glibc.listen(fd, listenBacklog) == 0
    else {
      let code = errno
      Glibc.close(fd)
      unlink(path)
      throw ControlSocketError("listen on", path: path, errno: code)
    }
    return fd
  }

  /// A blocking client socket connected to `path`.
  static func connect(to path: String) throws(ControlSocketError) -> Int32 {
    guard let address = ControlSocketAddress(path: path) else {
      throw ControlSocketError(message: "socket path too long: \(path)")
    }
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw ControlSocketError("socket for", path: path) }
    let result = address.withSocketAddress { Glibc.connect(fd, $0, $1) }
    guard result == 0 else {
      let code = errno
      Glibc.close(fd)
      throw ControlSocketError("connect to", path: path, errno: code)
    }
    return fd
  }
}
