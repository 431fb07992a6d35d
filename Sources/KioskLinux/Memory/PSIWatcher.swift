import Dispatch
import Glibc

/// A PSI trigger on a `memory.pressure` file, waited on by a `PollThread`; `fired` runs on
/// the main queue each time the kernel signals it (at most once per window).
@MainActor
final class PSIWatcher {
  /// The pressure file the trigger is on.
  let path: String
  /// The trigger in effect (wider than the one asked for where the kernel wanted that).
  let trigger: PSITrigger
  private let thread: PollThread

  /// Writes `trigger` to the pressure file at `path` and starts waiting for it. A process
  /// without CAP_SYS_RESOURCE may only use windows that are a multiple of 2 s: when the
  /// kernel refuses the trigger for that (EINVAL), the same share over such a window is
  /// tried. Throws when the file cannot be opened for writing or refuses the trigger.
  convenience init(
    path: String, trigger: PSITrigger,
    fired: @escaping @MainActor () -> Void, gone: @escaping @MainActor () -> Void
  ) throws {
    let descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw SystemCallError(call: "open", code: errno, context: "\(path) for writing")
    }
    var used = trigger
    var failure = Self.write(trigger, to: descriptor)
    if failure == EINVAL, let wider = trigger.forUnprivilegedProcess {
      used = wider
      failure = Self.write(wider, to: descriptor)
    }
    if failure != 0 {
      close(descriptor)
      throw SystemCallError(call: "write", code: failure, context: "trigger \"\(used)\" to \(path)")
    }
    try self.init(
      descriptor: descriptor, events: Int16(POLLPRI), path: path, trigger: used, fired: fired,
      gone: gone)
  }

  /// Waits on a descriptor that already carries a trigger (or, in tests, a pipe with
  /// `events` POLLIN); the watcher owns the descriptor from now on.
  init(
    descriptor: Int32, events: Int16, path: String, trigger: PSITrigger,
    fired: @escaping @MainActor () -> Void, gone: @escaping @MainActor () -> Void
  ) throws {
    self.path = path
    self.trigger = trigger
    thread = try PollThread(
      descriptor: descriptor, events: events, name: "kiosk-psi",
      ready: { DispatchQueue.main.async { MainActor.assumeIsolated { fired() } } },
      gone: { DispatchQueue.main.async { MainActor.assumeIsolated { gone() } } })
  }

  /// Stops waiting and removes the trigger (closing its descriptor does).
  func stop() {
    thread.stop()
  }

  /// Writes the trigger with its terminating NUL, as the kernel's example does (the kernel
  /// overwrites the last byte written with one); returns 0 or the errno value.
  private static func write(_ trigger: PSITrigger, to descriptor: Int32) -> Int32 {
    let bytes = Array(trigger.description.utf8) + [0]
    while true {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written == bytes.count { return 0 }
      if written < 0, errno == EINTR { continue }
      return written < 0 ? errno : EIO
    }
  }
}
