/// Why a headphone switch could not be read.
public struct SwitchError: Error, CustomStringConvertible {
  /// The event node.
  public let path: String
  /// What went wrong.
  public let reason: String
  /// `/dev/input/event5: it reports no SW_HEADPHONE_INSERT`.
  public var description: String { "\(path): \(reason)" }
}
