import KioskGraphics

/// A control for picking a value from a continuous range by dragging a thumb along a
/// track, like UIKit's `UISlider`. Dragging starts on the thumb (a touch area of at least
/// 44×44 points around it); the value then follows the finger, clamped to the range.
///
/// ```swift
/// let volume = Slider(frame: Rect(x: 20, y: 100, width: 300, height: 31))
/// volume.value = player.volume
/// volume.addTarget(self, action: { $0.volumeChanged($1) }, for: .valueChanged)
/// ```
///
/// With `isContinuous` (the default) `.valueChanged` is sent at every move that changes
/// the value; otherwise once, when the finger lifts.
@MainActor
open class Slider: Control {
  /// The value, kept within `minimumValue...maximumValue`. Setting it sends no event.
  open var value: Float {
    get { storedValue }
    set { setValue(newValue, animated: false) }
  }

  /// The value at the left end of the track (default 0).
  open var minimumValue: Float = 0 {
    didSet { rangeDidChange() }
  }

  /// The value at the right end of the track (default 1).
  open var maximumValue: Float = 1 {
    didSet { rangeDidChange() }
  }

  /// Whether `.valueChanged` is sent while the thumb moves (the default) or only when the
  /// finger lifts.
  open var isContinuous = true

  /// The track's colour left of the thumb (default: `tintColor`).
  open var minimumTrackTintColor: Color? {
    didSet { if oldValue != minimumTrackTintColor { updateColors() } }
  }

  /// The track's colour right of the thumb (default: light grey).
  open var maximumTrackTintColor: Color? {
    didSet { if oldValue != maximumTrackTintColor { updateColors() } }
  }

  /// The thumb's colour (default: white).
  open var thumbTintColor: Color? {
    didSet { if oldValue != thumbTintColor { updateColors() } }
  }

  private var storedValue: Float = 0
  private var valueAtTouchDown: Float = 0
  /// Where on the thumb the finger took hold, so that the thumb does not jump under it.
  private var grabOffset = 0.0

  let maximumTrack = ControlShapeView(shape: .capsule)
  /// Clips the full-length minimum track at the thumb: moving the thumb resizes the clip
  /// and redraws nothing.
  let minimumTrackClip = View(frame: .zero)
  let minimumTrack = ControlShapeView(shape: .capsule)
  let thumb = ControlShapeView(shape: .ellipse)

  static let thumbDiameter = 28.0
  static let thumbShadow = 3.0
  static let trackHeight = 4.0
  static let defaultHeight = 31.0
  static let defaultMaximumTrackColor = Color(hex: 0xe5e5ea)
  static let animationDuration = 0.25

  /// Creates a slider; a frame without a height gets UIKit's 31 points.
  public override init(frame: Rect) {
    var frame = frame
    if frame.height == 0 { frame.size.height = Self.defaultHeight }
    super.init(frame: frame)
    minimumTrackClip.clipsToBounds = true
    minimumTrackClip.isUserInteractionEnabled = false
    minimumTrackClip.addSubview(minimumTrack)
    thumb.shadowMargin = Self.thumbShadow
    addSubview(maximumTrack)
    addSubview(minimumTrackClip)
    addSubview(thumb)
    updateColors()
    layoutParts()
  }

  /// Sets the value (clamped to the range), sliding the thumb over a quarter of a second
  /// when `animated`. Sends no event.
  open func setValue(_ value: Float, animated: Bool) {
    storedValue = clamp(value)
    if animated && window != nil {
      // The thumb can be caught while it glides to the new value.
      View.animate(
        withDuration: Self.animationDuration, delay: 0, options: [.allowUserInteraction],
        animations: { self.layoutParts() })
    } else {
      View.performWithoutAnimation { layoutParts() }
    }
  }

  private func clamp(_ value: Float) -> Float {
    let low = minimumValue
    let high = max(minimumValue, maximumValue)
    return value.isNaN ? low : min(max(value, low), high)
  }

  private func rangeDidChange() {
    value = storedValue
  }

  // MARK: Geometry

  /// The x of the thumb's centre at each end of its travel.
  private var travel: (start: Double, end: Double) {
    let radius = Self.thumbDiameter / 2
    let start = bounds.minX + radius
    return (start, max(bounds.maxX - radius, start))
  }

  private var fraction: Double {
    let span = Double(maximumValue) - Double(minimumValue)
    guard span > 0 else { return 0 }
    return (Double(storedValue) - Double(minimumValue)) / span
  }

  private var thumbCenterX: Double {
    let (start, end) = travel
    return start + (end - start) * fraction
  }

  /// The value whose thumb centre is at `x`, clamped.
  private func value(atThumbCenter x: Double) -> Float {
    let (start, end) = travel
    guard end > start else { return minimumValue }
    let t = min(max((x - start) / (end - start), 0), 1)
    return clamp(minimumValue + Float(t) * (maximumValue - minimumValue))
  }

  /// The thumb's rectangle, shadow margin included.
  private var thumbFrame: Rect {
    let size = Self.thumbDiameter + 2 * Self.thumbShadow
    return Rect(
      x: thumbCenterX - size / 2, y: bounds.midY - size / 2, width: size, height: size)
  }

  private func layoutParts() {
    let b = bounds
    let track = Rect(
      x: b.minX, y: b.midY - Self.trackHeight / 2, width: b.width, height: Self.trackHeight)
    maximumTrack.frame = track
    minimumTrackClip.frame = Rect(
      x: track.minX, y: track.minY, width: max(thumbCenterX - track.minX, 0), height: track.height)
    minimumTrack.frame = Rect(x: 0, y: 0, width: track.width, height: track.height)
    thumb.frame = thumbFrame
  }

  private func updateColors() {
    let dim = !isEnabled
    let traits = traitCollection
    func look(_ color: Color) -> Color {
      let color = color.resolvedColor(with: traits)
      return dim ? color.interpolated(to: .white, fraction: 0.5) : color
    }
    minimumTrack.fillColor = look(minimumTrackTintColor ?? tintColor)
    maximumTrack.fillColor = look(maximumTrackTintColor ?? Self.defaultMaximumTrackColor)
    thumb.fillColor = look(thumbTintColor ?? .white)
  }

  /// Increase Contrast turned on or off: the colours follow.
  open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) {
      updateColors()
    }
  }

  /// Keeps the track and thumb in the bounds.
  open override func layoutSubviews() {
    super.layoutSubviews()
    layoutParts()
  }

  /// The width asked for (or 118 points) by UIKit's 31.
  open override func sizeThatFits(_ size: Size) -> Size {
    Size(width: size.width > 0 ? size.width : 118, height: Self.defaultHeight)
  }

  /// UIKit's 31 points tall; no width of its own (`View.noIntrinsicMetric`): a slider
  /// takes the width it is given.
  open override var intrinsicContentSize: Size {
    Size(width: View.noIntrinsicMetric, height: Self.defaultHeight)
  }

  /// The bounds, grown to at least 44 points tall so that a finger finds the thumb.
  open override func point(inside point: Point, with event: KioskUI.Event?) -> Bool {
    touchTargetArea.contains(point)
  }

  override func stateDidChange() {
    super.stateDidChange()
    updateColors()
  }

  // MARK: Accessibility (Slider+Accessibility.swift)

  open override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }

  open override var accessibilityValue: String? {
    get { accessibilityStore.value ?? Accessibility.percent(describedFraction) }
    set { super.accessibilityValue = newValue }
  }

  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? describedTraits(.adjustable) }
    set { super.accessibilityTraits = newValue }
  }

  open override func accessibilityIncrement() { adjust(by: 1) }

  open override func accessibilityDecrement() { adjust(by: -1) }

  // MARK: Tracking

  /// Takes hold of the thumb if the finger is on it (within 44×44 points); a touch on the
  /// track elsewhere does nothing.
  open override func beginTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    let point = touch.location(in: self)
    guard thumbTarget.contains(point) else { return false }
    grabOffset = point.x - thumbCenterX
    valueAtTouchDown = storedValue
    return true
  }

  /// Where a finger takes hold of the thumb: the thumb, grown to at least 44 points.
  private var thumbTarget: Rect {
    Rect(
      x: thumbCenterX - Self.thumbDiameter / 2, y: bounds.midY - Self.thumbDiameter / 2,
      width: Self.thumbDiameter, height: Self.thumbDiameter
    ).expanded(toAtLeast: 44)
  }

  /// As UIKit's slider does: another view's recognizer (a scroll view's pan, a swipe) does
  /// not begin for a finger on the thumb, so the thumb can be dragged inside scrolling
  /// content. (The finger may have moved up to a pan's threshold since it touched down.)
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer)
    -> Bool
  {
    guard isEnabled, gestureRecognizer.view !== self else {
      return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
    if isTracking { return false }
    let grip = thumbTarget.insetBy(dx: -10, dy: -10)
    for index in 0..<gestureRecognizer.numberOfTouches
    where grip.contains(gestureRecognizer.location(ofTouch: index, in: self)) {
      return false
    }
    return super.gestureRecognizerShouldBegin(gestureRecognizer)
  }

  /// Moves the thumb with the finger.
  open override func continueTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    let newValue = value(atThumbCenter: touch.location(in: self).x - grabOffset)
    guard newValue != storedValue else { return true }
    setValue(newValue, animated: false)
    if isContinuous { sendValueChanged() }
    return true
  }

  /// Without `isContinuous`, reports the new value once.
  open override func endTracking(_ touch: Touch?, with event: KioskUI.Event?) {
    if !isContinuous && storedValue != valueAtTouchDown { sendValueChanged() }
  }

  /// Keeps the value where the finger left it and, without `isContinuous`, reports it: the
  /// app should know what the slider shows.
  open override func cancelTracking(with event: KioskUI.Event?) {
    if !isContinuous && storedValue != valueAtTouchDown { sendValueChanged() }
  }

  private func sendValueChanged() {
    sendActions(for: .valueChanged)
    sendActions(for: .primaryActionTriggered)
  }
}
