import KioskGraphics

/// What `KioskTesting`'s element queries need to know that KioskUI keeps to itself: which
/// view a finger at a point would touch, and which views are alerts.
@MainActor
package enum AccessibilityQueryProbe {
  /// The view a finger put down at `point` (screen points) would touch: the front-most
  /// visible window's hit-tested view, as touch delivery finds it; `nil` when none is there.
  package static func hitView(at point: Point, on screen: Screen) -> View? {
    for window in screen.windows.reversed() where !window.isHidden {
      if let view = window.hitTest(window.fromScreen(point), with: nil) { return view }
    }
    return nil
  }

  /// When `view` is the content of an alert or action sheet, its controller's title ("" when
  /// it has none); else `nil`.
  package static func alertTitle(of view: View) -> String? {
    guard let content = view as? AlertContentView else { return nil }
    return content.alertTitle ?? ""
  }

  /// Whether `node` is one wheel of a picker (an adjustable element drawn by the picker).
  package static func isPickerWheel(_ node: any AccessibilityNode) -> Bool {
    node is PickerComponentElement
  }
}
