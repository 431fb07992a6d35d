/// An object that can handle events; views, view controllers, windows and the application
/// form a chain of responders through `next`.
@MainActor
open class Responder {
  /// Creates a responder.
  public init() {}

  /// The next responder in the chain: for a view, its controller or its superview.
  open var next: Responder? { nil }

  /// Fingers touched down. The default passes them up the responder chain.
  open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    next?.touchesBegan(touches, with: event)
  }

  /// Fingers moved. The default passes them up the responder chain.
  open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    next?.touchesMoved(touches, with: event)
  }

  /// Fingers lifted. The default passes them up the responder chain.
  open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    next?.touchesEnded(touches, with: event)
  }

  /// The system took the touches away (the view left the window, a gesture won). The
  /// default passes them up the responder chain.
  open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    next?.touchesCancelled(touches, with: event)
  }

  // MARK: Presses (hardware keys)

  /// Keys went down. The default passes them up the responder chain.
  open func pressesBegan(_ presses: Set<Press>, with event: Event?) {
    next?.pressesBegan(presses, with: event)
  }

  /// Something about held keys changed. The default passes them up the responder chain.
  open func pressesChanged(_ presses: Set<Press>, with event: Event?) {
    next?.pressesChanged(presses, with: event)
  }

  /// Keys went up. The default passes them up the responder chain.
  open func pressesEnded(_ presses: Set<Press>, with event: Event?) {
    next?.pressesEnded(presses, with: event)
  }

  /// The system took the presses away (the keyboard went away). The default passes them up
  /// the responder chain.
  open func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
    next?.pressesCancelled(presses, with: event)
  }

  // MARK: First responder

  /// The window this responder is first responder of, while it is.
  weak var firstResponderWindow: Window?

  /// The window a responder belongs to: a view's window, a view controller's view's.
  var responderWindow: Window? { nil }

  /// Whether this responder may become first responder and receive key presses first. The
  /// default is `false`; a view that takes typing overrides it to return `true`.
  open var canBecomeFirstResponder: Bool { false }

  /// Whether this responder lets another take over as first responder. The default is
  /// `true`.
  open var canResignFirstResponder: Bool { true }

  /// Whether this responder is the first responder of its window: key presses go to it.
  public var isFirstResponder: Bool {
    guard let window = firstResponderWindow else { return false }
    return window.firstResponder === self
  }

  /// Makes this responder the first responder of its window, so that key presses reach it
  /// first. Only a view in a window can, and only if `canBecomeFirstResponder`; the current
  /// first responder is asked to resign and may refuse. A view controller can too, while its
  /// view is in a window. Returns whether this responder is now the first responder.
  /// Overrides call `super`.
  ///
  /// ```swift
  /// final class CodeField: View {
  ///   override var canBecomeFirstResponder: Bool { true }
  ///   override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
  ///     becomeFirstResponder()
  ///   }
  /// }
  /// ```
  @discardableResult
  open func becomeFirstResponder() -> Bool {
    guard let window = responderWindow else { return false }
    if window.firstResponder === self { return true }
    guard canBecomeFirstResponder else { return false }
    if let current = window.firstResponder, !current.resignFirstResponder() { return false }
    window.firstResponder = self
    firstResponderWindow = window
    return true
  }

  /// Stops being the first responder of the window; key presses go to the window from now
  /// on. Returns `false` (and stays first responder) when `canResignFirstResponder` is
  /// `false`. Overrides call `super`.
  @discardableResult
  open func resignFirstResponder() -> Bool {
    guard canResignFirstResponder else { return false }
    clearFirstResponder()
    return true
  }

  /// Ends this responder's time as first responder, whatever it says (it left the window).
  func clearFirstResponder() {
    if let window = firstResponderWindow, window.firstResponder === self {
      window.firstResponder = nil
    }
    firstResponderWindow = nil
  }
}

/// A user event: the touches or the key presses of one moment (the input backend fills
/// it in).
///
/// As in UIKit, the touch router reuses one event object for every delivery of touches, so
/// an event must not be kept past the handler it was passed to: copy what is needed from
/// it (`allTouches`, `timestamp`) instead.
@MainActor
public final class Event {
  /// The kinds of event.
  public enum EventType: Sendable {
    /// Touches on the screen (a mouse acts as one finger).
    case touches
    /// Key presses.
    case presses
  }

  /// What kind of event this is.
  public let type: EventType
  /// When the event happened, in seconds on the runtime's clock.
  public internal(set) var timestamp: Double
  /// Every finger on the screen at this moment.
  public internal(set) var allTouches: Set<Touch> = []
  /// Every key held at this moment, and those that just went up (`.presses` events).
  public internal(set) var allPresses: Set<Press> = []

  /// The touches that belong to `view`.
  public func touches(for view: View) -> Set<Touch> {
    allTouches.filter { $0.view === view }
  }

  /// Creates an event.
  public init(type: EventType = .touches, timestamp: Double) {
    self.type = type
    self.timestamp = timestamp
  }
}
