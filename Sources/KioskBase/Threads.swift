import Glibc

/// Runs `body` on a new thread of its own, named `name` (at most 15 bytes show in `ps` and
/// the journal), which ends when `body` returns: Foundation's `Thread` without Foundation.
/// Returns `false` when the system would not make the thread (`body` does not run).
@discardableResult
public func startThread(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
  let box = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
  var attributes = pthread_attr_t()
  pthread_attr_init(&attributes)
  defer { pthread_attr_destroy(&attributes) }
  pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
  var thread = pthread_t()
  let result = pthread_create(
    &thread, &attributes,
    { pointer in
      guard let pointer else { return nil }
      let start = Unmanaged<ThreadStart>.fromOpaque(pointer).takeRetainedValue()
      nameThisThread(start.name)
      start.body()
      return nil
    }, box)
  guard result == 0 else {
    Unmanaged<ThreadStart>.fromOpaque(box).release()
    return false
  }
  return true
}

/// What a new thread runs, handed to it through pthread_create's one pointer.
private final class ThreadStart {
  let name: String
  let body: @Sendable () -> Void

  init(name: String, body: @escaping @Sendable () -> Void) {
    self.name = name
    self.body = body
  }
}

/// Names the calling thread by writing its comm file (pthread_setname_np is not in Swift's
/// Glibc module); the kernel keeps the first 15 bytes.
private func nameThisThread(_ name: String) {
  let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
  guard descriptor >= 0 else { return }
  defer { close(descriptor) }
  let bytes = Array(name.utf8.prefix(15))
  _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}
