import KioskUI

/// When a scanner's key happened: the kernel's time (gaps between keys are measured on it,
/// whenever the keys were read) and the run loop's time it was read at (the pause timer
/// and the scan's `time` are on that clock).
struct SentTime: Equatable {
  /// The kernel's time of the key, in seconds (CLOCK_MONOTONIC).
  var kernel: Double
  /// When KioskKit read it, on `Transaction.clock`.
  var read: Double
}

/// Gathers the keys of one scanner into scans: characters add up until Return (or the
/// keypad's Enter) ends the scan, or until no key came for the gap. Times are given, not
/// read, so tests and the source's timer decide alike.
struct ScanGatherer {
  /// The scanner whose keys these are.
  let device: ScannerDevice
  /// The characters of the scan going on ("" between scans).
  private(set) var text = ""
  /// When the scanner last sent a key (down or up); `nil` before the first.
  private(set) var lastKey: SentTime?

  /// evdev's KEY_ENTER and KEY_KPENTER (linux/input-event-codes.h).
  static let returnCodes: Set<Int> = [28, 96]

  init(device: ScannerDevice) {
    self.device = device
  }

  /// Whether a scan is going on (characters gathered and not delivered yet).
  var isScanning: Bool { !text.isEmpty }

  /// A key went down: returns the scans it ends, in order — the one before it when at least
  /// `gap` seconds passed since the scanner's last key (by the kernel's times), and the one
  /// it finishes when it is Return. A Return with nothing gathered ends nothing (a
  /// scanner's prefix).
  mutating func keyDown(_ key: Key, at time: SentTime, gap: Double) -> [Scan] {
    var finished: [Scan] = []
    if isScanning, let last = lastKey, time.kernel >= last.kernel + gap {
      finished.append(take(at: last.read, ending: .pause))
    }
    lastKey = time
    if Self.returnCodes.contains(key.keyCode) || key.characters == "\r" || key.characters == "\n" {
      if isScanning { finished.append(take(at: time.read, ending: .returnKey)) }
    } else {
      text += key.characters
    }
    return finished
  }

  /// A key went up: it counts as the scanner still sending.
  mutating func keyUp(at time: SentTime) {
    lastKey = time
  }

  /// The scan going on, if its pause has come by `now` (on the run loop's clock): `gap`
  /// seconds after its last key was read.
  mutating func endAfterPause(now: Double, gap: Double) -> Scan? {
    guard let deadline = pauseDeadline(gap: gap), now >= deadline, let last = lastKey else {
      return nil
    }
    return take(at: last.read, ending: .pause)
  }

  /// When the scan going on ends if no key comes, on the run loop's clock: the time its last
  /// key was read plus the gap.
  func pauseDeadline(gap: Double) -> Double? {
    guard isScanning, let last = lastKey else { return nil }
    return last.read + gap
  }

  /// Forgets the scan going on; returns how many characters it had.
  mutating func drop() -> Int {
    defer { text = "" }
    return text.count
  }

  private mutating func take(at time: Double, ending: Scan.Ending) -> Scan {
    defer { text = "" }
    return Scan(text: text, device: device, time: time, ending: ending)
  }
}
