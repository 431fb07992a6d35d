import FoundationEssentials
import Glibc

/// A folder of an app's resources (storyboards, images), found by name the way Foundation's
/// `Bundle` finds them on Linux: `Storyboard(name:bundle:)` and `Image(named:in:)` look in
/// one. KioskKit's own type, since `Bundle` is Foundation's and KioskKit does without
/// Foundation (its ICU data would double a program's size); an app that imports Foundation
/// passes a package's resources as `ResourceBundle(path: Bundle.module.bundlePath)`.
public struct ResourceBundle: Hashable, Sendable {
  /// The folder.
  public let bundlePath: String

  /// The folder at `path`; `nil` when there is no folder there (as `Bundle(path:)`).
  public init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
    bundlePath = path
  }

  private init(folder: String) {
    bundlePath = folder
  }

  /// The folder the running program is in, as `Bundle.main` is on Linux.
  public static var main: ResourceBundle {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let bytes = buffer.prefix(max(count, 0)).map { UInt8(bitPattern: $0) }
    let program = String(decoding: bytes, as: UTF8.self)
    let folder = program.lastIndex(of: "/").map { String(program[..<$0]) } ?? "."
    return ResourceBundle(folder: folder.isEmpty ? "/" : folder)
  }

  /// The path of the file `name.ext` (`name` alone when `ext` is `nil` or empty) in the
  /// folder, or in its subfolder `subpath`; `nil` when there is no such file.
  public func path(
    forResource name: String, ofType ext: String?, inDirectory subpath: String? = nil
  )
    -> String?
  {
    let file = ext.map { $0.isEmpty ? name : "\(name).\($0)" } ?? name
    let folder = subpath.map { "\(bundlePath)/\($0)" } ?? bundlePath
    let path = "\(folder)/\(file)"
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return path
  }

  /// `path(forResource:ofType:)` as a file URL.
  public func url(forResource name: String, withExtension ext: String?) -> URL? {
    path(forResource: name, ofType: ext).map { URL(fileURLWithPath: $0) }
  }
}
