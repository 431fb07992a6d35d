import KioskGraphics

/// The rules of an alert's content, kept apart from the views so that they can be checked
/// on their own: which programmer errors stop the app (with the message), where each
/// action goes, which one is bold, and how the height is shared when it does not fit.
@MainActor
enum AlertRules {
  // MARK: Programmer errors (UIKit raises an exception for each)

  /// Why `action` cannot be added to an alert that has `actions`, or `nil` if it can: an
  /// alert has at most one cancel action.
  static func problemAdding(_ action: AlertAction, to actions: [AlertAction]) -> String? {
    guard action.style == .cancel, let existing = actions.first(where: { $0.style == .cancel })
    else { return nil }
    return
      "AlertController can only have one action with a style of .cancel: \(quoted(action.title)) cannot be added, \(quoted(existing.title)) is already the cancel action"
  }

  /// Why a text field cannot be added to an alert of `style`, or `nil` if it can.
  static func problemAddingTextField(to style: AlertController.Style) -> String? {
    style == .alert
      ? nil : "Text fields can only be added to an AlertController of style .alert"
  }

  /// Why `action` cannot be the preferred action of an alert with `actions`, or `nil`.
  static func problemPreferring(_ action: AlertAction?, among actions: [AlertAction]) -> String? {
    guard let action, !actions.contains(where: { $0 === action }) else { return nil }
    return
      "AlertController.preferredAction must be one of its actions; add \(quoted(action.title)) with addAction(_:) first"
  }

  private static func quoted(_ title: String?) -> String {
    title.map { "“\($0)”" } ?? "an action without a title"
  }

  // MARK: Where actions go

  /// Whether an alert's actions go side by side: exactly two, and each title fits in
  /// half the card (UIKit's rule; more than two, or a title too long, stacks them).
  static func actionsSideBySide(titleWidths: [Double], halfWidth: Double) -> Bool {
    titleWidths.count == 2 && titleWidths.allSatisfy { $0 <= halfWidth }
  }

  /// The actions in the order they are shown in an alert. Side by side, the cancel action
  /// is on the left; stacked, it is last; the others keep the order they were added in.
  static func alertOrder(of actions: [AlertAction], sideBySide: Bool) -> [AlertAction] {
    let cancel = actions.filter { $0.style == .cancel }
    let others = actions.filter { $0.style != .cancel }
    return sideBySide ? cancel + others : others + cancel
  }

  /// The action whose title is bold: in an alert the preferred action, else the cancel
  /// action; in an action sheet the cancel action (a preferred action is not used there,
  /// as in UIKit).
  static func emphasizedAction(
    in actions: [AlertAction], preferred: AlertAction?, style: AlertController.Style
  ) -> AlertAction? {
    if style == .alert, let preferred { return preferred }
    return actions.first { $0.style == .cancel }
  }

  // MARK: Sharing the height

  /// How a card too tall for `available` points shares it between the header (title,
  /// message) and the actions, both of which scroll: each keeps what it needs when the
  /// other can spare it, and neither gets less than half while it needs more. Text fields
  /// (`fixed`) keep their height.
  static func share(
    available: Double, header: Double, fixed: Double, actions: Double
  ) -> (header: Double, actions: Double) {
    let room = max(available - fixed, 0)
    guard header + actions > room else { return (header, actions) }
    let headerPart = min(header, max(room - actions, room / 2))
    return (headerPart, max(room - headerPart, 0))
  }
}
