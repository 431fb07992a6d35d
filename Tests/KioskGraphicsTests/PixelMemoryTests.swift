import Foundation
import Testing

@testable import KioskGraphics

/// Where pixel buffers get their memory: a large one has pages of its own, so the pages
/// it never draws into cost nothing, whatever was allocated and freed before it.
struct PixelMemoryTests {
  /// How many of the pages from `start` for `byteCount` bytes are resident (`mincore`).
  private static func residentPages(_ start: UnsafeMutableRawPointer, byteCount: Int) -> Int {
    let page = sysconf(Int32(_SC_PAGESIZE))
    // mincore takes whole pages: from the page the buffer starts in.
    let offset = Int(bitPattern: start) % page
    let length = offset + byteCount
    var flags = [UInt8](repeating: 0, count: (length + page - 1) / page)
    guard mincore(start - offset, length, &flags) == 0 else { return -1 }
    return flags.count { $0 & 1 != 0 }
  }

  /// glibc raises its mmap threshold to the size of each large block freed, after which
  /// `calloc` served screen-sized buffers from the heap and cleared them, making every page
  /// resident. A buffer made after a larger one was freed must still cost only what is
  /// drawn into it.
  @Test func aLargeBufferCostsOnlyThePagesDrawnIntoIt() throws {
    do { _ = try PixelBuffer(width: 4096, height: 1024) }  // 16 MB made and freed
    // Heap memory that was used and freed, as a running app has plenty of.
    let used = try #require(malloc(12 << 20))
    memset(used, 1, 12 << 20)
    free(used)
    let buffer = try PixelBuffer(width: 1920, height: 1080)
    let start = buffer.baseAddress
    #expect(Self.residentPages(start, byteCount: buffer.byteCount) == 0)
    buffer.fill(.white, in: PixelRect(x: 0, y: 0, width: 1920, height: 16))
    let drawn = Self.residentPages(start, byteCount: buffer.byteCount)
    let page = sysconf(Int32(_SC_PAGESIZE))
    #expect(drawn > 0 && drawn <= (16 * buffer.stride + page - 1) / page + 2)
    // Zeroed, as a small buffer is: transparent where nothing was drawn.
    #expect(buffer.rawPixel(x: 100, y: 500) == 0 && buffer.rawPixel(x: 100, y: 8) != 0)
  }
}
