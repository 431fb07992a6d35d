/// What an app tells a screen reader happened, as UIKit's `UIAccessibility.Notification`.
public enum AccessibilityNotification: Sendable, Equatable, CustomStringConvertible {
  /// A new screen appeared (a push, a presentation): the reader moves to the argument (an
  /// `AccessibilityNode`) or to the first element, and speaks it.
  case screenChanged
  /// Part of the screen changed: the reader moves to the argument, if any, and keeps its
  /// place otherwise.
  case layoutChanged
  /// The argument (a `String`) is to be spoken.
  case announcement
  /// The content scrolled: the argument (a `String`, "page 2 of 5") is spoken.
  case pageScrolled

  /// The notification's name, for logs.
  public var description: String {
    switch self {
    case .screenChanged: "screenChanged"
    case .layoutChanged: "layoutChanged"
    case .announcement: "announcement"
    case .pageScrolled: "pageScrolled"
    }
  }
}

/// UIKit's `UIAccessibility` functions and state: posting notifications to a screen reader,
/// whether one runs, and the settings that change how the app looks.
@MainActor
public enum Accessibility {
  /// Tells a running screen reader that something happened (`argument`: the element to
  /// move to, or the text to speak; see `AccessibilityNotification`). Without a screen
  /// reader nothing happens.
  public static func post(notification: AccessibilityNotification, argument: Any? = nil) {
    Application.shared.accessibilityObservers.post(notification, argument: argument)
  }

  /// Whether a screen reader is running (UIKit's `isVoiceOverRunning`).
  public static var isScreenReaderRunning: Bool {
    Application.shared.accessibilityInputFilter != nil
  }

  /// The app's accessibility settings (text size, contrast, bold text, reduced motion,
  /// zoom); changing them changes the traits every view sees.
  public static var settings: AccessibilitySettings {
    get { Application.shared.accessibilitySettings }
    set { Application.shared.accessibilitySettings = newValue }
  }
}

/// Who hears `Accessibility.post(notification:argument:)`: the screen reader, and tests.
@MainActor
struct AccessibilityObservers {
  private var observers: [Int: @MainActor (AccessibilityNotification, Any?) -> Void] = [:]
  private var nextToken = 0

  mutating func add(_ observer: @escaping @MainActor (AccessibilityNotification, Any?) -> Void)
    -> Int
  {
    nextToken += 1
    observers[nextToken] = observer
    return nextToken
  }

  mutating func remove(_ token: Int) { observers[token] = nil }

  func post(_ notification: AccessibilityNotification, argument: Any?) {
    for key in observers.keys.sorted() { observers[key]?(notification, argument) }
  }
}

extension Application {
  /// Calls `observer` with every accessibility notification posted from now on; returns
  /// a token for `removeAccessibilityObserver(_:)`. The screen reader listens this way.
  public func addAccessibilityObserver(
    _ observer: @escaping @MainActor (AccessibilityNotification, Any?) -> Void
  ) -> Int {
    accessibilityObservers.add(observer)
  }

  /// Stops calling the observer `token` names.
  public func removeAccessibilityObserver(_ token: Int) {
    accessibilityObservers.remove(token)
  }
}

/// Takes touches and key presses before the app does, while a screen reader runs: it
/// explores, moves its focus and activates elements instead of the app seeing the raw
/// input (VoiceOver's model).
@MainActor
public protocol AccessibilityInputFilter: AnyObject {
  /// Sees an input frame of touches first; `true` when it used them (the app does not get
  /// them).
  func filterTouches(_ samples: [TouchSample], on screen: Screen, at time: Double) -> Bool
  /// Sees key changes first; `true` when it used them.
  func filterPresses(_ samples: [PressSample], at time: Double) -> Bool
}
