/// When a failure that repeats is logged: the first at once, then at most one entry every
/// `interval` seconds, carrying the number of failures since the last entry. A panel that
/// went away fails every frame; the journal should get one line per interval, not sixty a
/// second, and still learn how many there were.
package struct FailureThrottle: Sendable {
  /// The shortest time between two entries, in seconds.
  package let interval: Double
  private var lastLogged: Double?
  private var notLogged = 0

  /// A throttle that logs at most once every `interval` seconds.
  package init(interval: Double = 10) {
    self.interval = interval
  }

  /// Notes a failure at `time` (seconds, any monotonic clock). Returns the number of failures
  /// the entry to log now stands for (this one included), or `nil` when it is too soon.
  package mutating func note(at time: Double) -> Int? {
    notLogged += 1
    if let lastLogged, time - lastLogged < interval { return nil }
    let count = notLogged
    lastLogged = time
    notLogged = 0
    return count
  }
}
