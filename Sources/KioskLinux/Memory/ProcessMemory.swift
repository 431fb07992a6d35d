import Glibc

/// The memory of this process, as the kernel counts it.
package enum ProcessMemory {
  /// The resident set size in bytes (resident pages of /proc/self/statm × the page size);
  /// nil where /proc is missing.
  package static func residentBytes(root: String = "/") -> Int? {
    guard let text = readText(MemoryFiles(root: root).path("proc/self/statm")) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
    return pages * sysconf(Int32(_SC_PAGESIZE))
  }
}
