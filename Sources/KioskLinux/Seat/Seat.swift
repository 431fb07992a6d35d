import Glibc
import Logging

/// Where DRM and input device nodes come from, and who says when this process may use
/// them: a seat manager (logind or seatd, through libseat) or, without one, plain `open()`.
/// A seat is disabled when the user switches to another VT and enabled again on return;
/// tests drive that with a fake.
@MainActor
package protocol Seat: AnyObject {
  /// How devices are opened, for logs: `libseat seat0`, `direct`.
  var description: String { get }
  /// Whether devices may be used now (false between a disable and the next enable).
  var isEnabled: Bool { get }
  /// Called when the session goes away (a VT switch): stop using the devices, then call
  /// `acknowledgeDisable()`.
  var disableHandler: (@MainActor () -> Void)? { get set }
  /// Called when the session is back: devices may be used again.
  var enableHandler: (@MainActor () -> Void)? { get set }
  /// Opens a device node read-write and non-blocking; returns the descriptor, or minus
  /// errno (as libinput's `open_restricted` wants).
  func openDevice(_ path: String) -> Int32
  /// Closes a descriptor from `openDevice`.
  func closeDevice(_ fd: Int32)
  /// Tells the seat manager that the devices are no longer used after a disable.
  func acknowledgeDisable()
}

/// The seat every device of this process is opened through (DRM cards, input event
/// nodes). Direct `open()` until the runtime sets another one.
@MainActor
package enum DeviceAccess {
  package static var seat: Seat = DirectSeat()
}

/// No seat manager: device nodes are opened directly (root, or a user in the `video` and
/// `input` groups). Never disabled: VT switches are not followed.
@MainActor
package final class DirectSeat: Seat {
  package let description = "direct"
  package let isEnabled = true
  package var disableHandler: (@MainActor () -> Void)?
  package var enableHandler: (@MainActor () -> Void)?

  package init() {}

  package func openDevice(_ path: String) -> Int32 {
    var fd = retryingEINTR { Glibc.open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC) }
    // Input nodes may be readable only: the unit's `DeviceAllow=char-input r`, or a group
    // with read access. Reading events is all libinput needs (LEDs stay as they are).
    if fd < 0, errno == EACCES || errno == EPERM, path.hasPrefix("/dev/input/") {
      fd = retryingEINTR { Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    }
    return fd >= 0 ? fd : -errno
  }

  package func closeDevice(_ fd: Int32) {
    _ = Glibc.close(fd)
  }

  package func acknowledgeDisable() {}
}

/// Refuses a setuid-root start: a kiosk runs as its own user and gets its devices from the
/// seat; a setuid binary would hand root to whoever can start it.
package enum PrivilegeCheck {
  /// Why this process must not run, or `nil` when it may.
  package static func refusal(realUID: uid_t = getuid(), effectiveUID: uid_t = geteuid())
    -> String?
  {
    guard effectiveUID == 0, realUID != 0 else { return nil }
    return
      "refusing to run setuid root (real uid \(realUID), effective uid 0): remove the setuid bit (chmod u-s) and run as the kiosk user, which gets its devices through logind or seatd"
  }
}
