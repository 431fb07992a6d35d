/// What kind of thing an accessibility element is and what state it is in, as UIKit's
/// `UIAccessibilityTraits`: a screen reader speaks them after the label ("Order, button"),
/// and tests and the audit query by them.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable, CustomStringConvertible {
  public let rawValue: UInt64

  /// A trait set from its bits.
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// Nothing in particular.
  public static let none: AccessibilityTraits = []
  /// Acts when activated: spoken "button".
  public static let button = AccessibilityTraits(rawValue: 1 << 0)
  /// Opens a link: spoken "link".
  public static let link = AccessibilityTraits(rawValue: 1 << 1)
  /// Heads a section of content: spoken "heading".
  public static let header = AccessibilityTraits(rawValue: 1 << 2)
  /// A field to search in: spoken "search field".
  public static let searchField = AccessibilityTraits(rawValue: 1 << 3)
  /// A picture: spoken "image".
  public static let image = AccessibilityTraits(rawValue: 1 << 4)
  /// Currently selected (a tab, a segment, a row): spoken "selected".
  public static let selected = AccessibilityTraits(rawValue: 1 << 5)
  /// Plays its own sound when activated.
  public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
  /// A key of a keyboard.
  public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 7)
  /// Text that does not change.
  public static let staticText = AccessibilityTraits(rawValue: 1 << 8)
  /// Sums up the screen when it appears.
  public static let summaryElement = AccessibilityTraits(rawValue: 1 << 9)
  /// Cannot be used now: spoken "dimmed".
  public static let notEnabled = AccessibilityTraits(rawValue: 1 << 10)
  /// Changes often (a clock, a progress bar): its changes are not announced each time.
  public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 11)
  /// Starts media; speech stops when it is activated.
  public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 12)
  /// Takes increments and decrements (a slider, a stepper, a picker): spoken "adjustable",
  /// and swipes up and down change it.
  public static let adjustable = AccessibilityTraits(rawValue: 1 << 13)
  /// Takes touches directly while a screen reader runs (a drawing surface).
  public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 14)
  /// Turns the page when reading reaches its end.
  public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 15)
  /// A bar of tabs: its children are spoken "tab, 2 of 4".
  public static let tabBar = AccessibilityTraits(rawValue: 1 << 16)
  /// A button that switches between on and off (a switch): spoken "switch button".
  public static let toggleButton = AccessibilityTraits(rawValue: 1 << 17)
  /// A text field or text view (KioskKit's own: UIKit keeps this trait private): spoken
  /// "text field".
  public static let textEntry = AccessibilityTraits(rawValue: 1 << 18)
  /// Being edited now (with `textEntry`): spoken "is editing".
  public static let isEditing = AccessibilityTraits(rawValue: 1 << 19)
  /// A tab of a tab bar (KioskKit's own, as `textEntry`).
  public static let tab = AccessibilityTraits(rawValue: 1 << 20)

  /// The names of the traits, spoken order, for logs and `kioskctl accessibility`.
  public static let names: [(AccessibilityTraits, String)] = [
    (.selected, "selected"), (.button, "button"), (.toggleButton, "toggleButton"),
    (.link, "link"), (.header, "header"), (.searchField, "searchField"),
    (.textEntry, "textEntry"), (.isEditing, "isEditing"), (.image, "image"),
    (.playsSound, "playsSound"), (.keyboardKey, "keyboardKey"), (.staticText, "staticText"),
    (.summaryElement, "summaryElement"), (.notEnabled, "notEnabled"),
    (.updatesFrequently, "updatesFrequently"), (.startsMediaSession, "startsMediaSession"),
    (.adjustable, "adjustable"), (.allowsDirectInteraction, "allowsDirectInteraction"),
    (.causesPageTurn, "causesPageTurn"), (.tabBar, "tabBar"), (.tab, "tab"),
  ]

  /// The traits' names joined by commas ("button,selected"); "none" for none.
  public var description: String {
    let set = Self.names.filter { contains($0.0) }.map(\.1)
    return set.isEmpty ? "none" : set.joined(separator: ",")
  }
}
