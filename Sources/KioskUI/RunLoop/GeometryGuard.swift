import KioskGraphics

/// Geometry an app sets that no screen can show — a NaN or infinite frame, centre,
/// transform or alpha — is refused at the setter: the old value stays and the refusal is
/// logged. UIKit raises an exception for a NaN position (Core Animation's "CALayer position
/// contains NaN"); a kiosk must keep running, so KioskKit keeps what is on screen instead.
/// The first refusal of each property is logged with the value; later ones are counted and
/// logged at every power of ten, so an app doing it every frame does not flood the journal.
@MainActor
package enum GeometryGuard {
  /// Where refusals are logged; the runtime passes its logger.
  package static var logHandler: (@MainActor (String) -> Void)?
  /// Refusals so far, by property.
  package private(set) static var refusals: [String: Int] = [:]

  /// Whether `isFinite` holds; if not, notes the refusal of `value` for `property`. Both
  /// texts are made only then: callers interpolate them, and a setter must not allocate.
  static func accepts(
    _ isFinite: Bool, _ property: @autoclosure () -> String,
    _ value: @autoclosure () -> String
  ) -> Bool {
    guard !isFinite else { return true }
    let property = property()
    let count = (refusals[property] ?? 0) + 1
    refusals[property] = count
    if count == 1 || isPowerOfTen(count) {
      let times = count == 1 ? "" : " (\(count) times so far)"
      logHandler?("geometry: \(property) = \(value()) refused; the old value stays\(times)")
    }
    return false
  }

  /// Forgets the counts (each test starts from none).
  package static func resetForTesting() {
    refusals.removeAll()
  }

  private static func isPowerOfTen(_ number: Int) -> Bool {
    var n = number
    while n >= 10, n % 10 == 0 { n /= 10 }
    return n == 1
  }
}
