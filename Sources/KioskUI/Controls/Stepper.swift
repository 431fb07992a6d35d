import KioskGraphics

/// A pair of − and + buttons that lower and raise a value by a step, like UIKit's
/// `UIStepper` (with its iOS 13 look: two halves on a light grey plate).
///
/// A touch on a side changes the value at once. Held down (`autorepeat`, the default), it
/// repeats after half a second, five times a second, then faster: ten times a second after
/// five repeats and twenty after fifteen. Without `wraps` (the default) the value stops at
/// the range's ends and the side that cannot go further is greyed and takes no touch; with
/// it, it goes round to the other end. Each change sends `.valueChanged` (with
/// `isContinuous`, the default), or one is sent when the finger lifts; setting `value` from
/// code sends nothing.
///
/// ```swift
/// let guests = Stepper(frame: Rect(x: 20, y: 20, width: 0, height: 0))  // 94×32 points
/// guests.minimumValue = 1
/// guests.maximumValue = 12
/// guests.addTarget(self, action: { $0.guestsChanged($1) }, for: .valueChanged)
/// ```
///
/// KioskKit's stepper draws its signs in the label colour, as UIKit's does since iOS 13;
/// `tintColor` is not used. Each half takes touches in at least 44×44 points.
@MainActor
open class Stepper: Control {
  /// The size every stepper has, as in UIKit.
  public static let defaultSize = Size(width: 94, height: 32)

  /// The value, kept within `minimumValue...maximumValue` (default 0). Setting it sends no
  /// event.
  open var value: Double {
    get { storedValue }
    set {
      storedValue = clamp(newValue)
      updateLook()
    }
  }

  /// The lowest value (default 0); it must stay below `maximumValue`.
  open var minimumValue = 0.0 {
    didSet {
      precondition(
        minimumValue < maximumValue,
        "Stepper.minimumValue \(minimumValue) must be less than maximumValue \(maximumValue)")
      value = storedValue
    }
  }

  /// The highest value (default 100); it must stay above `minimumValue`.
  open var maximumValue = 100.0 {
    didSet {
      precondition(
        maximumValue > minimumValue,
        "Stepper.maximumValue \(maximumValue) must be greater than minimumValue \(minimumValue)")
      value = storedValue
    }
  }

  /// How much one touch changes the value (default 1); it must be above 0.
  open var stepValue = 1.0 {
    didSet {
      precondition(stepValue > 0, "Stepper.stepValue \(stepValue) must be greater than 0")
    }
  }

  /// Whether stepping past one end goes round to the other (default `false`).
  open var wraps = false {
    didSet { if oldValue != wraps { updateLook() } }
  }

  /// Whether holding a side down repeats its step, faster and faster (default `true`).
  open var autorepeat = true

  /// Whether `.valueChanged` is sent at every step (the default) or once when the finger
  /// lifts.
  open var isContinuous = true

  private var storedValue = 0.0
  private var valueAtTouchDown = 0.0
  /// The side a finger holds: -1 (−), +1 (+) or 0.
  private(set) var heldSide = 0
  private var repeatAction: ScheduledAction?
  private(set) var repeatCount = 0

  let plate = ControlShapeView(shape: .roundedRect(cornerRadius: 8))
  let shade = ControlShapeView(shape: .roundedRect(cornerRadius: 8))
  let divider = View(frame: .zero)
  let minus = StepperSignView(isPlus: false)
  let plus = StepperSignView(isPlus: true)

  static let plateColor = Color(hex: 0x767680, alpha: 0.12)
  static let shadeColor = Color(hex: 0x767680, alpha: 0.16)
  static let dividerColor = Color(hex: 0x8e8e93, alpha: 0.3)
  /// How long a side is held before it repeats.
  static let repeatDelay = 0.5
  /// The intervals between repeats: after 0, 5 and 15 repeats.
  static let repeatIntervals: [(after: Int, interval: Double)] = [(0, 0.2), (5, 0.1), (15, 0.05)]

  /// Creates a stepper at `frame`'s origin, 94×32 points.
  public override init(frame: Rect) {
    super.init(frame: Rect(origin: frame.origin, size: Self.defaultSize))
    plate.fillColor = Self.plateColor
    shade.fillColor = Self.shadeColor
    shade.isHidden = true
    shade.layer.drawsAheadWhileHidden = true
    divider.backgroundColor = Self.dividerColor
    divider.isUserInteractionEnabled = false
    for part in [plate, shade, divider, minus, plus] as [View] { addSubview(part) }
    layoutParts()
    updateLook()
  }

  private func clamp(_ value: Double) -> Double {
    value.isNaN ? minimumValue : min(max(value, minimumValue), maximumValue)
  }

  /// Whether a touch on a side would change the value.
  func canStep(_ side: Int) -> Bool {
    guard isEnabled else { return false }
    if wraps { return true }
    return side < 0 ? storedValue > minimumValue : storedValue < maximumValue
  }

  // MARK: Layout and look

  private func layoutParts() {
    let b = bounds
    plate.frame = b
    let half = b.width / 2
    minus.frame = Rect(x: b.minX, y: b.minY, width: half, height: b.height)
    plus.frame = Rect(x: b.minX + half, y: b.minY, width: half, height: b.height)
    divider.frame = Rect(x: b.midX - 0.5, y: b.midY - 9, width: 1, height: 18)
    shade.frame = heldSide < 0 ? minus.frame : plus.frame
  }

  private func updateLook() {
    minus.alpha = canStep(-1) ? 1 : 0.3
    plus.alpha = canStep(1) ? 1 : 0.3
    shade.isHidden = heldSide == 0 || !isHighlighted
    if heldSide != 0 { shade.frame = heldSide < 0 ? minus.frame : plus.frame }
  }

  override func stateDidChange() {
    super.stateDidChange()
    updateLook()
  }

  /// Keeps the halves in the bounds.
  open override func layoutSubviews() {
    super.layoutSubviews()
    layoutParts()
  }

  /// The stepper's fixed size, 94×32 points.
  open override func sizeThatFits(_ size: Size) -> Size { Self.defaultSize }

  /// UIKit's 94 × 32 points.
  open override var intrinsicContentSize: Size { Self.defaultSize }

  /// The bounds, grown to at least 44 points tall so that a finger finds each half.
  open override func point(inside point: Point, with event: KioskUI.Event?) -> Bool {
    touchTargetArea.contains(point)
  }

  // MARK: Tracking

  /// The side under `point`: -1 for the left (−) half, +1 for the right (+).
  private func side(at point: Point) -> Int {
    point.x < bounds.midX ? -1 : 1
  }

  /// Steps the side under the finger at once and, with `autorepeat`, starts the repeat.
  open override func beginTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    let side = side(at: touch.location(in: self))
    guard canStep(side) else { return false }
    heldSide = side
    valueAtTouchDown = storedValue
    repeatCount = 0
    step(towards: heldSide)
    if autorepeat { scheduleRepeat(after: Self.repeatDelay) }
    return true
  }

  /// The repeat pauses while the finger is off the side it pressed.
  open override func continueTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    let location = touch.location(in: self)
    let onSide = isInTrackingArea(location) && side(at: location) == heldSide
    if !onSide {
      repeatAction?.cancel()
    } else if autorepeat, repeatAction?.isCancelled ?? true {
      scheduleRepeat(after: Self.repeatDelay)
    }
    updateLook()
    return true
  }

  /// Stops repeating; without `isContinuous`, reports the change once.
  open override func endTracking(_ touch: Touch?, with event: KioskUI.Event?) {
    finishHolding()
  }

  /// Stops repeating; without `isContinuous`, reports the change once (the value stays).
  open override func cancelTracking(with event: KioskUI.Event?) {
    finishHolding()
  }

  private func finishHolding() {
    repeatAction?.cancel()
    repeatAction = nil
    heldSide = 0
    updateLook()
    if !isContinuous && storedValue != valueAtTouchDown { sendValueChanged() }
  }

  private func scheduleRepeat(after delay: Double) {
    if let repeatAction {
      repeatAction.restart(after: delay)
    } else {
      repeatAction = ScheduledAction.after(delay) { [weak self] in self?.repeatStep() }
    }
  }

  private func repeatStep() {
    guard heldSide != 0, isTracking else { return }
    repeatCount += 1
    guard step(towards: heldSide) else { return }
    let interval = Self.repeatIntervals.last { repeatCount >= $0.after }?.interval ?? 0.2
    scheduleRepeat(after: interval)
  }

  /// Changes the value one step towards `side` (-1 or +1); returns whether it changed.
  @discardableResult
  func step(towards side: Int) -> Bool {
    guard canStep(side) else { return false }
    var next = storedValue + Double(side) * stepValue
    if next > maximumValue {
      next = wraps ? minimumValue : maximumValue
    } else if next < minimumValue {
      next = wraps ? maximumValue : minimumValue
    }
    guard next != storedValue else { return false }
    storedValue = next
    updateLook()
    if isContinuous { sendValueChanged() }
    return true
  }

  func sendValueChanged() {
    sendActions(for: .valueChanged)
    sendActions(for: .primaryActionTriggered)
  }
}

/// The − or + of a stepper's half, drawn once; its state shows through alpha.
@MainActor
final class StepperSignView: View {
  let isPlus: Bool
  static let color = Color(hex: 0x1c1c1e)
  static let length = 14.0
  static let thickness = 2.0

  init(isPlus: Bool) {
    self.isPlus = isPlus
    super.init(frame: .zero)
    isUserInteractionEnabled = false
    contentMode = .center
  }

  // MARK: Accessibility (each half is a button, as UIKit's; Stepper+Accessibility.swift)

  override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }

  override var accessibilityLabel: String? {
    get { accessibilityStore.label ?? (isPlus ? "Increment" : "Decrement") }
    set { super.accessibilityLabel = newValue }
  }

  override var accessibilityValue: String? {
    get { accessibilityStore.value ?? stepper?.describedValue }
    set { super.accessibilityValue = newValue }
  }

  override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? describedTraits }
    set { super.accessibilityTraits = newValue }
  }

  override func accessibilityActivate() -> Bool { stepper?.stepAsTap(isPlus ? 1 : -1) ?? false }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    let center = bounds.center
    let half = Self.length / 2
    let thick = Self.thickness
    context.setFillColor(Self.color)
    context.beginPath()
    context.addRoundedRect(
      Rect(x: center.x - half, y: center.y - thick / 2, width: Self.length, height: thick),
      cornerRadius: thick / 2)
    context.fillPath()
    if isPlus {
      context.beginPath()
      context.addRoundedRect(
        Rect(x: center.x - thick / 2, y: center.y - half, width: thick, height: Self.length),
        cornerRadius: thick / 2)
      context.fillPath()
    }
  }

  /// Only the sign's square is backed, not the whole half.
  override var drawingArea: Rect? {
    let side = Self.length + 2
    return Rect(
      x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
  }
}
