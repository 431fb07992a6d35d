import Glibc
import KioskGraphics
import KioskUI
import Logging
import Testing

@testable import KioskLinux

/// A framebuffer in memory: the whole `smem_len` is ordinary memory, filled with a marker
/// byte so that untouched pixels show; records pans, virtual-height requests and console
/// switches.
@MainActor
final class FakeFBDevice: FBDevice {
  let path = "/dev/fbfake"
  var name = "fakefb"
  var info: FBScreenInfo
  /// Whether `setVirtualHeight` is accepted (drivers with a fixed virtual screen refuse).
  var acceptsVirtualHeight = false
  var pans: [Int] = []
  /// The next pan fails with this errno.
  var panFailure: Int32?
  var calls: [String] = []
  let memory: UnsafeMutableRawPointer
  static let marker: UInt8 = 0x5a

  init(_ info: FBScreenInfo) {
    self.info = info
    memory = UnsafeMutableRawPointer.allocate(byteCount: info.memoryLength, alignment: 64)
    memory.initializeMemory(as: UInt8.self, repeating: Self.marker, count: info.memoryLength)
  }

  isolated deinit {
    memory.deallocate()
  }

  /// A 32-bit XRGB8888 or 16-bit RGB565 framebuffer, `pages` screens tall in memory and
  /// in its virtual resolution.
  static func screen(
    width: Int = 64, height: Int = 48, bitsPerPixel: Int = 32, pages: Int = 1,
    virtualPages: Int? = nil
  ) -> FBScreenInfo {
    let rgb565 = bitsPerPixel == 16
    let line = (width * bitsPerPixel / 8 + 3) & ~3
    return FBScreenInfo(
      xres: width, yres: height, xresVirtual: width, yresVirtual: height * (virtualPages ?? pages),
      bitsPerPixel: bitsPerPixel,
      red: FBBitfield(offset: rgb565 ? 11 : 16, length: rgb565 ? 5 : 8),
      green: FBBitfield(offset: rgb565 ? 5 : 8, length: rgb565 ? 6 : 8),
      blue: FBBitfield(offset: 0, length: rgb565 ? 5 : 8), lineLength: line,
      memoryLength: line * height * pages)
  }

  func screenInfo() throws -> FBScreenInfo { info }

  func setVirtualHeight(_ height: Int) throws -> FBScreenInfo {
    calls.append("setVirtualHeight(\(height))")
    guard acceptsVirtualHeight else { throw FBDevError(call: "FBIOPUT_VSCREENINFO", code: EINVAL) }
    info.yresVirtual = height
    return info
  }

  var blankings: [Bool] = []

  func setBlanked(_ blanked: Bool) throws {
    blankings.append(blanked)
  }

  func pan(yoffset: Int) throws {
    if let code = panFailure {
      panFailure = nil
      throw FBDevError(call: "FBIOPAN_DISPLAY", code: code)
    }
    pans.append(yoffset)
    info.yoffset = yoffset
  }

  func map(length: Int) throws -> UnsafeMutableRawPointer {
    calls.append("map(\(length))")
    return memory
  }

  func unmap(_ memory: UnsafeMutableRawPointer, length: Int) {
    calls.append("unmap(\(length))")
  }

  func setConsoleSuspended(_ suspended: Bool) throws {
    calls.append("setConsoleSuspended(\(suspended))")
  }

  /// How many times `flush` was called.
  var flushes = 0
  /// The next flush fails with this errno.
  var flushFailure: Int32?

  func flush() throws {
    flushes += 1
    if let code = flushFailure {
      flushFailure = nil
      throw FBDevError(call: "fsync", code: code)
    }
  }

  /// The 32-bit value at pixel (x, y) of the virtual screen.
  func pixel32(x: Int, y: Int) -> UInt32 {
    memory.load(fromByteOffset: y * info.lineLength + x * 4, as: UInt32.self)
  }

  /// The 16-bit value at pixel (x, y) of the virtual screen.
  func pixel16(x: Int, y: Int) -> UInt16 {
    memory.load(fromByteOffset: y * info.lineLength + x * 2, as: UInt16.self)
  }

  /// Pixels of the visible-sized page at `row` that still hold the marker.
  func untouchedPixels(pageAt row: Int) -> Int {
    let bytes = info.bitsPerPixel / 8
    var count = 0
    for y in row..<(row + info.yres) {
      for x in 0..<info.xres {
        let offset = y * info.lineLength + x * bytes
        if (0..<bytes).allSatisfy({
          memory.load(fromByteOffset: offset + $0, as: UInt8.self) == Self.marker
        }) {
          count += 1
        }
      }
    }
    return count
  }
}

@MainActor
struct FBDevOutputTests {
  let logger = Logger(label: "test")
  let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))

  private func frame(_ color: Color) throws -> PixelBuffer {
    let buffer = try PixelBuffer(width: 64, height: 48)
    buffer.fill(color)
    return buffer
  }

  @Test func thirtyTwoBitPixelsLandAsXRGB() throws {
    let device = FakeFBDevice(FakeFBDevice.screen())
    let output = try FBDevOutput.open(device: device, logger: logger)
    #expect(output.format == .xrgb8888)
    #expect(output.pixelWidth == 64 && output.pixelHeight == 48)
    #expect(device.calls.contains("setConsoleSuspended(true)"))
    let picture = try frame(.black)
    picture.fill(Color(hex: 0xff8040), in: PixelRect(x: 10, y: 20, width: 1, height: 1))
    try output.present(picture, damage: full, rotation: .degrees0)
    #expect(device.pixel32(x: 10, y: 20) & 0x00ff_ffff == 0x00ff_8040)
    #expect(device.pixel32(x: 11, y: 20) & 0x00ff_ffff == 0)
    #expect(device.untouchedPixels(pageAt: 0) == 0)
    output.shutDown()
    #expect(device.calls.last == "setConsoleSuspended(false)")
  }

  @Test func sixteenBitPixelsArePackedAsRGB565() throws {
    let device = FakeFBDevice(FakeFBDevice.screen(bitsPerPixel: 16))
    let output = try FBDevOutput.open(device: device, logger: logger)
    #expect(output.format == .rgb565)
    let picture = try frame(.black)
    let colors: [(Color, UInt16)] = [
      (Color(red: 1, green: 0, blue: 0), 0xf800), (Color(red: 0, green: 1, blue: 0), 0x07e0),
      (Color(red: 0, green: 0, blue: 1), 0x001f), (Color(red: 1, green: 1, blue: 1), 0xffff),
    ]
    for (i, (color, _)) in colors.enumerated() {
      picture.fill(color, in: PixelRect(x: i, y: 5, width: 1, height: 1))
    }
    try output.present(picture, damage: full, rotation: .degrees0)
    for (i, (_, packed)) in colors.enumerated() {
      #expect(device.pixel16(x: i, y: 5) == packed, "pixel \(i)")
    }
    #expect(device.pixel16(x: 4, y: 5) == 0)
  }

  @Test func onlyDamageIsCopied() throws {
    let device = FakeFBDevice(FakeFBDevice.screen())
    let output = try FBDevOutput.open(device: device, logger: logger)
    #expect(!output.isDoubleBuffered)
    try output.present(try frame(.black), damage: full, rotation: .degrees0)
    #expect(output.lastCopiedPixels == 64 * 48)
    // The next frame is all white, but only a 4×3 rectangle of it is said to have changed.
    try output.present(
      try frame(.white), damage: Region(PixelRect(x: 8, y: 6, width: 4, height: 3)),
      rotation: .degrees0)
    #expect(output.lastCopiedPixels == 12)
    var white = 0
    for y in 0..<48 {
      for x in 0..<64 where device.pixel32(x: x, y: y) & 0x00ff_ffff == 0x00ff_ffff { white += 1 }
    }
    #expect(white == 12)
    #expect(device.pixel32(x: 8, y: 6) & 0x00ff_ffff == 0x00ff_ffff)
    #expect(device.pans.isEmpty)
  }

  /// DRM's fbdev emulation copies written pages to the scanout buffer on a 50 ms timer;
  /// each frame is flushed at once so that it is on screen when the app says it is.
  @Test func eachFrameIsFlushedToTheDisplayOnceDrawn() throws {
    let device = FakeFBDevice(FakeFBDevice.screen())
    let output = try FBDevOutput.open(device: device, logger: logger)
    #expect(device.flushes == 0)
    try output.present(try frame(.black), damage: full, rotation: .degrees0)
    #expect(device.flushes == 1)
    try output.present(
      try frame(.white), damage: Region(PixelRect(x: 0, y: 0, width: 1, height: 1)),
      rotation: .degrees0)
    #expect(device.flushes == 2)
  }

  @Test func aFailedFlushDoesNotFailTheFrame() throws {
    let device = FakeFBDevice(FakeFBDevice.screen())
    let output = try FBDevOutput.open(device: device, logger: logger)
    device.flushFailure = EIO
    try output.present(try frame(.white), damage: full, rotation: .degrees0)
    #expect(device.pixel32(x: 0, y: 0) & 0x00ff_ffff == 0x00ff_ffff)
    #expect(output.framesPresented == 1)
    // The pixels are in the framebuffer: the next frame copies only its own damage.
    try output.present(
      try frame(.black), damage: Region(PixelRect(x: 0, y: 0, width: 2, height: 2)),
      rotation: .degrees0)
    #expect(output.lastCopiedPixels == 4)
  }

  @Test func twoPagesPanToThePageJustDrawn() throws {
    let device = FakeFBDevice(FakeFBDevice.screen(pages: 2))
    let output = try FBDevOutput.open(device: device, logger: logger)
    #expect(output.isDoubleBuffered)
    // The visible page is at row 0: the first frame goes into the hidden page at row 48.
    #expect(output.pageRows == [48, 0])
    try output.present(try frame(.black), damage: full, rotation: .degrees0)
    #expect(device.pans == [48])
    #expect(device.untouchedPixels(pageAt: 0) == 64 * 48)  // the visible page was not drawn on
    let first = Region(PixelRect(x: 0, y: 0, width: 4, height: 4))
    let picture = try frame(.black)
    picture.fill(.white, in: PixelRect(x: 0, y: 0, width: 4, height: 4))
    try output.present(picture, damage: first, rotation: .degrees0)
    #expect(device.pans == [48, 0])
    #expect(output.lastCopiedPixels == 64 * 48)  // the second page was new: copied whole
    // The third frame goes back into the page at row 48, which missed the second frame's
    // damage: it receives both.
    let second = Region(PixelRect(x: 10, y: 10, width: 2, height: 2))
    picture.fill(.white, in: PixelRect(x: 10, y: 10, width: 2, height: 2))
    try output.present(picture, damage: second, rotation: .degrees0)
    #expect(device.pans == [48, 0, 48])
    #expect(output.lastCopiedPixels == 16 + 4)
    #expect(device.pixel32(x: 0, y: 48) & 0x00ff_ffff == 0x00ff_ffff)
    #expect(device.pixel32(x: 10, y: 58) & 0x00ff_ffff == 0x00ff_ffff)
    #expect(device.pixel32(x: 10, y: 10) & 0x00ff_ffff == 0)  // page at row 0: not yet
  }

  @Test func aTallerVirtualScreenIsAskedForWhenTheMemoryHoldsTwoPages() throws {
    let refusing = FakeFBDevice(FakeFBDevice.screen(pages: 2, virtualPages: 1))
    let single = try FBDevOutput.open(device: refusing, logger: logger)
    #expect(refusing.calls.contains("setVirtualHeight(96)"))
    #expect(!single.isDoubleBuffered)
    let accepting = FakeFBDevice(FakeFBDevice.screen(pages: 2, virtualPages: 1))
    accepting.acceptsVirtualHeight = true
    #expect(try FBDevOutput.open(device: accepting, logger: logger).isDoubleBuffered)
  }

  @Test func blankingPowersThePanelDownAndRepaintsOnWaking() throws {
    let device = FakeFBDevice(FakeFBDevice.screen(pages: 1))
    let output = try FBDevOutput.open(device: device, logger: logger)
    var repaints = 0
    output.repaintHandler = { repaints += 1 }
    try output.setBlanked(true)
    #expect(!output.isActive)
    try output.setBlanked(false)
    #expect(output.isActive && repaints == 1 && device.blankings == [true, false])
  }

  @Test func drmEmulatedFramebuffersAreNotPanned() throws {
    // bochs's "bochs-drmdrmfb" accepts FBIOPAN_DISPLAY but keeps scanning out row 0.
    let device = FakeFBDevice(FakeFBDevice.screen(pages: 2))
    device.name = "bochs-drmdrmfb"
    let output = try FBDevOutput.open(device: device, logger: logger)
    #expect(!output.isDoubleBuffered)
    try output.present(try frame(.black), damage: full, rotation: .degrees0)
    #expect(device.pans.isEmpty)
  }

  @Test func onePageWhenTheVirtualScreenIsTooSmall() throws {
    // A virtual screen one and a half pages tall has no room for a second page.
    var info = FakeFBDevice.screen(pages: 2)
    info.yresVirtual = 72
    let device = FakeFBDevice(info)
    let output = try FBDevOutput.open(device: device, logger: logger)
    #expect(!output.isDoubleBuffered)
    #expect(output.pageRows == [0])
    try output.present(try frame(.black), damage: full, rotation: .degrees0)
    try output.present(try frame(.black), damage: full, rotation: .degrees0)
    #expect(device.pans.isEmpty)
    #expect(device.untouchedPixels(pageAt: 0) == 0)
    #expect(device.calls.contains("map(\(64 * 4 * 48))"))
  }

  @Test(arguments: [
    (
      "24-bit", 24, FBBitfield(offset: 16, length: 8), FBBitfield(offset: 8, length: 8),
      FBBitfield(offset: 0, length: 8)
    ),
    (
      "BGR", 32, FBBitfield(offset: 0, length: 8), FBBitfield(offset: 8, length: 8),
      FBBitfield(offset: 16, length: 8)
    ),
    (
      "BGR565", 16, FBBitfield(offset: 0, length: 5), FBBitfield(offset: 5, length: 6),
      FBBitfield(offset: 11, length: 5)
    ),
  ])
  func otherLayoutsAreRefused(
    _ label: String, bits: Int, red: FBBitfield, green: FBBitfield, blue: FBBitfield
  ) throws {
    var info = FakeFBDevice.screen(bitsPerPixel: bits == 24 ? 32 : bits)
    info.bitsPerPixel = bits
    info.red = red
    info.green = green
    info.blue = blue
    let device = FakeFBDevice(info)
    let error = try #require(throws: FBDevSetupError.self, "\(label)") {
      try FBDevOutput.open(device: device, logger: logger)
    }
    #expect(error.description.contains("unsupported pixel layout: \(bits) bits per pixel"))
    #expect(error.description.contains("red \(red), green \(green), blue \(blue)"))
    #expect(!device.calls.contains { $0.hasPrefix("map") })
  }

  @Test func framesTickOnATimer() throws {
    let device = FakeFBDevice(FakeFBDevice.screen())
    let output = try FBDevOutput.open(device: device, logger: logger)
    var ticks: [Double] = []
    output.frameHandler = { ticks.append($0) }
    output.tick(at: 1)
    #expect(ticks.isEmpty)  // nobody asked
    output.requestFrameEvent()
    output.requestFrameEvent()
    #expect(output.isTickScheduled)
    output.tick(at: 2)
    #expect(ticks == [2])
    #expect(!output.isTickScheduled)
  }

  @Test func aFailedPanKeepsThePageAndItsDamageForTheNextFrame() throws {
    let device = FakeFBDevice(FakeFBDevice.screen(pages: 2))
    let output = try FBDevOutput.open(device: device, logger: logger)
    try output.present(try frame(.black), damage: full, rotation: .degrees0)
    device.panFailure = EINVAL
    let missed = Region(PixelRect(x: 0, y: 0, width: 4, height: 4))
    #expect(throws: FBDevError(call: "FBIOPAN_DISPLAY", code: EINVAL)) {
      try output.present(try frame(.white), damage: missed, rotation: .degrees0)
    }
    #expect(device.pans == [48])
    #expect(output.framesPresented == 1)
    // The page at row 0 is still hidden and new: it is drawn again, whole, and shown.
    try output.present(
      try frame(.white), damage: Region(PixelRect(x: 8, y: 8, width: 2, height: 2)),
      rotation: .degrees0)
    #expect(device.pans == [48, 0])
    #expect(output.lastCopiedPixels == 64 * 48)
    #expect(device.pixel32(x: 0, y: 0) & 0x00ff_ffff == 0x00ff_ffff)
  }
}
