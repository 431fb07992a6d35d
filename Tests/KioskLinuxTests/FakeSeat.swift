import Glibc

@testable import KioskLinux

/// A seat in memory: tests disable and enable it as a VT switch would, and see what was
/// opened, closed and acknowledged.
@MainActor
final class FakeSeat: Seat {
  let description = "fake"
  private(set) var isEnabled = true
  var disableHandler: (@MainActor () -> Void)?
  var enableHandler: (@MainActor () -> Void)?
  /// Paths asked for, in order.
  private(set) var opened: [String] = []
  private(set) var closed: [Int32] = []
  private(set) var acknowledgements = 0
  /// The errno every open fails with (0: opens succeed, with made-up descriptors).
  var openError: Int32 = 0
  private var nextFD: Int32 = 1000

  func openDevice(_ path: String) -> Int32 {
    opened.append(path)
    guard openError == 0 else { return -openError }
    nextFD += 1
    return nextFD
  }

  func closeDevice(_ fd: Int32) { closed.append(fd) }

  func acknowledgeDisable() { acknowledgements += 1 }

  /// The session went away (a switch to another VT).
  func disable() {
    isEnabled = false
    disableHandler?()
  }

  /// The session is back.
  func enable() {
    isEnabled = true
    enableHandler?()
  }
}
