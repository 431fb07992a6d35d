import KioskGraphics

/// An on/off toggle, like UIKit's `UISwitch`: a tap flips it, and dragging the thumb to
/// the other side flips it too. It sends `.valueChanged` (and `.primaryActionTriggered`)
/// only when the user changed the value; setting `isOn` from code sends nothing.
///
/// ```swift
/// let sound = Switch(frame: Rect(x: 20, y: 20, width: 0, height: 0))  // 51×31 points
/// sound.isOn = settings.soundOn
/// sound.addTarget(self, action: { $0.soundChanged($1) }, for: .valueChanged)
/// ```
@MainActor
open class Switch: Control {
  /// The size every switch starts with, as in UIKit.
  public static let defaultSize = Size(width: 51, height: 31)

  /// Whether the switch is on. Setting it moves the thumb without animation and sends no
  /// event.
  open var isOn: Bool {
    get { on }
    set { setOn(newValue, animated: false) }
  }

  /// The track's colour when on (default: green).
  open var onTintColor: Color? {
    didSet { if oldValue != onTintColor { updateColors() } }
  }

  /// The thumb's colour (default: white).
  open var thumbTintColor: Color? {
    didSet { if oldValue != thumbTintColor { updateColors() } }
  }

  private var on = false
  /// Where the thumb is shown while a finger drags it (`nil`: where `isOn` puts it).
  private var preview: Bool?
  private var touchStartX = 0.0
  private var dragged = false

  let offTrack = ControlShapeView(shape: .capsule)
  let onTrack = ControlShapeView(shape: .capsule)
  let thumb = ControlShapeView(shape: .ellipse)

  static let defaultOnTint = Color(hex: 0x34c759)
  static let offTrackColor = Color(hex: 0xe9e9eb)
  static let thumbInset = 2.0
  static let thumbShadow = 2.0
  /// How far (points) a finger moves before the switch follows it instead of waiting for
  /// a tap.
  static let dragThreshold = 8.0
  static let animationDuration = 0.25

  /// Creates a switch at `frame`'s origin, 51×31 points.
  public override init(frame: Rect) {
    super.init(frame: Rect(origin: frame.origin, size: Self.defaultSize))
    thumb.shadowMargin = Self.thumbShadow
    for part in [offTrack, onTrack, thumb] {
      addSubview(part)
    }
    onTrack.alpha = 0
    updateColors()
    layoutParts()
  }

  /// Sets the value, moving the thumb (and fading the track colour) over a quarter of a
  /// second when `animated`. Sends no event.
  open func setOn(_ isOn: Bool, animated: Bool) {
    on = isOn
    preview = nil
    showValue(isOn, animated: animated)
  }

  /// The thumb's rectangle for a value, shadow margin included.
  private func thumbFrame(on: Bool) -> Rect {
    let b = bounds
    let diameter = max(b.height - 2 * Self.thumbInset, 0)
    let x = on ? b.maxX - Self.thumbInset - diameter : b.minX + Self.thumbInset
    let shadow = Self.thumbShadow
    return Rect(
      x: x - shadow, y: b.midY - diameter / 2 - shadow, width: diameter + 2 * shadow,
      height: diameter + 2 * shadow)
  }

  private func showValue(_ value: Bool, animated: Bool) {
    let apply = {
      self.thumb.frame = self.thumbFrame(on: value)
      self.onTrack.alpha = value ? 1 : 0
    }
    if animated && window != nil {
      View.animate(
        withDuration: Self.animationDuration, delay: 0, options: [.allowUserInteraction],
        animations: apply)
    } else {
      View.performWithoutAnimation(apply)
    }
  }

  private func layoutParts() {
    offTrack.frame = bounds
    onTrack.frame = bounds
    thumb.frame = thumbFrame(on: preview ?? on)
  }

  private func updateColors() {
    let dim = !isEnabled
    let traits = traitCollection
    func look(_ color: Color) -> Color {
      let color = color.resolvedColor(with: traits)
      return dim ? color.interpolated(to: .white, fraction: 0.5) : color
    }
    offTrack.fillColor = look(Self.offTrackColor)
    onTrack.fillColor = look(onTintColor ?? Self.defaultOnTint)
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

  /// The switch's fixed size.
  open override func sizeThatFits(_ size: Size) -> Size { Self.defaultSize }

  /// The switch's fixed size, 51×31 points.
  open override var intrinsicContentSize: Size { Self.defaultSize }

  /// The bounds, grown to at least 44×44 points so that a finger finds the switch.
  open override func point(inside point: Point, with event: KioskUI.Event?) -> Bool {
    touchTargetArea.contains(point)
  }

  override func stateDidChange() {
    super.stateDidChange()
    updateColors()
  }

  // MARK: Accessibility (Switch+Accessibility.swift)

  open override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }

  /// "on" or "off". UIKit's switch gives "1" or "0" and VoiceOver turns those into words;
  /// KioskKit's screen reader speaks the value as it is, so the words are the value.
  open override var accessibilityValue: String? {
    get { accessibilityStore.value ?? (isOn ? "on" : "off") }
    set { super.accessibilityValue = newValue }
  }

  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? describedTraits([.button, .toggleButton]) }
    set { super.accessibilityTraits = newValue }
  }

  open override func accessibilityActivate() -> Bool { toggleAsTap() }

  // MARK: Tracking

  /// Starts following the finger.
  open override func beginTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    touchStartX = touch.location(in: self).x
    dragged = false
    preview = nil
    return true
  }

  /// Once the finger has moved a little, the thumb goes to the side the finger is on.
  open override func continueTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    let x = touch.location(in: self).x
    if !dragged && abs(x - touchStartX) > Self.dragThreshold { dragged = true }
    guard dragged else { return true }
    let side = x > bounds.midX
    if side != (preview ?? on) {
      preview = side
      showValue(side, animated: true)
    }
    return true
  }

  /// A tap flips the switch; a drag leaves it on the side the thumb was dragged to.
  open override func endTracking(_ touch: Touch?, with event: KioskUI.Event?) {
    let newValue = dragged ? (preview ?? on) : !on
    preview = nil
    if newValue != on {
      setOn(newValue, animated: true)
      sendActions(for: .valueChanged)
      sendActions(for: .primaryActionTriggered)
    } else {
      showValue(on, animated: true)
    }
  }

  /// Puts the thumb back where the value says.
  open override func cancelTracking(with event: KioskUI.Event?) {
    preview = nil
    showValue(on, animated: true)
  }
}

extension Rect {
  /// The rectangle grown about its centre to at least `side` points each way.
  func expanded(toAtLeast side: Double) -> Rect {
    let dx = min(0, (width - side) / 2)
    let dy = min(0, (height - side) / 2)
    return insetBy(dx: dx, dy: dy)
  }
}
