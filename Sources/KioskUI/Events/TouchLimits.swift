/// The bounds on touch input from outside: fingers a source may hold down at once and the
/// coordinates a touch script may name. UIKit has none (its touches come from its own
/// hardware); a kiosk's come from touch scripts, fuzzers and drivers that may report
/// anything.
public enum TouchLimits {
  /// The most fingers a touch script holds down at once. A finger that comes down while as
  /// many are down is dropped with everything it does until it lifts, and each frame that
  /// dropped some logs how many. Real panels track 10 to a few dozen.
  public static let maximumScriptFingers = 64

  /// The most fingers a touch device holds down at once when it does not say how many
  /// slots it has (libinput's `libinput_device_touch_get_touch_count` answers 0 or less);
  /// a device that says holds down at most its own count. Fingers past it are dropped as a
  /// script's are.
  public static let defaultDeviceFingers = 64

  /// The largest coordinate, in points (`kiosk-uinput`: the touchscreen's units), a touch
  /// script may name, either way from 0: a billion, far past any screen (touches far off
  /// it are a case the runtime is tested with) and far below where arithmetic on points
  /// overflows. Past it, and for a coordinate smaller than `minimumScriptCoordinate` but
  /// not 0, the script is refused with the line: 1.79e308 and 4.9e-324 reached view
  /// geometry as infinities and NaN.
  public static let maximumScriptCoordinate = 1_000_000_000.0

  /// The smallest coordinate other than 0 a touch script may name, either way from 0: a
  /// millionth of a point, far below any panel's resolution. Smaller ones (4.9e-324) turned
  /// distances and speeds into infinities.
  public static let minimumScriptCoordinate = 1e-6

  /// The largest touch script file read, in bytes (256 MiB): millions of lines, far more
  /// than any test or replay needs; a larger one is refused before it is read.
  public static let maximumScriptSize = 256 << 20
}

/// Which fingers a source lets through when more come down than it may hold: a finger
/// that comes down while `maximum` are down is refused, and so is everything it does until
/// it lifts, so that the router never sees its moves or its end.
package struct FingerLimit {
  package let maximum: Int
  private var down: Set<Int> = []
  private var refused: Set<Int> = []

  package init(maximum: Int) {
    self.maximum = maximum
  }

  /// Whether `sample` goes through; `refusedFinger` is set when it is a new finger that
  /// does not.
  package mutating func admits(_ sample: TouchSample, refusedFinger: inout Bool) -> Bool {
    refusedFinger = false
    switch sample.phase {
    case .began:
      refused.remove(sample.id)
      guard down.contains(sample.id) || down.count < maximum else {
        refused.insert(sample.id)
        refusedFinger = true
        return false
      }
      down.insert(sample.id)
      return true
    case .moved, .stationary:
      return !refused.contains(sample.id)
    case .ended, .cancelled:
      if refused.remove(sample.id) != nil { return false }
      down.remove(sample.id)
      return true
    }
  }

  /// The samples of one frame that go through, and how many fingers it refused.
  package mutating func filter(_ samples: [TouchSample]) -> (samples: [TouchSample], refused: Int) {
    var kept: [TouchSample] = []
    kept.reserveCapacity(min(samples.count, maximum))
    var refusedCount = 0
    for sample in samples {
      var refusedFinger = false
      if admits(sample, refusedFinger: &refusedFinger) { kept.append(sample) }
      if refusedFinger { refusedCount += 1 }
    }
    return (kept, refusedCount)
  }

  /// What a frame that refused `count` fingers logs, e.g. "dropped 99,936 touches beyond
  /// the 64 a touch script may hold down" (`holder`: "a touch script").
  package static func droppedMessage(_ count: Int, limit: Int, holder: String) -> String {
    "dropped \(count.grouped) \(count == 1 ? "touch" : "touches") beyond the \(limit.grouped)"
      + " \(holder) may hold down"
  }
}
