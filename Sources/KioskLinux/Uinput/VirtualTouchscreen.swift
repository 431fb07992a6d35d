internal import CLinux
import Glibc

/// A multi-touch screen that exists only in the kernel (`/dev/uinput`): what it is told to
/// touch arrives through evdev, udev and libinput exactly as a real panel's touches do.
/// `kiosk-uinput` uses it to replay touch scripts on a device, and the real-kernel tests to
/// touch the demo.
package final class VirtualTouchscreen {
  /// The device's width in its own units (the X axis maximum + 1).
  package let width: Int
  /// The device's height in its own units (the Y axis maximum + 1).
  package let height: Int
  /// The device's name under /sys/devices/virtual/input (e.g. `input5`).
  package let sysname: String
  private let fd: Int32
  /// Kernel tracking ids of the fingers down, by script finger.
  private var trackingIDs: [Int: Int32] = [:]
  private var nextTrackingID: Int32 = 1
  private let slots: Int

  /// Creates the device. `width`×`height` is its coordinate range (make it the panel's
  /// pixel size and touches land on those pixels), `slots` how many fingers it tracks.
  package init(
    name: String = "KioskKit virtual touchscreen", width: Int, height: Int, slots: Int = 10,
    path: String = "/dev/uinput"
  ) throws {
    (fd, sysname) = try makeUinputDevice(name: name, path: path) {
      kiosk_uinput_create_touchscreen($0, $1, Int32(width), Int32(height), Int32(slots), 10)
    }
    self.width = width
    self.height = height
    self.slots = slots
  }

  deinit {
    _ = kiosk_uinput_destroy(fd)
    close(fd)
  }

  /// One finger's change, in device units.
  package enum Change {
    /// A finger touches down.
    case down(finger: Int, x: Double, y: Double)
    /// A finger that is down moves.
    case move(finger: Int, x: Double, y: Double)
    /// A finger lifts.
    case up(finger: Int)
  }

  /// Sends the changes as one input frame (one SYN_REPORT).
  package func send(_ changes: [Change]) throws {
    var firstDown: (x: Int32, y: Int32)?
    for change in changes {
      switch change {
      case .down(let finger, let x, let y):
        try select(finger)
        trackingIDs[finger] = nextTrackingID
        try emit(UInt16(EV_ABS), UInt16(ABS_MT_TRACKING_ID), nextTrackingID)
        nextTrackingID = nextTrackingID % 65535 + 1
        let position = clamp(x, y)
        try emit(UInt16(EV_ABS), UInt16(ABS_MT_POSITION_X), position.x)
        try emit(UInt16(EV_ABS), UInt16(ABS_MT_POSITION_Y), position.y)
        if firstDown == nil { firstDown = position }
      case .move(let finger, let x, let y):
        guard trackingIDs[finger] != nil else { continue }
        try select(finger)
        let position = clamp(x, y)
        try emit(UInt16(EV_ABS), UInt16(ABS_MT_POSITION_X), position.x)
        try emit(UInt16(EV_ABS), UInt16(ABS_MT_POSITION_Y), position.y)
        if firstDown == nil { firstDown = position }
      case .up(let finger):
        guard trackingIDs.removeValue(forKey: finger) != nil else { continue }
        try select(finger)
        try emit(UInt16(EV_ABS), UInt16(ABS_MT_TRACKING_ID), -1)
      }
    }
    // Single-touch emulation for readers that do not speak multi-touch.
    if let firstDown {
      try emit(UInt16(EV_ABS), UInt16(ABS_X), firstDown.x)
      try emit(UInt16(EV_ABS), UInt16(ABS_Y), firstDown.y)
    }
    try emit(UInt16(EV_KEY), UInt16(BTN_TOUCH), trackingIDs.isEmpty ? 0 : 1)
    try emit(UInt16(EV_SYN), UInt16(SYN_REPORT), 0)
  }

  private func select(_ finger: Int) throws {
    guard finger >= 0, finger < slots else {
      throw SystemCallError(call: "ABS_MT_SLOT", code: EINVAL, context: "finger \(finger)")
    }
    try emit(UInt16(EV_ABS), UInt16(ABS_MT_SLOT), Int32(finger))
  }

  private func clamp(_ x: Double, _ y: Double) -> (x: Int32, y: Int32) {
    (
      Int32(min(max(x.rounded(), 0), Double(width - 1))),
      Int32(min(max(y.rounded(), 0), Double(height - 1)))
    )
  }

  private func emit(_ type: UInt16, _ code: UInt16, _ value: Int32) throws {
    let error = kiosk_uinput_emit(fd, type, code, value)
    guard error == 0 else { throw SystemCallError(call: "write", code: error, context: "uinput") }
  }
}
