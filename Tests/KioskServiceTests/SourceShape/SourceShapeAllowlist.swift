/// The files and bodies allowed over `SourceShape`'s limits, each with the reason. A key is
/// a repository-relative path for a file's length, or the path, a space and the body's name
/// as `SourceBodies` gives it (`func name`, `init`, `var name.get`, …) for a body. An entry
/// that no longer excuses anything fails the test, so the list cannot go stale.
enum SourceShapeAllowlist {
  /// Every exception, with why it is one.
  static let entries: [String: String] = [:]
}
