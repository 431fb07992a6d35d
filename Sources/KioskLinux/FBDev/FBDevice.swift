import Glibc

/// An error from an fbdev call: which call, and its errno.
package typealias FBDevError = SystemCallError

/// Where one colour channel sits in a pixel: its lowest bit and its width in bits.
package struct FBBitfield: Equatable, Sendable, CustomStringConvertible {
  /// The lowest bit of the channel.
  package var offset: Int
  /// The number of bits.
  package var length: Int

  /// Creates a bitfield.
  package init(offset: Int, length: Int) {
    self.offset = offset
    self.length = length
  }

  package var description: String { "\(offset)/\(length)" }
}

/// What the kernel reports about a framebuffer: the visible and virtual resolution, the
/// pixel layout and the memory behind it (`fb_var_screeninfo` and `fb_fix_screeninfo`).
package struct FBScreenInfo: Equatable, Sendable {
  /// Visible width in pixels.
  package var xres: Int
  /// Visible height in pixels.
  package var yres: Int
  /// Width of the memory's virtual screen in pixels.
  package var xresVirtual: Int
  /// Height of the memory's virtual screen in pixels; twice `yres` or more allows panning
  /// between two pages.
  package var yresVirtual: Int
  /// The row of the virtual screen shown at the top of the display.
  package var yoffset: Int
  /// Bits per pixel.
  package var bitsPerPixel: Int
  /// The red channel.
  package var red: FBBitfield
  /// The green channel.
  package var green: FBBitfield
  /// The blue channel.
  package var blue: FBBitfield
  /// Bytes from one row to the next.
  package var lineLength: Int
  /// Bytes of framebuffer memory that can be mapped.
  package var memoryLength: Int

  /// Creates screen information.
  package init(
    xres: Int, yres: Int, xresVirtual: Int, yresVirtual: Int, yoffset: Int = 0,
    bitsPerPixel: Int, red: FBBitfield, green: FBBitfield, blue: FBBitfield, lineLength: Int,
    memoryLength: Int
  ) {
    self.xres = xres
    self.yres = yres
    self.xresVirtual = xresVirtual
    self.yresVirtual = yresVirtual
    self.yoffset = yoffset
    self.bitsPerPixel = bitsPerPixel
    self.red = red
    self.green = green
    self.blue = blue
    self.lineLength = lineLength
    self.memoryLength = memoryLength
  }
}

/// Every fbdev call KioskKit makes, behind one protocol: the kernel device implements it
/// with ioctls on `/dev/fbN`; unit tests use a fake with the framebuffer in ordinary memory.
@MainActor
package protocol FBDevice: AnyObject {
  /// The device node, e.g. `/dev/fb0`.
  var path: String { get }
  /// The driver's identification, e.g. `bochs-drmdrmfb`, `simple`, `ili9341`.
  var name: String { get }

  /// The resolution, pixel layout and memory of the framebuffer.
  func screenInfo() throws -> FBScreenInfo
  /// Asks for a taller virtual screen (`FBIOPUT_VSCREENINFO`), for two pages to pan between;
  /// returns the screen information the driver settled on.
  func setVirtualHeight(_ height: Int) throws -> FBScreenInfo
  /// Shows the virtual screen from row `yoffset` down (`FBIOPAN_DISPLAY`).
  func pan(yoffset: Int) throws
  /// Switches the panel off (`true`) or on (FBIOBLANK).
  func setBlanked(_ blanked: Bool) throws
  /// Maps `length` bytes of framebuffer memory, read-write and shared with the display.
  func map(length: Int) throws -> UnsafeMutableRawPointer
  /// Unmaps memory from `map`.
  func unmap(_ memory: UnsafeMutableRawPointer, length: Int)
  /// Asks the driver to show now what was written through the mapping (`fsync`). Drivers
  /// with deferred I/O (DRM's fbdev emulation among them) otherwise copy written pages to
  /// the display on a timer, 50 ms later on DRM; for the others this does nothing.
  func flush() throws
  /// Stops (`true`) or resumes the text console drawing over the framebuffer.
  func setConsoleSuspended(_ suspended: Bool) throws
}
