import KioskGraphics

/// What an app set of a view's accessibility; `nil` where it set nothing, so that the
/// view's kind can say what it is.
struct AccessibilityStore {
  var isElement: Bool?
  var label: String?
  var hint: String?
  var value: String?
  var traits: AccessibilityTraits?
  var identifier: String?
  var language: String?
  var elements: [any AccessibilityNode]?
  var isModal = false
  var groupsChildren = false
  var elementsHidden = false
  var customActions: [AccessibilityCustomAction] = []
  var frame: Rect?
  var activationPoint: Point?
}

extension View: AccessibilityNode {
  /// The view's superview: escape and scroll requests go up through it.
  public var accessibilityParent: (any AccessibilityNode)? { superview }

  /// `rect` in this view's coordinates as screen points (through its window's frame).
  public func screenRect(of rect: Rect) -> Rect {
    let inWindow = convert(rect, to: nil)
    guard let window else { return inWindow }
    return inWindow.offsetBy(dx: window.frame.minX, dy: window.frame.minY)
  }

  /// Whether a screen reader could find the view now: it is in a window, not hidden,
  /// not transparent, and not hidden from accessibility, nor is anything it is in.
  public var isVisibleToAccessibility: Bool {
    var view: View? = self
    while let current = view {
      if current.isHidden || current.alpha < 0.01 || current.accessibilityElementsHidden {
        return false
      }
      if current is Window { return true }
      view = current.superview
    }
    return false
  }
}
