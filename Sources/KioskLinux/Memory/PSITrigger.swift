/// A pressure stall information (PSI) trigger: "warn when tasks were stalled on memory for
/// this long within this window", written `some 150000 1000000` (150 ms of a 1 s window in
/// which at least some tasks waited for memory; `full`: all of them at once).
package struct PSITrigger: Sendable, Equatable, CustomStringConvertible {
  /// Which stall counts.
  package enum Kind: String, Sendable {
    /// At least one task waited for memory.
    case some
    /// Every runnable task waited for memory at once.
    case full
  }

  /// Which stall counts.
  package var kind: Kind
  /// The stall time within one window that fires the trigger, in microseconds.
  package var stallMicroseconds: Int
  /// The tracking window, in microseconds.
  package var windowMicroseconds: Int

  /// The default: 150 ms of partial stall in a 1 s window.
  package static let `default` = PSITrigger(
    kind: .some, stallMicroseconds: 150_000, windowMicroseconds: 1_000_000)

  /// The windows the kernel documents (Documentation/accounting/psi.rst): 500 ms to 10 s.
  package static let windowRange = 500_000...10_000_000

  /// Creates a trigger; check it with `isValid`.
  package init(kind: Kind, stallMicroseconds: Int, windowMicroseconds: Int) {
    self.kind = kind
    self.stallMicroseconds = stallMicroseconds
    self.windowMicroseconds = windowMicroseconds
  }

  /// Parses `some|full <stall µs> <window µs>`; nil when the text is not that or the
  /// numbers are out of the kernel's range (window 500 ms to 10 s, stall more than 0 and
  /// at most the window).
  package init?(parsing text: String) {
    let words = text.split(separator: " ", omittingEmptySubsequences: true)
    guard words.count == 3, let kind = Kind(rawValue: String(words[0])),
      let stall = Int(words[1]), let window = Int(words[2])
    else { return nil }
    self.init(kind: kind, stallMicroseconds: stall, windowMicroseconds: window)
    guard isValid else { return nil }
  }

  /// Whether the kernel takes this trigger from a privileged process.
  package var isValid: Bool {
    Self.windowRange.contains(windowMicroseconds) && stallMicroseconds > 0
      && stallMicroseconds <= windowMicroseconds
  }

  /// The text written to a `memory.pressure` file.
  package var description: String {
    "\(kind.rawValue) \(stallMicroseconds) \(windowMicroseconds)"
  }

  /// The same share of stall over a window the kernel lets a process without
  /// CAP_SYS_RESOURCE use (a multiple of 2 s, since Linux 6.5; it refuses others with
  /// EINVAL), or nil when this window already is one.
  var forUnprivilegedProcess: PSITrigger? {
    let step = 2_000_000
    guard windowMicroseconds % step != 0 else { return nil }
    let window = min((windowMicroseconds / step + 1) * step, Self.windowRange.upperBound)
    let stall = min(stallMicroseconds * window / windowMicroseconds, window)
    return PSITrigger(kind: kind, stallMicroseconds: max(stall, 1), windowMicroseconds: window)
  }
}
