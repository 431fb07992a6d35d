/// An action a screen reader offers on an element besides activating it, as UIKit's
/// `UIAccessibilityCustomAction` ("Delete", "Mark as read"): the reader lists the names and
/// runs the handler the person picks.
@MainActor
public final class AccessibilityCustomAction {
  /// The name spoken for the action.
  public let name: String
  /// Runs the action; returns whether it succeeded.
  public let handler: @MainActor (AccessibilityCustomAction) -> Bool

  /// An action called `name` that runs `handler`.
  public init(name: String, handler: @escaping @MainActor (AccessibilityCustomAction) -> Bool) {
    self.name = name
    self.handler = handler
  }
}

/// The direction a screen reader asks an element to scroll in (three-finger swipes), as
/// UIKit's `UIAccessibilityScrollDirection`.
public enum AccessibilityScrollDirection: Sendable, Equatable {
  /// Content moves right: what was to the left comes into view.
  case right
  /// Content moves left.
  case left
  /// Content moves up: what was below comes into view.
  case up
  /// Content moves down.
  case down
  /// To the next page.
  case next
  /// To the previous page.
  case previous
}
