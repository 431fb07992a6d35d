import Foundation
import KioskGraphics

/// The keyboard notifications, as UIKit posts them on `UIResponder`: `userInfo` holds the
/// keyboard's frame before and after (`Rect`, screen points), the animation's duration
/// (`Double`, seconds) and curve (`AnimationCurve`).
///
/// ```swift
/// NotificationCenter.default.addObserver(
///   forName: Responder.keyboardWillShowNotification, object: nil, queue: nil
/// ) { note in
///   let frame = note.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? Rect
/// }
/// ```
extension Responder {
  /// The keyboard is about to slide in.
  nonisolated public static let keyboardWillShowNotification = Notification.Name(
    "KioskKit.keyboardWillShow")
  /// The keyboard is in place.
  nonisolated public static let keyboardDidShowNotification = Notification.Name(
    "KioskKit.keyboardDidShow")
  /// The keyboard is about to slide out.
  nonisolated public static let keyboardWillHideNotification = Notification.Name(
    "KioskKit.keyboardWillHide")
  /// The keyboard is gone.
  nonisolated public static let keyboardDidHideNotification = Notification.Name(
    "KioskKit.keyboardDidHide")
  /// The keyboard's frame is about to change while it is shown (a candidate bar, rotation).
  nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name(
    "KioskKit.keyboardWillChangeFrame")
  /// The keyboard's frame changed while it is shown.
  nonisolated public static let keyboardDidChangeFrameNotification = Notification.Name(
    "KioskKit.keyboardDidChangeFrame")

  /// The keyboard's frame when the change starts (`Rect`, screen points).
  nonisolated public static let keyboardFrameBeginUserInfoKey = "KioskKit.keyboardFrameBegin"
  /// The keyboard's frame when the change ends (`Rect`, screen points).
  nonisolated public static let keyboardFrameEndUserInfoKey = "KioskKit.keyboardFrameEnd"
  /// The animation's duration (`Double`, seconds; 0 when not animated).
  nonisolated public static let keyboardAnimationDurationUserInfoKey =
    "KioskKit.keyboardAnimationDuration"
  /// The animation's curve (`AnimationCurve`).
  nonisolated public static let keyboardAnimationCurveUserInfoKey =
    "KioskKit.keyboardAnimationCurve"
  /// Whether the keyboard belongs to this app (`Bool`; always true in KioskKit).
  nonisolated public static let keyboardIsLocalUserInfoKey = "KioskKit.keyboardIsLocal"
}

/// The part of a view the keyboard covers, as UIKit's `UIKeyboardLayoutGuide`: a
/// `LayoutGuide` whose `layoutFrame` is the keyboard's frame in the view's coordinates,
/// clipped to the view, and while the keyboard is hidden an empty rectangle along the
/// view's bottom edge (UIKit's with `usesBottomSafeArea` off: a kiosk panel has no bottom
/// safe area of its own).
public typealias KeyboardLayoutGuide = LayoutGuide

extension View {
  /// Where the keyboard is over this view, as a layout guide: constrain content to its
  /// `topAnchor` to keep it above the keyboard, or read its `layoutFrame` in
  /// `layoutSubviews()`. Either way the view is laid out again whenever the keyboard shows,
  /// hides or changes size, inside the keyboard's animation, so what follows it slides
  /// with it.
  ///
  /// ```swift
  /// sendButton.bottomAnchor.constraint(
  ///   equalTo: view.keyboardLayoutGuide.topAnchor, constant: -12
  /// ).isActive = true
  /// ```
  public var keyboardLayoutGuide: KeyboardLayoutGuide {
    TextInputSystem.shared.noteLayoutGuideUse(by: self)
    if let guide = layoutAttributes.keyboardGuide { return guide }
    let guide = LayoutGuide(owningView: self, kind: .keyboard)
    layoutAttributes.keyboardGuide = guide
    return guide
  }

  /// The keyboard's frame in this view's bounds, clipped to them; an empty rectangle along
  /// the bottom edge while it is hidden.
  var keyboardFrameInBounds: Rect {
    let system = TextInputSystem.shared
    let bottom = Rect(x: bounds.minX, y: bounds.maxY, width: bounds.width, height: 0)
    guard system.isKeyboardVisible, let window else { return bottom }
    let keyboard = system.keyboardFrame.offsetBy(dx: -window.frame.minX, dy: -window.frame.minY)
    let local = convert(keyboard, from: window)
    let top = min(max(local.minY, bounds.minY), bounds.maxY)
    return Rect(x: bounds.minX, y: top, width: bounds.width, height: bounds.maxY - top)
  }

  /// Ends editing in this view or a view inside it: asks the first responder there to
  /// resign; with `force`, it resigns whatever its delegate says. Returns whether no view
  /// inside is first responder any more.
  @discardableResult
  public func endEditing(_ force: Bool) -> Bool {
    guard let window, let responder = window.firstResponder else { return true }
    let view = (responder as? View) ?? (responder as? ViewController)?.viewIfLoaded
    guard let view, view === self || view.isDescendant(of: self) else { return true }
    if responder.resignFirstResponder() { return true }
    guard force else { return false }
    if let field = responder as? TextField {
      TextInputSystem.shared.inputWillEndEditing(field)
      responder.clearFirstResponder()
      field.finishEditing()
    } else {
      responder.clearFirstResponder()
    }
    return true
  }
}

extension Application {
  /// Where the text input system logs (a language left out of the keyboard, and why): the
  /// runtime passes its logger.
  package static func setTextInputLogHandler(_ handler: @escaping @MainActor (String) -> Void) {
    TextInputSystem.logHandler = handler
  }
}
