import KioskGraphics
#if compiler(>=6.3)
  import FoundationEssentials
#else
  // Swift 6.2 (the arm64 package's): NotificationCenter is Foundation's there
  // (KioskBase/NotificationMessages.swift).
  import Foundation
  import KioskBase
#endif

/// The keyboard's messages, as UIKit posts them on `UIResponder` since iOS 26 (Foundation's
/// `NotificationCenter` messages, in FoundationEssentials): each carries the keyboard's
/// frame before and after (screen points), the animation's duration and curve.
///
/// ```swift
/// let token = NotificationCenter.default.addObserver(
///   of: nil as Screen?, for: Responder.KeyboardWillShowMessage.self
/// ) { message in
///   let frame = message.endFrame
/// }
/// ```
///
/// (UIKit's older `keyboardWillShowNotification` names with a `userInfo` are Foundation's
/// `Notification`, which is not in FoundationEssentials.)
extension Responder {
  /// The keyboard is about to slide in.
  public struct KeyboardWillShowMessage: KeyboardMessage {
    public let change: KeyboardChange
    public init(_ change: KeyboardChange) { self.change = change }
  }

  /// The keyboard is in place.
  public struct KeyboardDidShowMessage: KeyboardMessage {
    public let change: KeyboardChange
    public init(_ change: KeyboardChange) { self.change = change }
  }

  /// The keyboard is about to slide out.
  public struct KeyboardWillHideMessage: KeyboardMessage {
    public let change: KeyboardChange
    public init(_ change: KeyboardChange) { self.change = change }
  }

  /// The keyboard is gone.
  public struct KeyboardDidHideMessage: KeyboardMessage {
    public let change: KeyboardChange
    public init(_ change: KeyboardChange) { self.change = change }
  }

  /// The keyboard's frame is about to change while it is shown (a candidate bar, rotation).
  public struct KeyboardWillChangeFrameMessage: KeyboardMessage {
    public let change: KeyboardChange
    public init(_ change: KeyboardChange) { self.change = change }
  }

  /// The keyboard's frame changed while it is shown.
  public struct KeyboardDidChangeFrameMessage: KeyboardMessage {
    public let change: KeyboardChange
    public init(_ change: KeyboardChange) { self.change = change }
  }
}

/// What a keyboard message says about the keyboard's move.
public struct KeyboardChange: Equatable, Sendable {
  /// The keyboard's frame when the change starts (screen points).
  public var startFrame: Rect
  /// The keyboard's frame when the change ends (screen points).
  public var endFrame: Rect
  /// The animation's duration (seconds; 0 when not animated).
  public var animationDuration: Double
  /// The animation's curve.
  public var animationCurve: AnimationCurve
  /// Whether the keyboard belongs to this app (always true in KioskKit).
  public var isLocal: Bool

  /// A change from `startFrame` to `endFrame`.
  public init(
    startFrame: Rect, endFrame: Rect, animationDuration: Double, animationCurve: AnimationCurve,
    isLocal: Bool = true
  ) {
    self.startFrame = startFrame
    self.endFrame = endFrame
    self.animationDuration = animationDuration
    self.animationCurve = animationCurve
    self.isLocal = isLocal
  }
}

/// The six keyboard messages: each holds a `KeyboardChange`, whose properties it answers to
/// itself (`message.endFrame`). They are posted without a subject.
@dynamicMemberLookup
public protocol KeyboardMessage: NotificationCenter.MainActorMessage where Subject == Screen {
  /// The keyboard's move.
  var change: KeyboardChange { get }
  /// The message of `change`.
  init(_ change: KeyboardChange)
}

extension KeyboardMessage {
  /// A property of the change.
  public subscript<Value>(dynamicMember path: KeyPath<KeyboardChange, Value>) -> Value {
    change[keyPath: path]
  }
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
