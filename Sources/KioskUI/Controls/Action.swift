import KioskGraphics

/// Something a control does when an event happens: a closure with an optional title,
/// image and identifier, like UIKit's `UIAction`.
///
/// ```swift
/// let save = Action(title: "Save") { action in
///   store.save()
/// }
/// button.addAction(save, for: .touchUpInside)
/// ```
@MainActor
public final class Action {
  /// Names an action, so that it can be replaced or removed by name.
  public struct Identifier: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The name.
    public let rawValue: String
    /// Creates an identifier from a string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }
  }

  /// A short title, used as a button's title by `Button(type:primaryAction:)`.
  public var title: String?
  /// An image, used as a button's image by `Button(type:primaryAction:)`.
  public var image: Image?
  /// The action's identifier: the one given, or a unique one. Adding an action to a
  /// control replaces any action with the same identifier for the same events.
  public let identifier: Identifier
  /// The control that sent the action most recently.
  public internal(set) weak var sender: Control?

  let handler: @MainActor (Action) -> Void

  private static var nextNumber = 0

  /// Creates an action that runs `handler` with itself (its `sender` set) when performed.
  public init(
    title: String? = nil, image: Image? = nil, identifier: Identifier? = nil,
    handler: @escaping @MainActor (Action) -> Void
  ) {
    self.title = title
    self.image = image
    if let identifier {
      self.identifier = identifier
    } else {
      Self.nextNumber += 1
      self.identifier = Identifier(rawValue: "kiosk.action.\(Self.nextNumber)")
    }
    self.handler = handler
  }

  /// Runs the handler as if `sender` had sent the action.
  func perform(from sender: Control?) {
    self.sender = sender
    handler(self)
  }
}

/// One entry of a control's dispatch table: a weakly held target with its closure, or an
/// `Action`, and the events it answers.
@MainActor
final class ActionRegistration {
  enum Kind {
    case target(invoke: @MainActor (AnyObject, Control) -> Void)
    case action(Action)
  }

  let kind: Kind
  var events: Control.Event
  /// The target of a target-action; weak, as in UIKit, so that a control never keeps its
  /// target (usually the controller that owns the control) alive.
  weak var target: AnyObject?

  init(kind: Kind, events: Control.Event, target: AnyObject?) {
    self.kind = kind
    self.events = events
    self.target = target
  }

  /// Whether the registration can never run again (its target went away).
  var isDead: Bool {
    if case .target = kind { return target == nil }
    return false
  }

  var action: Action? {
    if case .action(let action) = kind { return action }
    return nil
  }
}
