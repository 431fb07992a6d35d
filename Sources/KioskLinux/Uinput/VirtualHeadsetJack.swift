internal import CLinux
import Glibc

/// A headset jack that exists only in the kernel (`/dev/uinput`): one switch,
/// `SW_HEADPHONE_INSERT`, as a sound card's input device reports it, so that plugging a
/// headset in can be played where there is no sound card with a jack (the real-kernel
/// tests: QEMU's sound card reports none). It starts unplugged. `kiosk-uinput --headset`
/// uses it; `HeadphoneSwitch` finds it as it finds a real one.
package final class VirtualHeadsetJack {
  /// `EV_SW`, the switches' event type, and `SW_HEADPHONE_INSERT`.
  static let switchEvent: UInt16 = 5
  static let headphoneInsert: UInt16 = 2
  /// The device's name under /sys/devices/virtual/input (e.g. `input6`).
  package let sysname: String
  private let fd: Int32

  /// Creates the jack, unplugged.
  package init(name: String = "KioskKit virtual headset jack", path: String = "/dev/uinput")
    throws
  {
    (fd, sysname) = try makeUinputDevice(name: name, path: path) {
      kiosk_uinput_create_headset_jack($0, $1)
    }
  }

  deinit {
    _ = kiosk_uinput_destroy(fd)
    close(fd)
  }

  /// Reports a headset plugged in (`true`) or pulled out, as one input frame.
  package func send(plugged: Bool) throws {
    for (type, code, value) in [
      (Self.switchEvent, Self.headphoneInsert, Int32(plugged ? 1 : 0)),
      (UInt16(EV_SYN), UInt16(SYN_REPORT), Int32(0)),
    ] {
      let error = kiosk_uinput_emit(fd, type, code, value)
      guard error == 0 else {
        throw SystemCallError(call: "write", code: error, context: "uinput")
      }
    }
  }
}
