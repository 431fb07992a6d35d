import KioskGraphics

/// An accessibility element for content a view draws itself, as UIKit's
/// `UIAccessibilityElement`: a chart's bars, the cells of a drawn calendar. Give the
/// container view an `accessibilityElements` array of these, each with a label and a frame
/// in the container's coordinates.
///
/// ```swift
/// let bar = AccessibilityElement(accessibilityContainer: chart)
/// bar.accessibilityLabel = "March"
/// bar.accessibilityValue = "42 orders"
/// bar.accessibilityFrameInContainerSpace = Rect(x: 40, y: 10, width: 20, height: 90)
/// chart.accessibilityElements = [bar]
/// ```
///
/// KioskKit differs in one way: besides subclassing and overriding
/// `accessibilityActivate()`, an element can be given an `activationHandler`, as closures
/// are how Swift code without Objective-C passes actions.
@MainActor
open class AccessibilityElement: AccessibilityNode {
  /// The view (or element) that holds it.
  public weak var accessibilityContainer: AnyObject?
  open var isAccessibilityElement = true
  open var accessibilityLabel: String?
  open var accessibilityHint: String?
  open var accessibilityValue: String?
  open var accessibilityTraits: AccessibilityTraits = []
  public var accessibilityIdentifier: String?
  open var accessibilityLanguage: String?
  open var accessibilityElements: [any AccessibilityNode]?
  open var accessibilityViewIsModal = false
  open var shouldGroupAccessibilityChildren = false
  open var accessibilityElementsHidden = false
  open var accessibilityCustomActions: [AccessibilityCustomAction] = []
  /// Its frame in the container view's coordinates; it moves with the container.
  public var accessibilityFrameInContainerSpace: Rect = .zero
  /// Runs on activation when set (`accessibilityActivate()` then returns its result).
  public var activationHandler: (@MainActor () -> Bool)?
  /// Runs on increment when set.
  public var incrementHandler: (@MainActor () -> Void)?
  /// Runs on decrement when set.
  public var decrementHandler: (@MainActor () -> Void)?
  private var explicitFrame: Rect?
  private var explicitActivationPoint: Point?

  /// An element inside `accessibilityContainer` (a view, usually).
  public init(accessibilityContainer: AnyObject) {
    self.accessibilityContainer = accessibilityContainer
  }

  /// Its frame in screen points: `accessibilityFrameInContainerSpace` converted from its
  /// container view, unless set directly.
  open var accessibilityFrame: Rect {
    get {
      if let explicitFrame { return explicitFrame }
      guard let view = accessibilityContainer as? View else {
        return accessibilityFrameInContainerSpace
      }
      return view.screenRect(of: accessibilityFrameInContainerSpace)
    }
    set { explicitFrame = newValue }
  }

  open var accessibilityActivationPoint: Point {
    get { explicitActivationPoint ?? accessibilityFrame.center }
    set { explicitActivationPoint = newValue }
  }

  open func accessibilityActivate() -> Bool { activationHandler?() ?? false }
  open func accessibilityIncrement() { incrementHandler?() }
  open func accessibilityDecrement() { decrementHandler?() }
  open func accessibilityPerformEscape() -> Bool { false }
  open func accessibilityScroll(_ direction: AccessibilityScrollDirection) -> Bool { false }

  public var accessibilityParent: (any AccessibilityNode)? {
    accessibilityContainer as? any AccessibilityNode
  }
}
