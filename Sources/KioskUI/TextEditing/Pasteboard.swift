/// The pasteboard that Cut, Copy and Paste use, as `UIPasteboard`. KioskKit's pasteboard
/// lives in the app's process: a kiosk runs one app, and nothing copied leaves it.
///
/// ```swift
/// Pasteboard.general.string = orderNumber
/// ```
@MainActor
public final class Pasteboard {
  /// The pasteboard every text field and text view shares.
  public static let general = Pasteboard()

  /// Creates a pasteboard of its own (most apps use `general`).
  public init() {}

  /// The strings on the pasteboard, first to last.
  public var strings: [String]? {
    didSet {
      if strings?.isEmpty == true { strings = nil }
      changeCount += 1
    }
  }

  /// The first string on the pasteboard; setting it replaces everything.
  public var string: String? {
    get { strings?.first }
    set { strings = newValue.map { [$0] } }
  }

  /// Whether there is a string to paste.
  public var hasStrings: Bool { !(strings?.isEmpty ?? true) }

  /// Goes up by one whenever the contents change.
  public private(set) var changeCount = 0
}
