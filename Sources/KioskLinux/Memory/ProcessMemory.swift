internal import CLinux
import Glibc

/// The memory of this process, as the kernel counts it.
public enum ProcessMemory {
  /// The resident set size in bytes (resident pages of /proc/self/statm × the page size);
  /// nil where /proc is missing.
  public static func residentBytes(root: String = "/") -> Int? {
    guard let text = readText(MemoryFiles(root: root).path("proc/self/statm")) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
    return pages * sysconf(Int32(_SC_PAGESIZE))
  }

  /// Gives free heap memory back to the kernel (glibc's `malloc_trim(0)`): freed pages stay
  /// with the process otherwise, and RSS would not fall. Returns whether any was released.
  @discardableResult
  public static func trimMallocHeap() -> Bool {
    kiosk_malloc_trim() == 1
  }
}
