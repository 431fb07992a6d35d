internal import CRime
import FoundationEssentials
import Glibc
import KioskBase
import Synchronization

/// Why the Pinyin input method cannot start.
public struct RimeError: Error, CustomStringConvertible {
  /// What went wrong, and what to install or fix.
  public var description: String
}

/// librime, set up once per process: librime keeps its engine, its deployed data and its
/// sessions in process-wide state, so every input method shares this one.
final class RimeEngine: @unchecked Sendable {
  /// The API table librime hands out.
  let api: UnsafeMutablePointer<RimeApi>
  /// The folder librime compiles dictionaries into and keeps what the person typed often.
  let userDataDirectory: String
  /// How long setting librime up and deploying its data took, in seconds.
  let startUpSeconds: Double

  private static let lock = Mutex(())
  nonisolated(unsafe) private static var shared: RimeEngine?

  /// The schema: simplified-character Pinyin, Debian's `rime-data-pinyin-simp`.
  static let schema = "pinyin_simp"

  /// The candidates a page shows: more than librime's default 5, since the bar above the
  /// keys has room for them.
  static let pageSize = 9

  /// The engine of this process, set up (and its data deployed) on first use. The shared
  /// data and the user data directory of the first call stay for the process.
  static func start(sharedDataDirectory: String, userDataDirectory: String) throws -> RimeEngine {
    return try lock.withLock { _ in
      if let shared { return shared }
      let engine = try RimeEngine(shared: sharedDataDirectory, user: userDataDirectory)
      shared = engine
      return engine
    }
  }

  private init(shared: String, user: String) throws {
    self.api = try Self.loadAPI()
    userDataDirectory = user
    do {
      try FileManager.default.createDirectory(
        atPath: user, withIntermediateDirectories: true)
    } catch {
      throw RimeError(
        description: "cannot create librime's user data directory \(user): \(error)")
    }
    guard access(user, W_OK) == 0 else {
      throw RimeError(description: "librime's user data directory \(user) is not writable")
    }
    // A patch librime applies to its default configuration: only the Pinyin schema is
    // deployed (Debian's default list names schemas that are not installed, and librime
    // logs an error for each), with more candidates a page.
    let patch =
      "patch:\n  schema_list:\n    - schema: \(RimeEngine.schema)\n  menu/page_size: \(Self.pageSize)\n"
    try? patch.write(
      toFile: joinedPath(user, "default.custom.yaml"), atomically: true,
      encoding: .utf8)
    let start = Date()
    let names: [String] = [shared, user, "rime.kioskkit", "KioskKit", ""]
    let strings = names.map { strdup($0) }
    defer { for string in strings { free(string) } }
    var traits = RimeTraits()
    traits.data_size = Int32(MemoryLayout<RimeTraits>.size - MemoryLayout<Int32>.size)
    traits.shared_data_dir = UnsafePointer(strings[0])
    traits.user_data_dir = UnsafePointer(strings[1])
    traits.app_name = UnsafePointer(strings[2])
    traits.distribution_name = UnsafePointer(strings[3])
    // Errors only, to standard error (an empty log folder): the journal keeps them with the
    // app's own lines. (librime warns about every optional *.custom.yaml it does not find.)
    traits.min_log_level = 2
    traits.log_dir = UnsafePointer(strings[4])
    api.pointee.setup?(&traits)
    api.pointee.initialize?(&traits)
    // Deploying compiles the schema's dictionary the first time (0.3 s measured with
    // Debian's packages) and checks it afterwards (0.1 s): once a process, on the thread
    // that prepares Pinyin (InputMethodRegistry); the keyboard holds what is typed meanwhile.
    if api.pointee.start_maintenance?(1) != 0 {
      api.pointee.join_maintenance_thread?()
    }
    startUpSeconds = Date().timeIntervalSince(start)
  }

  /// The file librime is loaded from (Debian's `librime1`).
  static let libraryName = "librime.so.1"

  /// Loads librime and asks it for its API table. librime is opened here, the first time a
  /// keyboard switches to Pinyin, rather than linked: linked, it and its C++ dependencies
  /// (Boost, glog, LevelDB, OpenCC, yaml-cpp, ICU and a dozen more) were loaded and
  /// initialised at every start of every app, whether or not anyone types Chinese.
  /// `rime_get_api` is librime's one entry point; every other call goes through the table.
  private static func loadAPI() throws -> UnsafeMutablePointer<RimeApi> {
    guard let library = dlopen(libraryName, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
      throw RimeError(
        description: "cannot load librime (\(reason)): install Debian's librime1 for Pinyin")
    }
    guard let symbol = dlsym(library, "rime_get_api") else {
      throw RimeError(description: "\(libraryName) has no rime_get_api")
    }
    typealias GetAPI = @convention(c) () -> UnsafeMutablePointer<RimeApi>?
    guard let api = unsafeBitCast(symbol, to: GetAPI.self)() else {
      throw RimeError(description: "librime gave no API table (rime_get_api)")
    }
    // The library stays loaded for the process: its engine and sessions live in it.
    return api
  }

  /// Where librime's user data may go when the app names no folder, best first: systemd's
  /// cache directory for a service, the XDG cache, the home folder's cache, a folder of the
  /// user's under /tmp (a system user's home may not exist).
  static func userDataDirectoryCandidates(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> [String] {
    var candidates: [String] = []
    if let cache = environment["CACHE_DIRECTORY"]?.split(separator: ":").first, !cache.isEmpty {
      candidates.append("\(cache)/rime")
    }
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      candidates.append("\(xdg)/kioskkit/rime")
    }
    if let home = environment["HOME"], home.hasPrefix("/"), home != "/" {
      candidates.append("\(home)/.cache/kioskkit/rime")
    }
    candidates.append("/tmp/kioskkit-rime-\(getuid())")
    return candidates
  }

  /// The first of `candidates` that exists or can be made, and can be written.
  static func firstWritableDirectory(_ candidates: [String]) -> String? {
    candidates.first { path in
      (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true))
        != nil && access(path, W_OK) == 0
    }
  }
}
