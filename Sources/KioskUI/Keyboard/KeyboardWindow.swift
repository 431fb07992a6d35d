import KioskGraphics

/// The window the keyboard lives in: above every other window, covering the screen so it
/// follows rotation, but letting touches outside the keyboard through to the app.
@MainActor
final class KeyboardWindow: Window {
  let keyboardView = OnScreenKeyboardView()

  override init(screen: Screen) {
    super.init(screen: screen)
    windowLevel = 10_000_000
    backgroundColor = nil
    addSubview(keyboardView)
  }

  /// Called when the window's size changes (the screen turned).
  var frameObserver: (@MainActor () -> Void)?
  private var lastSize = Size.zero

  override func hitTest(_ point: Point, with event: Event?) -> View? {
    let hit = super.hitTest(point, with: event)
    return hit === self ? nil : hit
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    if bounds.size != lastSize {
      lastSize = bounds.size
      frameObserver?()
    }
  }
}
