/// An object that can handle events; views, view controllers, windows and the application
/// form a chain of responders through `next`.
@MainActor
open class Responder {
  /// Creates a responder.
  public init() {}

  /// The next responder in the chain: for a view, its controller or its superview.
  open var next: Responder? { nil }
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

  /// Creates an event.
  public init(type: EventType = .touches, timestamp: Double) {
    self.type = type
    self.timestamp = timestamp
  }
}
