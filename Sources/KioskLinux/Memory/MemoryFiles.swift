import Glibc

/// The kernel files memory watching reads, under a root folder (`/` on a device; tests
/// build a fake `/proc` and `/sys/fs/cgroup` in a temporary folder).
struct MemoryFiles {
  /// The folder that stands for `/`.
  let root: String

  /// A path under the root, e.g. `path("proc/meminfo")`.
  func path(_ relative: String) -> String {
    (root.hasSuffix("/") ? root : root + "/") + relative
  }

  /// The process's cgroup v2 path (`/system.slice/kiosk.service`), from the `0::/path` line
  /// of /proc/self/cgroup; nil without cgroup v2.
  var cgroupPath: String? {
    guard let text = readText(path("proc/self/cgroup")) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("0::") {
      return String(line.dropFirst(3))
    }
    return nil
  }

  /// Where the process's cgroup folder may be: under /sys/fs/cgroup (the unified layout)
  /// or /sys/fs/cgroup/unified (systemd's hybrid layout, where cgroup v2 sits beside v1).
  func cgroupFolders(for cgroup: String) -> [String] {
    let relative = cgroup.hasPrefix("/") ? String(cgroup.dropFirst()) : cgroup
    return ["sys/fs/cgroup/", "sys/fs/cgroup/unified/"].map {
      var folder = path($0 + relative)
      while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
      return folder
    }
  }

  /// The first of the cgroup's folders that holds `name`, with the file's path.
  func cgroupFile(_ name: String, of cgroup: String) -> String? {
    cgroupFolders(for: cgroup).map { $0 + "/" + name }.first { access($0, F_OK) == 0 }
  }

  /// The cgroup whose memory limit bounds the process: `cgroup` itself or the nearest
  /// ancestor with a `memory.high` or `memory.max` other than `max`, with that limit's
  /// name and value in bytes; nil when none has one. A service with `PAMName=` runs in a
  /// logind session scope, which has no limit of its own, under the user's slice, which
  /// may; the kernel counts `high` events in the memory.events of the cgroup whose limit
  /// was crossed, not in those below it.
  func limitingCgroup(from cgroup: String) -> (cgroup: String, limit: String, bytes: Int)? {
    var components = cgroup.split(separator: "/")
    while !components.isEmpty {
      let candidate = "/" + components.joined(separator: "/")
      for limit in ["memory.high", "memory.max"] {
        if let file = cgroupFile(limit, of: candidate), let text = readText(file),
          let bytes = text.split(whereSeparator: \.isWhitespace).first.flatMap({ Int($0) })
        {
          return (candidate, limit, bytes)
        }
      }
      components.removeLast()
    }
    return nil
  }

  /// The system-wide PSI file.
  var systemPressure: String { path("proc/pressure/memory") }

  /// /proc/meminfo.
  var meminfo: String { path("proc/meminfo") }

  /// `MemAvailable` of /proc/meminfo in MB (the kernel's estimate of what can be had
  /// without swapping); nil when the file or the line is missing (kernels before 3.14).
  var memAvailableMegabytes: Int? {
    guard let text = readText(meminfo),
      let kilobytes = Self.value(named: "MemAvailable:", in: text)
    else { return nil }
    return kilobytes / 1024
  }

  /// The number on the line that starts with `name` (`high 3` of memory.events,
  /// `MemAvailable:   812340 kB` of /proc/meminfo).
  static func value(named name: String, in text: String) -> Int? {
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      if words.count >= 2, words[0] == name { return Int(words[1]) }
    }
    return nil
  }
}

/// The whole of a small file (kernel files report no size, so this reads to the end);
/// nil when it cannot be opened or read.
func readText(_ path: String) -> String? {
  let fd = open(path, O_RDONLY | O_CLOEXEC)
  guard fd >= 0 else { return nil }
  defer { close(fd) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR { continue }
    guard count >= 0 else { return nil }
    if count == 0 { break }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return String(decoding: bytes, as: UTF8.self)
}
