import Foundation

/// Where the pixels of a `PixelBuffer` that owns its memory live.
///
/// Large buffers (a frame, a screen-sized backing store) get pages of their own from the
/// kernel, not memory from the C heap, for three reasons that a long-running kiosk meets:
///
/// - **Untouched pages cost nothing.** The kernel hands out zero pages on first touch, so a
///   swap-chain buffer that is never drawn into, or a backing store whose layer draws only
///   part of it, is not resident. From the heap, `calloc` must clear recycled memory and
///   so makes every page resident.
/// - **Freed pixels go straight back.** `munmap` returns them at once, without waiting for
///   a memory warning's `malloc_trim`.
/// - **The heap's layout does not drift.** glibc serves large requests from their own
///   mappings only while they are above its mmap threshold, and raises that threshold to
///   the size of every such mapping that is freed (up to 32 MB). After the first
///   screen-sized buffer was freed, every later one came from the heap: random touches on
///   the demo's Showcase kept 8 MB more after 200,000 touches than after 10,000 with the
///   same buffers alive, because the heap had made all their pages resident.
///
/// Small buffers (an icon, a label) stay on the heap, where a page each would waste more
/// than it saves.
enum PixelMemory {
  /// The smallest buffer that gets pages of its own: glibc's default mmap threshold.
  static let pageMappedMinimumBytes = 128 * 1024

  /// Zeroed memory of `byteCount` bytes and the closure that frees it, or nil when the
  /// system has none to give.
  static func allocateZeroed(byteCount: Int) -> (
    memory: UnsafeMutableRawPointer, release: @Sendable (UnsafeMutableRawPointer) -> Void
  )? {
    if byteCount < pageMappedMinimumBytes {
      guard let memory = calloc(1, byteCount) else { return nil }
      return (memory, { free($0) })
    }
    guard
      let memory = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      memory != UnsafeMutableRawPointer(bitPattern: -1)  // MAP_FAILED
    else { return nil }
    return (memory, { munmap($0, byteCount) })
  }
}
