/// Whether a speech output speaks: `kioskctl status` shows it.
public enum SpeechStatus: Sendable, Equatable, CustomStringConvertible {
  /// Speech is on.
  case on
  /// Speech is off, and why ("espeak-ng did not answer within 5 s"); utterances are dropped.
  case off(reason: String)

  /// Whether speech is on.
  public var isOn: Bool { self == .on }

  /// "on", or "off (reason)".
  public var description: String {
    switch self {
    case .on: "on"
    case .off(let reason): "off (\(reason))"
    }
  }
}
