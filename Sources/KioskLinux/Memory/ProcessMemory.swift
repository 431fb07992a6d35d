internal import CLinux
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

  /// Bytes the C heap has handed out and not had back (glibc's `mallinfo2`): what the
  /// process keeps, without the free memory the allocator holds on to between allocations
  /// (which the resident set counts, and which grows with churn, not with what is kept).
  package static func heapBytesInUse() -> Int { Int(kiosk_heap_bytes_in_use()) }

  /// The anonymous part of the resident set in bytes (resident minus shared, file-backed
  /// pages: heap, stacks, buffers; not the fonts and libraries mapped from files); nil
  /// where /proc is missing.
  package static func anonymousResidentBytes(root: String = "/") -> Int? {
    guard let text = readText(MemoryFiles(root: root).path("proc/self/statm")) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count >= 3, let resident = Int(fields[1]), let shared = Int(fields[2]) else {
      return nil
    }
    return (resident - shared) * sysconf(Int32(_SC_PAGESIZE))
  }
}
