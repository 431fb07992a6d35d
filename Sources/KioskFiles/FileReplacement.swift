import Glibc

/// Writes a whole file so that it either appears complete or not at all: the bytes go to a
/// new temporary file beside it (`O_CREAT | O_EXCL | O_NOFOLLOW`: never an existing file,
/// never through a symbolic link), which is then renamed over the name. A failed write (a
/// full disk) removes the temporary file and leaves whatever was there before.
///
/// What is at the name already must be a regular file, or nothing: a symbolic link, a
/// FIFO, a device or a folder is refused, so a write can be aimed neither through a link
/// (rename would replace the link, not its target, but the caller meant the target) nor
/// at `/dev/null` or `/proc/self/fd/2`, and never blocks opening a FIFO.
public enum FileReplacement {
  /// A file that was not written, and why.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// The file, as the caller named it (a folder and a name joined).
    public var path: String
    /// What went wrong.
    public var reason: String
    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }

    /// A failure to write `path`.
    public init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }
  }

  /// The mode a file is written with unless the caller asks otherwise (less what the
  /// umask takes away): readable by everyone, as an ordinary file.
  public static let defaultPermissions: mode_t = 0o644

  /// The mode of a file only its owner may read: screenshots, which show whatever the
  /// screen showed, are as private as the control socket (0600) that asks for them.
  public static let ownerOnlyPermissions: mode_t = 0o600

  /// Writes `bytes` to `path`, in `path`'s folder, with `permissions` (less the umask).
  public static func write(
    _ bytes: [UInt8], to path: String, permissions: mode_t = defaultPermissions
  ) throws(FileReplacement.Failure) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    try write(bytes, named: name, inFolder: folder, shownAs: path, permissions: permissions)
  }

  /// Writes `bytes` to the file `name` (a name, not a path: no `/`, not `.` or `..`) in
  /// `folder`, with `permissions` (less the umask).
  public static func write(
    _ bytes: [UInt8], named name: String, inFolder folder: String,
    permissions: mode_t = defaultPermissions
  ) throws(FileReplacement.Failure) {
    let shown = folder.hasSuffix("/") ? folder + name : folder + "/" + name
    try write(bytes, named: name, inFolder: folder, shownAs: shown, permissions: permissions)
  }

  /// Why `name` cannot be a file's name in a folder, or nil when it can.
  public static func problem(withName name: String) -> String? {
    if name.isEmpty { return "the name is empty" }
    if name == "." || name == ".." { return "\(name) is not a file name" }
    if name.contains("/") { return "a name has no /" }
    if name.utf8.count > Int(NAME_MAX) { return "the name is longer than \(NAME_MAX) bytes" }
    if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "the name has a control character"
    }
    return nil
  }

  private static func write(
    _ bytes: [UInt8], named name: String, inFolder folder: String, shownAs shown: String,
    permissions: mode_t
  ) throws(FileReplacement.Failure) {
    func failure(_ reason: String) -> Failure { Failure(path: shown, reason: reason) }
    func failure(errno code: Int32) -> Failure { failure(String(cString: strerror(code))) }
    if let problem = problem(withName: name) { throw failure(problem) }
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { throw failure(errno: errno) }
    defer { close(directory) }
    var existing = stat()
    if fstatat(directory, name, &existing, AT_SYMLINK_NOFOLLOW) == 0 {
      let kind = existing.st_mode & S_IFMT
      guard kind == S_IFREG else {
        throw failure(
          kind == S_IFLNK
            ? "it is a symbolic link; give the file it points at"
            : kind == S_IFDIR ? "it is a folder" : "it is not a regular file")
      }
    } else if errno != ENOENT {
      throw failure(errno: errno)
    }
    var temporary = ""
    var file: Int32 = -1
    for _ in 0..<4 where file < 0 {
      // A random part rather than a counter: writers on several threads need no lock.
      temporary = ".\(name.prefix(200)).\(UInt32.random(in: .min ... .max)).partial"
      file = openat(
        directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
      if file < 0 && errno != EEXIST { break }
    }
    guard file >= 0 else { throw failure(errno: errno) }
    var writeError: Int32 = 0
    bytes.withUnsafeBytes { buffer in
      guard let start = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let count = Glibc.write(file, start + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          writeError = errno
          return
        }
        offset += count
      }
    }
    if close(file) != 0, writeError == 0 { writeError = errno }
    if writeError == 0, renameat(directory, temporary, directory, name) != 0 { writeError = errno }
    if writeError != 0 {
      unlinkat(directory, temporary, 0)
      throw failure(errno: writeError)
    }
  }
}
