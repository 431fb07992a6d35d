import Glibc

/// A lock with a condition variable on POSIX threads: what Foundation's `NSCondition` did
/// for the threads of speech, input-method preparation and the runtime's workers, in the
/// modules that do without Foundation (its ICU data would double the program's size).
///
/// Timed waits count on the monotonic clock, so setting the wall clock does not wake them
/// early or keep them asleep.
public final class Condition: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let variable = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  public init() {
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(variable, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(variable)
    pthread_mutex_destroy(mutex)
    variable.deallocate()
    mutex.deallocate()
  }

  /// Takes the lock, waiting for it if another thread holds it.
  public func lock() { pthread_mutex_lock(mutex) }

  /// Gives the lock back.
  public func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` holding the lock.
  public func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }

  /// Wakes one waiting thread (call it holding the lock).
  public func signal() { pthread_cond_signal(variable) }

  /// Wakes every waiting thread (call it holding the lock).
  public func broadcast() { pthread_cond_broadcast(variable) }

  /// Gives the lock back until another thread signals, then takes it again. Call it
  /// holding the lock, in a loop that checks what it waits for (a wait may end without a
  /// signal).
  public func wait() { pthread_cond_wait(variable, mutex) }

  /// As `wait()`, but for `seconds` at most; `false` when that time ran out first.
  @discardableResult
  public func wait(seconds: Double) -> Bool {
    guard seconds > 0 else { return false }
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    // Capped at a day: a longer wait is woken by its caller's loop anyway, and the sum
    // below stays far from overflowing.
    let whole = Int(min(seconds, 86_400))
    let nanoseconds = now.tv_nsec + Int((min(seconds, 86_400) - Double(whole)) * 1e9)
    var deadline = timespec(
      tv_sec: now.tv_sec + whole + nanoseconds / 1_000_000_000,
      tv_nsec: nanoseconds % 1_000_000_000)
    return pthread_cond_timedwait(variable, mutex, &deadline) != ETIMEDOUT
  }

  /// As `wait()`, until `deadline` at most; `false` when it passed first.
  @discardableResult
  public func wait(until deadline: ContinuousClock.Instant) -> Bool {
    let remaining = ContinuousClock.now.duration(to: deadline).components
    return wait(seconds: Double(remaining.seconds) + Double(remaining.attoseconds) / 1e18)
  }
}
