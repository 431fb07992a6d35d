import KioskGraphics

/// The base of views that turn touches into actions (buttons, switches, sliders), with the
/// semantics of UIKit's `UIControl`: a state (highlighted, disabled, selected), control
/// events (`.touchDown`, `.touchUpInside`, `.valueChanged`…) and the actions registered
/// for them.
///
/// A control tracks one finger through the responder methods: touch-down highlights it,
/// dragging more than about 70 points beyond its bounds unhighlights it (`.touchDragExit`),
/// coming back highlights it again (`.touchDragEnter`), and lifting the finger sends
/// `.touchUpInside` or `.touchUpOutside`. Its touches do not go up the responder chain. A
/// disabled control tracks nothing: its touches go on to the next responder, as in UIKit.
///
/// ```swift
/// saveButton.addTarget(self, action: { $0.save() }, for: .touchUpInside)
/// slider.addAction(Action { _ in player.volume = slider.value }, for: .valueChanged)
/// ```
///
/// Subclasses customise tracking by overriding `beginTracking(_:with:)`,
/// `continueTracking(_:with:)`, `endTracking(_:with:)` and `cancelTracking(with:)`. Inside
/// a `Control` subclass, the touch event type is spelled `KioskUI.Event`, because
/// `Event` there names `Control.Event`.
@MainActor
open class Control: View {
  /// The states of a control; a control is in several at once (selected and highlighted).
  public struct State: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a state from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Enabled, not selected, not highlighted.
    public static let normal = State([])
    /// A finger is on the control (set and cleared by touch tracking).
    public static let highlighted = State(rawValue: 1 << 0)
    /// The control is not enabled (`isEnabled` is false).
    public static let disabled = State(rawValue: 1 << 1)
    /// The control is selected (`isSelected`), e.g. a toggle that is on.
    public static let selected = State(rawValue: 1 << 2)
  }

  /// What happened on a control; actions are registered for one or several events.
  public struct Event: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates an event set from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// A finger touched down on the control.
    public static let touchDown = Event(rawValue: 1 << 0)
    /// A finger touched down again quickly (the touch's `tapCount` is over 1).
    public static let touchDownRepeat = Event(rawValue: 1 << 1)
    /// The finger moved while inside the control's tracking area.
    public static let touchDragInside = Event(rawValue: 1 << 2)
    /// The finger moved while outside the control's tracking area.
    public static let touchDragOutside = Event(rawValue: 1 << 3)
    /// The finger came back into the tracking area.
    public static let touchDragEnter = Event(rawValue: 1 << 4)
    /// The finger left the tracking area (the bounds and about 70 points around them).
    public static let touchDragExit = Event(rawValue: 1 << 5)
    /// The finger lifted inside the tracking area: the usual "tap" of a button.
    public static let touchUpInside = Event(rawValue: 1 << 6)
    /// The finger lifted outside the tracking area.
    public static let touchUpOutside = Event(rawValue: 1 << 7)
    /// The system took the touch away (e.g. the control left its window).
    public static let touchCancel = Event(rawValue: 1 << 8)
    /// The user changed the control's value (a switch flipped, a slider moved).
    public static let valueChanged = Event(rawValue: 1 << 12)
    /// The control's main action: a button's tap, a switch's or slider's change.
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    /// A text field began editing (it became first responder).
    public static let editingDidBegin = Event(rawValue: 1 << 16)
    /// The person changed a text field's text.
    public static let editingChanged = Event(rawValue: 1 << 17)
    /// A text field ended editing.
    public static let editingDidEnd = Event(rawValue: 1 << 18)
    /// Return was tapped in a text field; an action registered for it ends editing.
    public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
    /// Every editing event.
    public static let allEditingEvents = Event(rawValue: 0x000f_0000)
    /// Every touch event.
    public static let allTouchEvents = Event(rawValue: 0x0fff)
    /// Every event.
    public static let allEvents = Event(rawValue: 0xffff_ffff)
  }

  /// Whether the control responds to touches. A disabled control is drawn dimmed, tracks
  /// nothing, and lets its touches go on to the next responder.
  open var isEnabled = true {
    didSet {
      guard oldValue != isEnabled else { return }
      if !isEnabled { abandonTracking() }
      stateDidChange()
    }
  }

  /// Whether the control is selected; what that looks like is up to the control.
  open var isSelected = false {
    didSet { if oldValue != isSelected { stateDidChange() } }
  }

  /// Whether a finger is on the control; tracking sets and clears it.
  open var isHighlighted = false {
    didSet { if oldValue != isHighlighted { stateDidChange() } }
  }

  /// The control's state, from `isEnabled`, `isSelected` and `isHighlighted`.
  open var state: State {
    var state = State.normal
    if isHighlighted { state.insert(.highlighted) }
    if !isEnabled { state.insert(.disabled) }
    if isSelected { state.insert(.selected) }
    return state
  }

  /// The accent colour of the control's look (a button's fill, a slider's track):
  /// `Color.defaultTint`, a darker blue than UIKit's `systemBlue` so that titles in it keep
  /// WCAG's contrast (see `Color.defaultTint`).
  open var tintColor: Color = .defaultTint {
    didSet { if oldValue != tintColor { stateDidChange() } }
  }

  /// Whether the control is following a finger now.
  public internal(set) var isTracking = false
  /// Whether the tracked finger is inside the control's tracking area (the bounds and about
  /// 70 points around them).
  public internal(set) var isTouchInside = false

  /// How far (points) beyond the bounds the finger still counts as inside: UIKit's margin
  /// (`trackingMargin`) unless a control whose neighbours touch it needs none.
  var touchTrackingMargin: Double { Self.trackingMargin }
  /// The finger this control follows, from touch-down to lift-off (tracking or not).
  var trackingTouch: Touch?
  /// Touches that arrived while the control was disabled: they go up the responder chain
  /// until they end, even if the control is enabled meanwhile.
  var forwardedTouches: Set<Touch> = []
  /// The registered target-actions and actions, in the order they were added.
  var registrations: [ActionRegistration] = []

  /// Creates a control.
  public override init(frame: Rect) {
    super.init(frame: frame)
  }

  /// Creates a control that runs `primaryAction` on `.primaryActionTriggered`.
  public convenience init(frame: Rect, primaryAction: Action?) {
    self.init(frame: frame)
    if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
  }

  // MARK: Tracking hooks

  /// UIKit's rule for controls under a gesture: a single-finger single tap recognized by
  /// another view (a superview's tap) does not begin on an enabled control, so the
  /// control's own action wins. Override to change it; call `super` for the rest.
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer)
    -> Bool
  {
    if isEnabled, gestureRecognizer.view !== self,
      let tap = gestureRecognizer as? TapGestureRecognizer, tap.numberOfTapsRequired == 1,
      tap.numberOfTouchesRequired == 1
    {
      return false
    }
    return super.gestureRecognizerShouldBegin(gestureRecognizer)
  }

  /// A finger touched down on the control. Return `false` to ignore it (the control then
  /// neither highlights nor sends events for this touch). The default returns `true`.
  open func beginTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    true
  }

  /// The tracked finger moved. Return `false` to stop tracking it. The default returns
  /// `true`.
  open func continueTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    true
  }

  /// The tracked finger lifted; `.touchUpInside` or `.touchUpOutside` follows. The default
  /// does nothing.
  open func endTracking(_ touch: Touch?, with event: KioskUI.Event?) {}

  /// Tracking was cancelled (the touch was cancelled, or the control was disabled);
  /// `.touchCancel` follows for a cancelled touch. The default does nothing.
  open func cancelTracking(with event: KioskUI.Event?) {}

  // MARK: Touches

  /// Starts tracking the first finger (or passes the touches on while disabled).
  open override func touchesBegan(_ touches: Set<Touch>, with event: KioskUI.Event?) {
    guard isEnabled else {
      forwardedTouches.formUnion(touches)
      return super.touchesBegan(touches, with: event)
    }
    trackTouchesBegan(touches, with: event)
  }

  /// Follows the tracked finger.
  open override func touchesMoved(_ touches: Set<Touch>, with event: KioskUI.Event?) {
    let forwarded = touches.intersection(forwardedTouches)
    if !forwarded.isEmpty { super.touchesMoved(forwarded, with: event) }
    trackTouchesMoved(touches, with: event)
  }

  /// Ends tracking with `.touchUpInside` or `.touchUpOutside`.
  open override func touchesEnded(_ touches: Set<Touch>, with event: KioskUI.Event?) {
    let forwarded = touches.intersection(forwardedTouches)
    if !forwarded.isEmpty {
      forwardedTouches.subtract(forwarded)
      super.touchesEnded(forwarded, with: event)
    }
    trackTouchesEnded(touches, with: event)
  }

  /// Ends tracking with `.touchCancel`.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: KioskUI.Event?) {
    let forwarded = touches.intersection(forwardedTouches)
    if !forwarded.isEmpty {
      forwardedTouches.subtract(forwarded)
      super.touchesCancelled(forwarded, with: event)
    }
    trackTouchesCancelled(touches, with: event)
  }

  // MARK: Subclass hooks within KioskUI

  /// Called when `isEnabled`, `isSelected`, `isHighlighted` or `tintColor` changed: the
  /// built-in controls update their look here.
  func stateDidChange() {}

  /// A change of contrast or weight changes the colours and fonts the built-in controls
  /// draw with: they update their look as for a change of state.
  open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    let traits = traitCollection
    if traits.hasDifferentColorAppearance(comparedTo: previousTraitCollection)
      || traits.legibilityWeight != previousTraitCollection?.legibilityWeight
    {
      stateDidChange()
    }
  }

  /// Whether `.primaryActionTriggered` follows `.touchUpInside` (buttons).
  var sendsPrimaryActionOnTouchUpInside: Bool { false }
}
