import KioskGraphics

/// Something a screen reader can land on, describe and act on: a `View` or an
/// `AccessibilityElement` (drawn content that is not a view). The members are UIKit's
/// `UIAccessibility` informal protocol; UIKit puts them on `NSObject`, KioskKit on the two
/// kinds of things that are on screen.
@MainActor
public protocol AccessibilityNode: AnyObject {
  /// Whether this is one element a screen reader lands on (its subviews are then not
  /// visited), rather than a container of elements or nothing.
  var isAccessibilityElement: Bool { get }
  /// A short name: "Order", "Volume". Spoken first.
  var accessibilityLabel: String? { get }
  /// What activating it does, spoken after a pause ("Adds the recipe").
  var accessibilityHint: String? { get }
  /// The current value: "50 %", "on", the text of a field.
  var accessibilityValue: String? { get }
  /// What kind of element it is and its state.
  var accessibilityTraits: AccessibilityTraits { get }
  /// An identifier for tests, never spoken.
  var accessibilityIdentifier: String? { get }
  /// The language its label and value are in (BCP 47, "de"), when not the app's.
  var accessibilityLanguage: String? { get }
  /// Where it is, in screen points: the focus ring goes around it and touch exploration
  /// finds it there.
  var accessibilityFrame: Rect { get }
  /// Where a screen reader taps it (screen points) when `accessibilityActivate()` returns
  /// `false`: the centre of its frame unless set.
  var accessibilityActivationPoint: Point { get }
  /// Its elements in reading order, when it orders them itself (else the subviews by
  /// position).
  var accessibilityElements: [any AccessibilityNode]? { get }
  /// Whether a screen reader ignores everything beside and behind it (an alert).
  var accessibilityViewIsModal: Bool { get }
  /// Whether its elements are read together, before what comes after it, whatever their
  /// positions.
  var shouldGroupAccessibilityChildren: Bool { get }
  /// Whether it and everything in it are hidden from a screen reader.
  var accessibilityElementsHidden: Bool { get }
  /// Actions offered besides activation.
  var accessibilityCustomActions: [AccessibilityCustomAction] { get }
  /// Performs its primary action (a double tap); `false` when it has none of its own and
  /// the reader should tap its activation point instead.
  func accessibilityActivate() -> Bool
  /// Increases an adjustable element's value (a swipe up).
  func accessibilityIncrement()
  /// Decreases an adjustable element's value (a swipe down).
  func accessibilityDecrement()
  /// Dismisses it or goes back (a two-finger scrub, the keypad's Cancel); `false` when it
  /// cannot, and the reader asks the next container up.
  func accessibilityPerformEscape() -> Bool
  /// Scrolls its content (a three-finger swipe); `false` when it cannot.
  func accessibilityScroll(_ direction: AccessibilityScrollDirection) -> Bool
  /// The view or element that contains it, for escape and scroll to go up through.
  var accessibilityParent: (any AccessibilityNode)? { get }
}
