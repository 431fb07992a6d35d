import KioskGraphics
import KioskSpeech
import KioskUI

extension AccessibilityService {
  /// `status`'s lines: the reader, its mode, the headset and speech, with the reason when
  /// speech is off.
  var statusLines: [String] {
    let headset =
      switch headsetPlugged {
      case true?: "plugged in"
      case false?: "unplugged"
      case nil: "unknown (no headphone switch)"
      }
    return [
      "screen reader: " + (startedBy.map { "on (started by \($0.rawValue))" } ?? "off"),
      "screen reader mode: \(options.screenReader.rawValue)",
      "headset: \(headset)",
      "speech: \(speechStatusText)",
    ]
  }

  /// "on", "off (reason)", or "not started" before the reader first ran.
  var speechStatusText: String {
    guard let speech else { return "not started (it starts with the screen reader)" }
    return (speech as? SpeechQueue)?.status.description ?? "on"
  }

  /// `kioskctl accessibility`: every screen's elements in reading order, one a line:
  /// `screen N: traits "label" = "value" @ x,y WxH` (frame in screen points).
  static func treeLines(screens: [Screen]) -> [String] {
    var lines: [String] = []
    for (number, screen) in screens.enumerated() {
      let elements = AccessibilityTree.elements(on: screen)
      lines.append("screen \(number + 1): \(elements.count) elements")
      for element in elements { lines.append("  " + line(for: element)) }
    }
    return lines
  }

  /// One element as `treeLines` shows it.
  static func line(for element: any AccessibilityNode) -> String {
    let frame = element.accessibilityFrame
    let value = element.accessibilityValue.map { " = \(quoted($0))" } ?? ""
    return "\(element.accessibilityTraits) \(quoted(element.accessibilityLabel ?? ""))\(value)"
      + " @ \(number(frame.origin.x)),\(number(frame.origin.y))"
      + " \(number(frame.size.width))x\(number(frame.size.height))"
  }

  /// `kioskctl speech`: the last `limit` utterances, oldest first, `[language] text`.
  func speechLines(limit: Int = 50) -> [String] {
    ["speech: \(speechStatusText)"] + (speech?.transcript.suffix(limit).map(\.description) ?? [])
  }

  /// The keys `kioskctl accessibility set KEY=VALUE` changes: the live keys of
  /// `[accessibility]`.
  static var settableKeys: [ConfigurationKey] {
    ConfigurationKey.accessibility.filter(\.isLive)
  }

  /// `kioskctl accessibility set KEY=VALUE…`: checks every pair by its key's rules (as the
  /// file's) and applies them together, or none; a line per change.
  func set(_ assignments: [String]) throws(AccessibilitySetError) -> [String] {
    guard !assignments.isEmpty else {
      throw AccessibilitySetError(
        "set takes KEY=VALUE pairs; keys: "
          + Self.settableKeys.map(\.name).joined(separator: ", "))
    }
    var new = options
    var lines: [String] = []
    for assignment in assignments {
      guard let equals = assignment.firstIndex(of: "=") else {
        throw AccessibilitySetError("\(assignment) is no KEY=VALUE pair")
      }
      let name = String(assignment[..<equals])
      let text = String(assignment[assignment.index(after: equals)...])
      guard let key = Self.settableKeys.first(where: { $0.name == name }) else {
        throw AccessibilitySetError(
          "accessibility.\(name) cannot be set live; keys: "
            + Self.settableKeys.map(\.name).joined(separator: ", "))
      }
      let written = key.writtenValue(fromEnvironment: text)
      guard case .success(let values) = key.values(for: written), let value = values.first
      else {
        throw AccessibilitySetError(
          ConfigurationKey.Refusal.notAllowed.message(key, .string(text)))
      }
      let before = key.current(new).joined()
      Self.assign(value, to: key, in: &new)
      lines.append("\(key.path): \(before) -> \(key.current(new).joined())")
    }
    apply(new)
    return lines
  }

  /// Sets the live `[accessibility]` key `key` to `value` (checked) in `options`.
  private static func assign(
    _ value: String, to key: ConfigurationKey, in options: inout RuntimeOptions
  ) {
    switch key.name {
    case "screen-reader": options.screenReader = ScreenReaderMode(rawValue: value) ?? .off
    case "text-size": options.textSize = value
    case "increase-contrast": options.increaseContrast = value == "true"
    case "bold-text": options.boldText = value == "true"
    case "reduce-motion": options.reduceMotion = value == "true"
    case "zoom": options.zoom = Double(value) ?? 1
    case "idle-multiplier": options.screenReaderIdleMultiplier = Double(value) ?? 1
    default: break
    }
  }

  private static func quoted(_ text: String) -> String {
    "\"" + String(text.map { $0.isNewline ? " " : $0 }) + "\""
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}

/// Why `kioskctl accessibility set` changed nothing.
struct AccessibilitySetError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
