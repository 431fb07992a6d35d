import Glibc
import KioskBase

/// A thread that waits in poll(2) on one descriptor and reports each time it is ready.
///
/// A PSI trigger signals with POLLPRI only, and its file reports POLLIN all the time (the
/// kernel's default poll mask), so a dispatch read source (epoll, EPOLLIN) fires in a busy
/// loop and never tells a trigger event apart. This thread asks poll(2) for the events
/// given (POLLPRI for a trigger; POLLIN for the pipe tests use) and stays asleep between.
@MainActor
final class PollThread {
  private var stopWriter: Int32

  /// Starts waiting on `descriptor`, which the thread now owns and closes when it ends.
  /// `ready` runs on the thread after each wake-up for `events` (POLLIN input is read and
  /// dropped first, so a pipe wakes it once per write); `gone` runs once if the descriptor
  /// reports POLLERR, POLLHUP or POLLNVAL (a trigger whose cgroup was removed), and the
  /// thread ends.
  init(
    descriptor: Int32, events: Int16, name: String,
    ready: @escaping @Sendable () -> Void, gone: @escaping @Sendable () -> Void
  ) throws {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else {
      throw SystemCallError(call: "pipe", code: errno, context: "stopping the \(name) thread")
    }
    let stopReader = pipeEnds[0]
    stopWriter = pipeEnds[1]
    startThread(name: name) {
      Self.wait(on: descriptor, for: events, stopReader: stopReader, ready: ready, gone: gone)
      close(descriptor)
      close(stopReader)
    }
  }

  isolated deinit { stop() }

  /// Ends the thread (it closes the descriptor).
  func stop() {
    guard stopWriter >= 0 else { return }
    close(stopWriter)
    stopWriter = -1
  }

  private nonisolated static func wait(
    on descriptor: Int32, for events: Int16, stopReader: Int32,
    ready: @Sendable () -> Void, gone: @Sendable () -> Void
  ) {
    let failure = Int16(POLLERR | POLLHUP | POLLNVAL)
    while true {
      var fds = [
        pollfd(fd: descriptor, events: events, revents: 0),
        pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0),
      ]
      let count = poll(&fds, 2, -1)
      if count < 0 {
        if errno == EINTR { continue }
        gone()
        return
      }
      if fds[1].revents != 0 { return }
      let revents = fds[0].revents
      // A trigger whose cgroup is gone reports POLLERR with POLLPRI: check that first.
      if revents & failure != 0 {
        gone()
        return
      }
      if revents & events != 0 {
        if revents & Int16(POLLIN) != 0 { drain(descriptor) }
        ready()
      }
    }
  }

  private nonisolated static func drain(_ descriptor: Int32) {
    var buffer = [UInt8](repeating: 0, count: 256)
    _ = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
  }
}
