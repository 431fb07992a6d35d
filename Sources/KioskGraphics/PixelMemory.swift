import FoundationEssentials
import Glibc

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
///
/// Buffers that hold whole frames (an output's buffers, the compositor's frame) ask for the
/// kernel's huge pages (`madvise(MADV_HUGEPAGE)`, 2 MB aligned): every pixel of them is
/// written again and again, and 2 MB pages take a 1080p frame's first touch from about
/// 2,000 page faults to 4 and its frames' TLB misses with them (the reference scene's full
/// frame: 429–501 µs instead of 463–672 in five alternating runs on a busy 2-core host,
/// the highlight frame unchanged). Other large buffers keep small pages: a backing store
/// drawn only in part would be made resident 2 MB at a time, and a huge page allocated
/// while the app runs may wait for the kernel to compact memory.
enum PixelMemory {
  /// The smallest buffer that gets pages of its own: glibc's default mmap threshold.
  static let pageMappedMinimumBytes = 128 * 1024

  /// Zeroed memory of `byteCount` bytes and the closure that frees it, or nil when the
  /// system has none to give.
  static func allocateZeroed(byteCount: Int, holdsFrames: Bool = false) -> (
    memory: UnsafeMutableRawPointer, release: @Sendable (UnsafeMutableRawPointer) -> Void
  )? {
    if byteCount < pageMappedMinimumBytes {
      guard let memory = calloc(1, byteCount) else { return nil }
      return (memory, { free($0) })
    }
    if holdsFrames && byteCount >= hugePageBytes {
      return allocateHugePageAligned(byteCount: byteCount)
    }
    guard
      let memory = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      memory != UnsafeMutableRawPointer(bitPattern: -1)  // MAP_FAILED
    else { return nil }
    return (memory, { munmap($0, byteCount) })
  }

  /// The size of the kernel's huge pages on x86-64 and on arm64 with 4 KB pages.
  static let hugePageBytes = 2 << 20

  /// Pages of their own starting on a huge page's boundary, with the kernel asked to back
  /// them with huge pages (it may not: transparent huge pages turned off, or none free;
  /// then they are ordinary pages). The mapping is a huge page larger than asked, for the
  /// alignment; its spare part is never touched, so never resident.
  private static func allocateHugePageAligned(byteCount: Int) -> (
    memory: UnsafeMutableRawPointer, release: @Sendable (UnsafeMutableRawPointer) -> Void
  )? {
    let mappedBytes = byteCount + hugePageBytes
    guard
      let mapped = mmap(
        nil, mappedBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      mapped != UnsafeMutableRawPointer(bitPattern: -1)  // MAP_FAILED
    else { return nil }
    let base = Int(bitPattern: mapped)
    let aligned = (base + hugePageBytes - 1) & ~(hugePageBytes - 1)
    guard let memory = UnsafeMutableRawPointer(bitPattern: aligned) else { return nil }
    // A refusal (EINVAL where the kernel has no huge pages) leaves ordinary pages.
    _ = madvise(memory, byteCount, MADV_HUGEPAGE)
    return (memory, { _ in munmap(UnsafeMutableRawPointer(bitPattern: base), mappedBytes) })
  }
}
