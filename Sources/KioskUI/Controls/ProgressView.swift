import KioskGraphics

/// A bar that fills from left to right as a task progresses, like UIKit's `UIProgressView`.
///
/// ```swift
/// let download = ProgressView(progressViewStyle: .default)
/// download.frame = Rect(x: 20, y: 200, width: 280, height: 4)
/// download.setProgress(0.4, animated: true)
/// ```
///
/// The bar is 4 points tall whatever the frame's height (it is centred in it). Moving the
/// progress resizes a clip over a bar drawn once: nothing is redrawn, animated or not.
/// UIKit's `observedProgress` (a Foundation `Progress` watched through key-value observing)
/// is not offered: Foundation on Linux has no key-value observing to watch it with.
@MainActor
open class ProgressView: View {
  /// The looks of a progress view.
  public enum Style: Sendable, Hashable {
    /// A bar with round ends on a light grey track.
    case `default`
    /// A bar with square ends on a clear track, as in a toolbar.
    case bar
  }

  /// The look (default `.default`).
  open var progressViewStyle: Style = .default {
    didSet { if oldValue != progressViewStyle { updateLook() } }
  }

  /// How much is done, from 0 to 1 (values outside are clamped, NaN counts as 0). Setting
  /// it moves the bar at once.
  open var progress: Float {
    get { storedProgress }
    set { setProgress(newValue, animated: false) }
  }

  /// The filled part's colour (default: `tintColor`).
  open var progressTintColor: Color? {
    didSet { if oldValue != progressTintColor { updateLook() } }
  }

  /// The track's colour (default: light grey for `.default`, clear for `.bar`).
  open var trackTintColor: Color? {
    didSet { if oldValue != trackTintColor { updateLook() } }
  }

  /// The colour of the filled part when `progressTintColor` is not set
  /// (`Color.defaultTint`).
  open var tintColor: Color = .defaultTint {
    didSet { if oldValue != tintColor { updateLook() } }
  }

  private var storedProgress: Float = 0

  let track = ControlShapeView(shape: .capsule)
  /// Clips the full-length bar at the progress: moving it resizes the clip, nothing else.
  let fillClip = View(frame: .zero)
  let fill = ControlShapeView(shape: .capsule)

  static let barHeight = 4.0
  static let defaultTrackColor = Color(hex: 0xe5e5ea)
  static let animationDuration = 0.25

  /// Creates a progress view in `frame`, at 0.
  public override init(frame: Rect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
    fillClip.clipsToBounds = true
    fillClip.isUserInteractionEnabled = false
    fillClip.addSubview(fill)
    addSubview(track)
    addSubview(fillClip)
    updateLook()
    layoutParts()
  }

  /// Creates a progress view of `style`, 150 points wide (set its frame), at 0.
  public convenience init(progressViewStyle style: Style) {
    self.init(frame: Rect(x: 0, y: 0, width: 150, height: Self.barHeight))
    progressViewStyle = style
    updateLook()  // observers do not run in the class's own initializers
  }

  // MARK: Accessibility (its value is the progress as a percentage)

  open override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }

  open override var accessibilityValue: String? {
    get { accessibilityStore.value ?? Accessibility.percent(Double(progress)) }
    set { super.accessibilityValue = newValue }
  }

  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? .updatesFrequently }
    set { super.accessibilityTraits = newValue }
  }

  /// Sets the progress (clamped to 0...1), growing or shrinking the bar over a quarter of
  /// a second when `animated`.
  open func setProgress(_ progress: Float, animated: Bool) {
    storedProgress = progress.isNaN ? 0 : min(max(progress, 0), 1)
    changeParts(animated: animated, duration: Self.animationDuration) { layoutParts() }
  }

  private func layoutParts() {
    let b = bounds
    let bar = Rect(
      x: b.minX, y: b.midY - Self.barHeight / 2, width: b.width, height: Self.barHeight)
    track.frame = bar
    fillClip.frame = Rect(
      x: bar.minX, y: bar.minY, width: bar.width * Double(storedProgress), height: bar.height)
    fill.frame = Rect(x: 0, y: 0, width: bar.width, height: bar.height)
  }

  private func updateLook() {
    let shape: ControlShapeView.Shape =
      progressViewStyle == .bar ? .roundedRect(cornerRadius: 0) : .capsule
    track.shape = shape
    fill.shape = shape
    let traits = traitCollection
    track.fillColor =
      (trackTintColor ?? (progressViewStyle == .bar ? .clear : Self.defaultTrackColor))
      .resolvedColor(with: traits)
    fill.fillColor = (progressTintColor ?? tintColor).resolvedColor(with: traits)
  }

  /// Increase Contrast turned on or off: the colours follow.
  open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) {
      updateLook()
    }
  }

  /// Keeps the bar in the bounds.
  open override func layoutSubviews() {
    super.layoutSubviews()
    layoutParts()
  }

  /// The bar's height and no width of its own (`View.noIntrinsicMetric`), as UIKit's: a
  /// progress view takes the width it is given.
  open override var intrinsicContentSize: Size {
    Size(width: View.noIntrinsicMetric, height: Self.barHeight)
  }

  /// The width asked for (or 150 points) by the bar's 4.
  open override func sizeThatFits(_ size: Size) -> Size {
    Size(width: size.width > 0 ? size.width : 150, height: Self.barHeight)
  }
}
