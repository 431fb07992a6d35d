internal import CLinux
import Glibc

/// A framebuffer device opened from `/dev`: the `FBDevice` protocol over the fbdev ioctls.
/// Each C call is wrapped here once; failures throw `FBDevError` with the call's name and
/// errno.
@MainActor
package final class KernelFBDevice: FBDevice {
  package let path: String
  package let name: String
  /// The open device node.
  package private(set) var fileDescriptor: Int32
  /// The foreground virtual terminal while it is switched to graphics mode, or -1.
  private var console: Int32 = -1

  /// Opens a framebuffer node (read-write, close-on-exec).
  package init(path: String) throws {
    let fd = retryingEINTR { Glibc.open(path, O_RDWR | O_CLOEXEC) }
    guard fd >= 0 else { throw FBDevError(call: "open", code: errno, context: path) }
    var fixed = fb_fix_screeninfo()
    let result = kiosk_fb_get_fscreeninfo(fd, &fixed)
    guard result == 0 else {
      Glibc.close(fd)
      throw FBDevError(call: "FBIOGET_FSCREENINFO", code: result, context: path)
    }
    self.path = path
    self.fileDescriptor = fd
    self.name = withUnsafeBytes(of: fixed.id) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  isolated deinit {
    close()
  }

  /// Gives the screen back to the console and closes the device.
  package func close() {
    try? setConsoleSuspended(false)
    if fileDescriptor >= 0 { Glibc.close(fileDescriptor) }
    fileDescriptor = -1
  }

  private func variableInfo() throws -> fb_var_screeninfo {
    var info = fb_var_screeninfo()
    let result = kiosk_fb_get_vscreeninfo(fileDescriptor, &info)
    guard result == 0 else {
      throw FBDevError(call: "FBIOGET_VSCREENINFO", code: result, context: path)
    }
    return info
  }

  package func screenInfo() throws -> FBScreenInfo {
    let info = try variableInfo()
    var fixed = fb_fix_screeninfo()
    let result = kiosk_fb_get_fscreeninfo(fileDescriptor, &fixed)
    guard result == 0 else {
      throw FBDevError(call: "FBIOGET_FSCREENINFO", code: result, context: path)
    }
    func field(_ f: fb_bitfield) -> FBBitfield {
      FBBitfield(offset: Int(f.offset), length: Int(f.length))
    }
    return FBScreenInfo(
      xres: Int(info.xres), yres: Int(info.yres), xresVirtual: Int(info.xres_virtual),
      yresVirtual: Int(info.yres_virtual), yoffset: Int(info.yoffset),
      bitsPerPixel: Int(info.bits_per_pixel), red: field(info.red), green: field(info.green),
      blue: field(info.blue), lineLength: Int(fixed.line_length),
      memoryLength: Int(fixed.smem_len))
  }

  package func setVirtualHeight(_ height: Int) throws -> FBScreenInfo {
    var info = try variableInfo()
    info.yres_virtual = UInt32(clamping: height)
    info.xoffset = 0
    info.yoffset = 0
    let result = kiosk_fb_put_vscreeninfo(fileDescriptor, &info)
    guard result == 0 else {
      throw FBDevError(
        call: "FBIOPUT_VSCREENINFO", code: result, context: "\(path): virtual height \(height)")
    }
    return try screenInfo()
  }

  package func setBlanked(_ blanked: Bool) throws {
    let result = kiosk_fb_blank(fileDescriptor, blanked ? 1 : 0)
    guard result == 0 else { throw FBDevError(call: "FBIOBLANK", code: result, context: path) }
  }

  package func pan(yoffset: Int) throws {
    var info = try variableInfo()
    info.xoffset = 0
    info.yoffset = UInt32(clamping: yoffset)
    let result = kiosk_fb_pan_display(fileDescriptor, &info)
    guard result == 0 else {
      throw FBDevError(call: "FBIOPAN_DISPLAY", code: result, context: "\(path): row \(yoffset)")
    }
  }

  package func map(length: Int) throws -> UnsafeMutableRawPointer {
    let memory = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fileDescriptor, 0)
    guard let memory, memory != MAP_FAILED else {
      throw FBDevError(call: "mmap", code: errno, context: "\(path): \(length) bytes")
    }
    return memory
  }

  package func unmap(_ memory: UnsafeMutableRawPointer, length: Int) {
    munmap(memory, length)
  }

  package func flush() throws {
    // fbdev's fsync runs the deferred-I/O work at once: the pages written since the last
    // run are handed to the driver, which copies them out (DRM: queues its blit to the
    // scanout buffer). Kernels built without deferred I/O have no fsync for fbdev (EINVAL)
    // and nothing to flush.
    guard retryingEINTR({ fsync(fileDescriptor) }) == 0 else {
      let code = errno
      if code == EINVAL { return }
      throw FBDevError(call: "fsync", code: code, context: path)
    }
  }

  /// Switches the foreground virtual terminal (`/dev/tty0`) to graphics mode, so that the
  /// framebuffer console stops drawing its text and cursor over the frames, or back.
  package func setConsoleSuspended(_ suspended: Bool) throws {
    if suspended {
      guard console < 0 else { return }
      let fd = retryingEINTR { Glibc.open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY) }
      guard fd >= 0 else { throw FBDevError(call: "open", code: errno, context: "/dev/tty0") }
      let result = kiosk_vt_set_graphics_mode(fd, 1)
      guard result == 0 else {
        Glibc.close(fd)
        throw FBDevError(call: "KDSETMODE", code: result, context: "/dev/tty0 to KD_GRAPHICS")
      }
      console = fd
    } else {
      guard console >= 0 else { return }
      let result = kiosk_vt_set_graphics_mode(console, 0)
      Glibc.close(console)
      console = -1
      guard result == 0 else {
        throw FBDevError(call: "KDSETMODE", code: result, context: "/dev/tty0 to KD_TEXT")
      }
    }
  }
}
