import Dispatch
import Glibc

/// Watches a cgroup's `memory.events` and reports each rise of its `high` counter: the
/// cgroup went over `memory.high` (systemd's `MemoryHigh=`) and the kernel started
/// throttling and reclaiming it. The kernel notifies changes of the file through inotify
/// (IN_MODIFY), which a dispatch read source waits on; the counter is read when it fires.
@MainActor
final class CgroupEventsWatcher {
  /// The memory.events file watched.
  let path: String
  /// The `high` counter as last read.
  private(set) var highCount: Int
  /// How many change notifications arrived (a rewrite with the same counts is one too).
  private(set) var notificationCount = 0
  private let inotify: Int32
  private let rose: @MainActor (Int) -> Void
  private var source: DispatchSourceRead?

  /// Reads the counter now and starts watching; `rose` gets the new counter on the main
  /// queue. Throws when the file has no `high` line or cannot be watched.
  init(path: String, rose: @escaping @MainActor (Int) -> Void) throws {
    guard let text = readText(path), let high = MemoryFiles.value(named: "high", in: text)
    else {
      throw SystemCallError(call: "read", code: ENOENT, context: "no high counter in \(path)")
    }
    let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard inotify >= 0 else {
      throw SystemCallError(call: "inotify_init1", code: errno, context: path)
    }
    guard inotify_add_watch(inotify, path, UInt32(IN_MODIFY)) >= 0 else {
      let code = errno
      close(inotify)
      throw SystemCallError(call: "inotify_add_watch", code: code, context: path)
    }
    self.path = path
    self.highCount = high
    self.inotify = inotify
    self.rose = rose
    let source = DispatchSource.makeReadSource(fileDescriptor: inotify, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.notified() }
    }
    source.setCancelHandler { close(inotify) }
    source.resume()
    self.source = source
  }

  isolated deinit { stop() }

  /// Stops watching.
  func stop() {
    source?.cancel()
    source = nil
  }

  private func notified() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while buffer.withUnsafeMutableBytes({ read(inotify, $0.baseAddress, $0.count) }) > 0 {}
    notificationCount += 1
    check()
  }

  /// Reads the counter; reports it when it rose.
  func check() {
    guard let text = readText(path), let high = MemoryFiles.value(named: "high", in: text),
      high != highCount
    else { return }
    let previous = highCount
    highCount = high
    if high > previous { rose(high) }
  }
}
