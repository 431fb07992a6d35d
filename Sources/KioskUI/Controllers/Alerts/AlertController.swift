import KioskGraphics

/// An alert or an action sheet: a title, a message, buttons (`AlertAction`s) and, in an
/// alert, text fields. UIKit's `UIAlertController`: configure it, then present it with
/// `present(_:animated:completion:)`; it is used as it is, not subclassed.
///
/// An `.alert` is a 270-point card in the middle of the dimmed window: the title in bold,
/// the message, the text fields, then the actions, two side by side when both titles fit,
/// otherwise stacked; it comes in zooming down from 1.2 times its size as it fades in, and
/// leaves by fading. A tap outside it does nothing. An `.actionSheet` slides up from the
/// bottom of a compact-width screen, its cancel action in a card of its own below the
/// others; on a regular-width screen it is a popover pointing at
/// `popoverPresentationController.sourceView` (or `barButtonItem`), without the cancel
/// action, and a tap outside dismisses it and runs the cancel action's handler. Content
/// too tall for the screen scrolls.
///
/// Tapping an action (or Return on a hardware keyboard for the `preferredAction`, Escape
/// for the cancel action) starts the alert's dismissal and then runs the action's handler,
/// at once, while the alert fades out: the order UIKit uses. A controller presented from
/// the handler is presented once the alert is gone. As in UIKit, a finger may slide from
/// the action it went down on to another one (a disabled one is passed over); lifted
/// there, it triggers that one, and lifted off the actions, none.
///
/// ```swift
/// let alert = AlertController(
///   title: "Cancel the order?", message: "The basket will be emptied.", preferredStyle: .alert)
/// alert.addAction(AlertAction(title: "Keep", style: .cancel))
/// alert.addAction(AlertAction(title: "Cancel Order", style: .destructive) { _ in
///   basket.removeAll()
/// })
/// present(alert, animated: true)
/// ```
///
/// Where KioskKit differs: UIKit raises an exception when an action sheet is presented on
/// a regular-width screen with no source for its popover; KioskKit logs a warning and
/// shows it from the bottom of the screen. The presentation style of an alert is
/// `.overFullScreen` (KioskKit has no `.custom` style); an action sheet's is `.popover`, as
/// in UIKit, but while it is shown from the bottom its `popoverPresentationController` is
/// `nil` (its `presentationController` manages the sheet). The card has no layer corner
/// radius yet: a small view draws its rounded plate.
@MainActor
public final class AlertController: ViewController {
  /// How an alert controller is shown.
  public enum Style: Sendable, Equatable {
    /// A sheet of actions from the bottom of the screen (a popover on a wide screen).
    case actionSheet
    /// A card in the middle of the screen.
    case alert
  }

  /// Whether this is an alert or an action sheet (fixed when it is created).
  public let preferredStyle: Style
  /// The message under the title.
  public var message: String? {
    didSet { if oldValue != message { contentDidChange() } }
  }
  /// The actions, in the order they were added (and shown, but for the cancel action's
  /// place).
  public private(set) var actions: [AlertAction] = []
  /// The action Return on a hardware keyboard (or in the last text field) triggers; its
  /// title is bold instead of the cancel action's. It must be one of `actions`. Not used by
  /// action sheets, as in UIKit.
  public var preferredAction: AlertAction? {
    didSet {
      if let problem = AlertRules.problemPreferring(preferredAction, among: actions) {
        preconditionFailure(problem)
      }
      contentDidChange()
    }
  }
  /// The text fields added with `addTextField(configurationHandler:)`, top to bottom;
  /// `nil` when there are none.
  public var textFields: [TextField]? { fields.isEmpty ? nil : fields }

  private var fields: [TextField] = []
  /// Whether an action was triggered since the alert was last presented: an alert acts
  /// once.
  private var hasActed = false
  /// What was first responder when the alert came (a text field being edited, say): it is
  /// first responder again once the alert has gone.
  private weak var responderBeforeAlert: Responder?

  /// Creates an alert (`.alert`) or action sheet (`.actionSheet`) with a title and a
  /// message (either may be `nil`). Add actions before presenting it.
  public init(title: String?, message: String?, preferredStyle: Style) {
    self.preferredStyle = preferredStyle
    self.message = message
    super.init()
    self.title = title
    modalPresentationStyle = preferredStyle == .alert ? .overFullScreen : .popover
    modalTransitionStyle = preferredStyle == .alert ? .crossDissolve : .coverVertical
  }

  /// The title, in bold at the top.
  public override var title: String? {
    didSet { if oldValue != title { contentDidChange() } }
  }

  /// Adds a button for `action`. The cancel action goes where the style puts it; the others
  /// are shown in the order they were added. An alert has at most one `.cancel` action:
  /// adding a second stops the app with a message naming both, as UIKit raises an
  /// exception.
  public func addAction(_ action: AlertAction) {
    if let problem = AlertRules.problemAdding(action, to: actions) { preconditionFailure(problem) }
    actions.append(action)
    action.alertController = self
    contentDidChange()
  }

  /// Adds a text field under the message; `configurationHandler` sets it up (placeholder,
  /// secure entry, an `.editingChanged` action that enables a button…). Only alerts have
  /// text fields: calling this on an action sheet stops the app with a message, as UIKit
  /// raises an exception. When the alert appears the first field starts editing; Return
  /// in a field goes to the next one, and in the last one triggers the `preferredAction`.
  ///
  /// ```swift
  /// alert.addTextField { field in
  ///   field.placeholder = "Table number"
  ///   field.keyboardType = .numberPad
  /// }
  /// ```
  public func addTextField(configurationHandler: (@MainActor (TextField) -> Void)? = nil) {
    if let problem = AlertRules.problemAddingTextField(to: preferredStyle) {
      preconditionFailure(problem)
    }
    let field = TextField(frame: Rect(x: 0, y: 0, width: 238, height: AlertMetrics.fieldHeight))
    field.borderStyle = .roundedRect
    field.font = .systemFont(ofSize: 13)
    field.addTarget(
      self, action: { alert, sender in alert.textFieldReturned(sender) },
      for: .primaryActionTriggered)
    fields.append(field)
    configurationHandler?(field)
    contentDidChange()
  }

  // MARK: The view

  /// Builds the card (or sheet) of the alert's content.
  public override func loadView() {
    view = AlertContentView(alert: self)
  }

  var contentView: AlertContentView? { viewIfLoaded as? AlertContentView }

  /// The title, message, actions or a text field changed: the content is rebuilt and the
  /// presentation resized.
  private func contentDidChange() {
    contentView?.contentDidChange()
    if let popover = presentationStorage as? PopoverPresentationController,
      popover.presentingViewController != nil
    {
      updatePopoverContentSize()
    }
    presentationStorage?.presentedContentSizeDidChange()
  }

  /// An action's `isEnabled` changed.
  func actionDidChange(_ action: AlertAction) {
    contentView?.actionDidChange(action)
  }

  /// The size of the content in a popover: 304 points wide (UIKit's), as tall as it needs.
  func updatePopoverContentSize() {
    let width = AlertMetrics.popoverWidth
    let height = (view as? AlertContentView)?.naturalSize(width: width).height ?? 0
    preferredContentSize = Size(width: width, height: height)
  }

  /// The cancel action, if there is one.
  var cancelAction: AlertAction? { actions.first { $0.style == .cancel } }

  // MARK: Appearing

  /// Starts afresh for this presentation.
  public override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    hasActed = false
    let window = presentingViewController?.viewIfLoaded?.window
    responderBeforeAlert = window?.firstResponder
  }

  /// The first text field starts editing (bringing the on-screen keyboard); without one
  /// the alert becomes first responder, so that Return and Escape reach it.
  public override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    if let first = fields.first {
      first.becomeFirstResponder()
    } else {
      becomeFirstResponder()
    }
  }

  /// As in UIKit, what was first responder before the alert (a text field whose keyboard
  /// the alert sent away) becomes first responder again, unless a handler has given the
  /// role to something else meanwhile.
  public override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    guard let previous = responderBeforeAlert else { return }
    responderBeforeAlert = nil
    guard let window = previous.responderWindow else { return }
    let current = window.firstResponder
    let alertHoldsIt =
      current === self || fields.contains { $0 === current }
    guard current == nil || alertHoldsIt, previous.canBecomeFirstResponder else { return }
    previous.becomeFirstResponder()
  }

  // MARK: Acting

  /// Triggers `action` as a tap on its button does: if it is enabled and the alert has not
  /// acted yet, the alert's dismissal starts, then the handler runs (once).
  func trigger(_ action: AlertAction) {
    guard action.isEnabled, !hasActed, let presenter = presentingViewController,
      actions.contains(where: { $0 === action })
    else { return }
    hasActed = true
    viewIfLoaded?.endEditing(true)
    presenter.dismiss(animated: true)
    action.handler?(action)
  }

  /// The cancel action triggered, as Escape does; false when there is none.
  func performCancelAction() -> Bool {
    guard let cancelAction else { return false }
    trigger(cancelAction)
    return true
  }

  /// A tap outside a bottom sheet: the cancel action, if there is one (and it is enabled).
  func outsideSheetTapped() {
    if let cancelAction { trigger(cancelAction) }
  }

  /// A tap outside the popover dismissed it: the cancel action's handler runs (it is not
  /// shown in a popover), whether or not it is enabled.
  func popoverDismissedFromOutside() {
    guard !hasActed else { return }
    hasActed = true
    if let cancelAction { cancelAction.handler?(cancelAction) }
  }

  /// Return in a text field: the next field, or after the last the preferred action.
  private func textFieldReturned(_ sender: Control) {
    guard let index = fields.firstIndex(where: { $0 === sender }) else { return }
    if index + 1 < fields.count {
      fields[index + 1].becomeFirstResponder()
    } else if let preferredAction {
      trigger(preferredAction)
    }
  }

  // MARK: Hardware keys

  /// The alert takes Return and Escape when no text field is being edited.
  public override var canBecomeFirstResponder: Bool { true }

  /// Return (or Enter on the keypad) triggers the preferred action of an alert; Escape the
  /// cancel action. Other keys go up the responder chain.
  public override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
    let unused = presses.filter { press in
      guard let key = press.key else { return true }
      return !handleKey(key)
    }
    if !unused.isEmpty { super.pressesBegan(unused, with: event) }
  }

  /// Acts on a key; returns whether it was used.
  private func handleKey(_ key: Key) -> Bool {
    switch key.keyCode {
    case TextEditor.KeyCode.enter, TextEditor.KeyCode.keypadEnter:
      guard preferredStyle == .alert, let preferredAction else { return false }
      trigger(preferredAction)
      return true
    case TextEditor.KeyCode.escape:
      return performCancelAction()
    default:
      return false
    }
  }
}
