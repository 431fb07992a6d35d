import KioskGraphics

/// The root of a view hierarchy on a screen. A window is hidden until you show it, usually
/// with `makeKeyAndVisible()`; its frame is in screen points and defaults to the whole screen.
@MainActor
open class Window: View {
  /// The screen the window is on.
  public let screen: Screen
  /// Windows with a higher level are in front (alerts over the app, for instance).
  public var windowLevel: Double = 0
  /// Whether this is the window that receives key events.
  public private(set) var isKeyWindow = false
  /// The responder key presses reach first, if one became it (held weakly: it stays in
  /// this window or resigns).
  weak var firstResponder: Responder?
  var rootController: ViewController?

  /// Creates a window covering `screen`.
  public init(screen: Screen) {
    self.screen = screen
    super.init(frame: screen.bounds)
    layer.isHidden = true
    screen.windowWasCreated(self)
  }

  /// Creates a window on the main screen with `frame` in screen points.
  public override init(frame: Rect) {
    self.screen = Screen.main
    super.init(frame: frame)
    layer.isHidden = true
    screen.windowWasCreated(self)
  }

  /// Whether the window (and so everything in it) is invisible. Windows start hidden.
  /// Showing the window makes the controllers in it appear; hiding it, disappear.
  open override var isHidden: Bool {
    get { super.isHidden }
    set {
      let changes = newValue != super.isHidden
      if changes { appearanceWillChangeWindowVisibility(visible: !newValue) }
      super.isHidden = newValue
      if newValue {
        screen.windowDidBecomeHidden(self)
      } else {
        screen.windowDidBecomeVisible(self)
      }
      if changes { appearanceDidChangeWindowVisibility() }
    }
  }

  /// The application: the end of the responder chain.
  open override var next: Responder? { Application.shared }

  /// Shows the window in front of others of its level and makes it the key window.
  public func makeKeyAndVisible() {
    makeKey()
    isHidden = false
  }

  /// Makes this the key window without changing its visibility.
  public func makeKey() {
    for window in screen.windows where window !== self { window.isKeyWindow = false }
    isKeyWindow = true
  }
}
