import KioskGraphics
import KioskUI

/// Watches input for what starts and stops the screen reader (`Application
/// .accessibilityShortcutFilter`): the start key pressed three times within
/// `keyWindow` seconds, as iOS's Accessibility Shortcut is a triple click, and, if
/// configured, three fingers tapping together three times. A single press of the key (Help
/// by default) still reaches the app or the running reader, which speaks the focus's hint;
/// only the third press of the triple is swallowed. Touches are never swallowed: a
/// three-finger tap is no gesture of the reader's or, usually, an app's.
@MainActor
final class AccessibilityShortcut: AccessibilityInputFilter {
  /// The seconds three presses of the start key must fall within.
  static let keyWindow = 1.5
  /// The longest a three-finger tap may last, in seconds.
  static let tapDuration = 0.5
  /// The seconds three three-finger taps must fall within.
  static let tapWindow = 1.5
  /// How far a finger may move during a tap, in points.
  static let tapSlop = 40.0

  /// The Linux input code of the start key (nil: none).
  let keyCode: Int?
  /// Whether the three-finger triple tap starts and stops the reader.
  let gesture: AccessibilityStartGesture
  /// Called when the key or the gesture asks to start or stop the reader.
  let onTrigger: @MainActor (AccessibilityService.Trigger) -> Void

  private var keyPresses: [Double] = []
  private var swallowedKeyDown = false
  private var fingersDown: [Int: Point] = [:]
  private var mostFingers = 0
  private var touchStart = 0.0
  private var moved = false
  private var taps: [Double] = []

  init(
    keyCode: Int?, gesture: AccessibilityStartGesture,
    onTrigger: @escaping @MainActor (AccessibilityService.Trigger) -> Void
  ) {
    self.keyCode = keyCode
    self.gesture = gesture
    self.onTrigger = onTrigger
  }

  func filterPresses(_ samples: [PressSample], at time: Double) -> Bool {
    guard let keyCode, samples.contains(where: { $0.key.keyCode == keyCode }) else {
      return false
    }
    var swallow = false
    for sample in samples where sample.key.keyCode == keyCode {
      switch sample.phase {
      case .began:
        keyPresses = keyPresses.filter { time - $0 <= Self.keyWindow } + [time]
        if keyPresses.count >= 3 {
          keyPresses = []
          swallowedKeyDown = true
          swallow = true
          onTrigger(.key)
        }
      case .ended, .cancelled:
        // The key-up of the swallowed press goes with it.
        if swallowedKeyDown {
          swallowedKeyDown = false
          swallow = true
        }
      default:
        swallow = swallow || swallowedKeyDown
      }
    }
    // A frame holding other keys too goes on whole: the triple press is a key of its own.
    return swallow && samples.allSatisfy { $0.key.keyCode == keyCode }
  }

  func filterTouches(_ samples: [TouchSample], on screen: Screen, at time: Double) -> Bool {
    guard gesture == .threeFingerTripleTap else { return false }
    for sample in samples {
      switch sample.phase {
      case .began:
        if fingersDown.isEmpty {
          touchStart = time
          mostFingers = 0
          moved = false
        }
        fingersDown[sample.id] = sample.location
        mostFingers = max(mostFingers, fingersDown.count)
      case .moved, .stationary:
        if let start = fingersDown[sample.id],
          (sample.location.x - start.x).magnitude > Self.tapSlop
            || (sample.location.y - start.y).magnitude > Self.tapSlop
        {
          moved = true
        }
      case .ended, .cancelled:
        guard fingersDown.removeValue(forKey: sample.id) != nil, fingersDown.isEmpty else {
          continue
        }
        touchesLifted(at: time, cancelled: sample.phase == .cancelled)
      }
    }
    return false
  }

  /// The last finger of a touch sequence lifted: counts it as a three-finger tap or ends
  /// the count.
  private func touchesLifted(at time: Double, cancelled: Bool) {
    let isTap = mostFingers == 3 && !moved && !cancelled && time - touchStart <= Self.tapDuration
    guard isTap else {
      taps = []
      return
    }
    taps = taps.filter { time - $0 <= Self.tapWindow } + [time]
    if taps.count >= 3 {
      taps = []
      onTrigger(.gesture)
    }
  }
}
