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
}

/// A user event: a set of touches at one moment (the input backend fills it in).
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
  public let timestamp: Double
  /// Every finger on the screen at this moment.
  public internal(set) var allTouches: Set<Touch> = []

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
