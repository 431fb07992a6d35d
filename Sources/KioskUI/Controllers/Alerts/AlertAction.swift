/// One button of an alert or action sheet: a title, a style and what to do when it is
/// tapped. UIKit's `UIAlertAction`; add it to an `AlertController` with `addAction(_:)`.
///
/// ```swift
/// let delete = AlertAction(title: "Delete", style: .destructive) { _ in basket.removeAll() }
/// alert.addAction(delete)
/// alert.addAction(AlertAction(title: "Cancel", style: .cancel))
/// ```
@MainActor
public final class AlertAction {
  /// How an action's button looks and where it goes.
  public enum Style: Sendable, Equatable {
    /// An ordinary action: blue text.
    case `default`
    /// Leaves things as they are: bold unless the alert has a `preferredAction`; placed on
    /// the left of two side-by-side buttons, last in a stack, in a card of its own at the
    /// bottom of an action sheet. Escape on a hardware keyboard triggers it. An alert has
    /// at most one.
    case cancel
    /// Changes or deletes data: red text.
    case destructive
  }

  /// The button's title.
  public let title: String?
  /// The button's style.
  public let style: Style
  /// Whether the button can be tapped. A disabled action is drawn dimmed and ignores taps
  /// and keys; it may be enabled or disabled while the alert is shown (from a text field's
  /// `.editingChanged` action, say).
  public var isEnabled = true {
    didSet { if oldValue != isEnabled { alertController?.actionDidChange(self) } }
  }

  /// What runs when the action is triggered (after the alert's dismissal has started).
  let handler: (@MainActor (AlertAction) -> Void)?
  /// The alert this action was added to.
  weak var alertController: AlertController?

  /// Creates an action with a button titled `title`; `handler` runs with the action when
  /// the person chooses it.
  public init(
    title: String?, style: Style, handler: (@MainActor (AlertAction) -> Void)? = nil
  ) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}
