import Dispatch
import FoundationEssentials
import KioskGraphics
import KioskUI
import Logging

/// Why a framebuffer cannot be driven, in words a person can act on.
package struct FBDevSetupError: Error, CustomStringConvertible {
  package let description: String
}

/// A Linux framebuffer (`/dev/fbN`) as a `DisplayOutput`, for panels without KMS: the
/// mapped memory seen as one or two pixel buffers. When the virtual screen holds two pages,
/// each frame is drawn into the hidden page and `FBIOPAN_DISPLAY` shows it; otherwise frames
/// are drawn straight into the visible page. Either way only damage the page missed is
/// copied. fbdev has no flip events: frame events tick on a timer. Each frame is flushed
/// (`fsync`) once drawn, so that drivers with deferred I/O, such as DRM's fbdev emulation,
/// put it on the display now rather than when their own timer next fires.
@MainActor
package final class FBDevOutput: DisplayOutput {
  package let name: String
  package let pixelWidth: Int
  package let pixelHeight: Int
  /// fbdev does not say when the panel refreshes; frames are paced at 60 Hz.
  package let refreshRate = 60.0
  package var frameHandler: (@MainActor (Double) -> Void)?
  package var isActive: Bool { !isBlanked }
  private var isBlanked = false

  /// The device this output draws on.
  package let device: FBDevice
  /// The pixel layout of the framebuffer: `.xrgb8888` or `.rgb565`.
  package let format: PixelFormat
  /// Whether frames are drawn into a hidden page and panned to (two pages), or straight
  /// into the visible one.
  package var isDoubleBuffered: Bool { pageRows.count == 2 }
  /// Frames presented so far.
  package private(set) var framesPresented = 0
  /// Pixels copied into the framebuffer for the last frame (damage the page missed).
  package var lastCopiedPixels: Int { swapchain.lastCopiedPixels }
  /// The row of the virtual screen each page starts at, in the order frames use them.
  package let pageRows: [Int]

  private let swapchain: Swapchain
  private let memory: UnsafeMutableRawPointer
  private let mappedLength: Int
  private let logger: Logger
  private lazy var tickTimer = RefreshTimer(interval: 1 / refreshRate, paces: true) {
    [weak self] time in
    self?.tick(at: time)
  }
  private var frameRequested = false
  private var flushFailureLogged = false

  /// Opens a framebuffer node (`/dev/fb0` unless told otherwise), checks its pixel layout
  /// and maps it. The frames replace the console's text until `shutDown`.
  package static func open(path: String = "/dev/fb0", logger: Logger) throws -> FBDevOutput {
    let device: KernelFBDevice
    do {
      device = try KernelFBDevice(path: path)
    } catch {
      throw FBDevSetupError(description: "cannot open \(path): \(error)")
    }
    return try open(device: device, logger: logger)
  }

  /// Opens an output on an already opened device (tests pass a fake here).
  package static func open(device: FBDevice, logger: Logger) throws -> FBDevOutput {
    let output = try FBDevOutput(device: device, logger: logger)
    do {
      try device.setConsoleSuspended(true)
    } catch {
      logger.info("\(device.path): the text console may draw over the frames (\(error))")
    }
    logger.info(
      "lit up \(output.name) \(output.pixelWidth)x\(output.pixelHeight) \(output.format) on \(device.path), \(output.isDoubleBuffered ? "two pages, panned" : "one page, drawn in place")"
    )
    return output
  }

  init(device: FBDevice, logger: Logger) throws {
    var info = try device.screenInfo()
    let format = try Self.pixelFormat(of: info, path: device.path)
    let pageBytes = info.lineLength * info.yres
    // DRM's fbdev emulation ("…drmfb") may accept a pan and ignore it (bochs does on 6.1),
    // which would show every other frame stale: draw in place there.
    let mayPan = !device.name.hasSuffix("drmfb")
    if mayPan, info.yresVirtual < 2 * info.yres, info.memoryLength >= 2 * pageBytes {
      // The memory holds two pages but the virtual screen does not: ask for a taller one.
      do {
        info = try device.setVirtualHeight(2 * info.yres)
      } catch {
        logger.debug("\(device.path): no second page (\(error)); drawing in place")
      }
    }
    try Self.checkGeometry(info, format: format, path: device.path)

    let rows: [Int]
    if mayPan, info.yresVirtual >= 2 * info.yres, info.memoryLength >= 2 * pageBytes {
      // The hidden page first: the first frame is drawn off screen, then panned to.
      rows = info.yoffset == 0 ? [info.yres, 0] : [0, info.yres]
    } else {
      rows = [info.yoffset]
    }
    let length = ((rows.max() ?? 0) + info.yres) * info.lineLength
    guard length <= info.memoryLength else {
      throw FBDevSetupError(
        description:
          "\(device.path): the visible page (row \(info.yoffset)) lies outside the framebuffer memory (\(info.memoryLength) bytes)"
      )
    }
    let memory = try device.map(length: length)
    var buffers: [PixelBuffer] = []
    do {
      for row in rows {
        buffers.append(
          try PixelBuffer(
            wrapping: memory + row * info.lineLength, width: info.xres, height: info.yres,
            stride: info.lineLength, format: format, release: nil))
      }
    } catch {
      device.unmap(memory, length: length)
      throw FBDevSetupError(description: "\(device.path): \(error)")
    }
    self.device = device
    self.name = device.name.isEmpty ? device.path : device.name
    self.pixelWidth = info.xres
    self.pixelHeight = info.yres
    self.format = format
    self.pageRows = rows
    self.memory = memory
    self.mappedLength = length
    self.logger = logger
    self.swapchain = Swapchain(buffers: buffers)
  }

  isolated deinit {
    tickTimer.cancel()
    device.unmap(memory, length: mappedLength)
  }

  /// The pixel format of a framebuffer's layout; only 32-bit XRGB8888 and 16-bit RGB565
  /// are driven, other layouts are refused with the layout in the message.
  static func pixelFormat(of info: FBScreenInfo, path: String) throws -> PixelFormat {
    let layout = (info.red, info.green, info.blue)
    switch info.bitsPerPixel {
    case 32
    where layout
      == (
        FBBitfield(offset: 16, length: 8), FBBitfield(offset: 8, length: 8),
        FBBitfield(offset: 0, length: 8)
      ):
      return .xrgb8888
    case 16
    where layout
      == (
        FBBitfield(offset: 11, length: 5), FBBitfield(offset: 5, length: 6),
        FBBitfield(offset: 0, length: 5)
      ):
      return .rgb565
    default:
      throw FBDevSetupError(
        description:
          "\(path): unsupported pixel layout: \(info.bitsPerPixel) bits per pixel, red \(info.red), green \(info.green), blue \(info.blue) (offset/length); KioskKit drives 32-bit XRGB8888 (red 16/8, green 8/8, blue 0/8) and 16-bit RGB565 (red 11/5, green 5/6, blue 0/5)"
      )
    }
  }

  private static func checkGeometry(_ info: FBScreenInfo, format: PixelFormat, path: String)
    throws
  {
    guard info.xres > 0, info.yres > 0, info.xres <= 16384, info.yres <= 16384 else {
      throw FBDevSetupError(description: "\(path): invalid resolution \(info.xres)x\(info.yres)")
    }
    guard info.lineLength >= info.xres * format.bytesPerPixel, info.lineLength % 4 == 0 else {
      throw FBDevSetupError(
        description:
          "\(path): a line of \(info.lineLength) bytes cannot hold \(info.xres) pixels of \(format.bytesPerPixel) bytes in whole 32-bit words"
      )
    }
    guard info.memoryLength >= info.lineLength * info.yres else {
      throw FBDevSetupError(
        description:
          "\(path): \(info.memoryLength) bytes of memory cannot hold \(info.xres)x\(info.yres) at \(info.lineLength) bytes a line"
      )
    }
  }

  /// Stops the frame timer and gives the screen back to the text console; the last frame
  /// stays on screen until the console redraws.
  package func shutDown() {
    tickTimer.cancel()
    do {
      try device.setConsoleSuspended(false)
    } catch {
      logger.warning("\(device.path): cannot give the screen back to the console: \(error)")
    }
  }

  // MARK: Presenting

  package func present(_ frame: PixelBuffer, damage: Region, rotation: Rotation) throws {
    let index = swapchain.prepareNext(from: frame, damage: damage, rotation: rotation)
    if isDoubleBuffered {
      // If panning fails the page stays hidden and keeps its age: the next frame goes into
      // it again, with this frame's damage too.
      try device.pan(yoffset: pageRows[index])
    }
    flush()
    swapchain.didShow(index)
    framesPresented += 1
  }

  /// Has the driver show the frame just written. A failing flush does not fail the frame:
  /// the pixels are in the framebuffer, and a deferred-I/O driver still shows them when its
  /// timer fires.
  private func flush() {
    do {
      try device.flush()
    } catch {
      guard !flushFailureLogged else { return }
      flushFailureLogged = true
      logger.warning("\(device.path): frames may reach the display late: \(error)")
    }
  }

  // MARK: Frame events

  /// Whether a frame event is waiting for the timer.
  var isTickScheduled: Bool { tickTimer.isArmed }

  /// Switches the panel off or on (FBIOBLANK); frames are not shown while it is off, and
  /// the whole screen is repainted when it comes back.
  package func setBlanked(_ blanked: Bool) throws {
    guard blanked != isBlanked else { return }
    try device.setBlanked(blanked)
    isBlanked = blanked
    if !blanked { repaintHandler?() }
  }

  package var repaintHandler: (@MainActor () -> Void)?

  package func requestFrameEvent() {
    frameRequested = true
    tickTimer.arm()
  }

  /// The timer fired: one frame event, if one was asked for.
  func tick(at time: Double) {
    tickTimer.cancel()
    guard frameRequested else { return }
    frameRequested = false
    frameHandler?(time)
  }
}
