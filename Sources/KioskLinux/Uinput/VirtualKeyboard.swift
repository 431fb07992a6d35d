internal import CLinux
import Glibc

/// A keyboard that exists only in the kernel (`/dev/uinput`): its keys arrive through
/// evdev, udev and libinput exactly as a USB keyboard's do. `kiosk-uinput --keyboard` uses
/// it to type key scripts on a device, and the real-kernel tests to type into the demo.
package final class VirtualKeyboard {
  /// The device's name under /sys/devices/virtual/input (e.g. `input6`).
  package let sysname: String
  private let fd: Int32

  /// Creates the device with the keys of a PC keyboard; with `ids` (USB vendor and product,
  /// vendor not 0) it is a USB device with those ids, as a keyboard-emulating barcode
  /// scanner is.
  package init(
    name: String = "KioskKit virtual keyboard", ids: (vendor: UInt16, product: UInt16)? = nil,
    path: String = "/dev/uinput"
  ) throws {
    (fd, sysname) = try makeUinputDevice(name: name, path: path) {
      kiosk_uinput_create_keyboard_with_ids($0, $1, ids?.vendor ?? 0, ids?.product ?? 0)
    }
  }

  deinit {
    _ = kiosk_uinput_destroy(fd)
    close(fd)
  }

  /// Presses (`down`) or releases the key with Linux input code `code` (`KEY_A` is 30), as
  /// one input frame.
  package func send(code: Int, down: Bool) throws {
    guard code > 0, code <= 0x2ff else {
      throw SystemCallError(call: "EV_KEY", code: EINVAL, context: "key code \(code)")
    }
    try emit(UInt16(EV_KEY), UInt16(code), down ? 1 : 0)
    try emit(UInt16(EV_SYN), UInt16(SYN_REPORT), 0)
  }

  private func emit(_ type: UInt16, _ code: UInt16, _ value: Int32) throws {
    let error = kiosk_uinput_emit(fd, type, code, value)
    guard error == 0 else { throw SystemCallError(call: "write", code: error, context: "uinput") }
  }
}
