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

  /// The VmFlags of the mapping of this process that holds `address` (`/proc/self/smaps`).
  private static func mappingFlags(of address: UnsafeMutableRawPointer) throws -> [String] {
    // Read to its end: String(contentsOfFile:) stops after the first page of a proc file.
    let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
    defer { try? handle.close() }
    let smaps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    let target = UInt(bitPattern: Int(bitPattern: address))
    var inMapping = false
    for line in smaps.split(separator: "\n") {
      let fields = line.split(separator: " ")
      if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
        let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
        inMapping = bounds.count == 2 && bounds[0] <= target && target < bounds[1]
      } else if inMapping, line.hasPrefix("VmFlags:") {
        return fields.dropFirst().map(String.init)
      }
    }
    return []
  }

  /// A buffer that holds frames starts on a huge page's boundary, asks the kernel for huge
  /// pages ("hg" in its mapping's flags) and is zeroed; an ordinary large buffer asks for
  /// nothing, so that what it never draws into stays free.
  @Test func aFrameBufferAsksForHugePages() throws {
    let frame = try PixelBuffer(width: 1920, height: 1080, holdsFrames: true)
    let address = frame.baseAddress
    #expect(Int(bitPattern: address) % PixelMemory.hugePageBytes == 0)
    let bytes = frame.stride * frame.height
    #expect(UnsafeRawBufferPointer(start: address, count: bytes).allSatisfy { $0 == 0 })
    let thp =
      (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8))
      ?? ""
    if thp.contains("[always]") || thp.contains("[madvise]") {
      #expect(try Self.mappingFlags(of: address).contains("hg"))
    }
    frame.fill(.red)
    #expect(frame.pixel(x: 1919, y: 1079) == .red)

    let store = try PixelBuffer(width: 1920, height: 1080)
    #expect(try !Self.mappingFlags(of: store.baseAddress).contains("hg"))
    #expect(try !Self.mappingFlags(of: store.baseAddress).isEmpty)
  }
}
