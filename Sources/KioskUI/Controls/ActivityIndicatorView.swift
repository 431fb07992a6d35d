import KioskGraphics

#if canImport(Glibc)
  import Glibc  // sin, cos
#endif

/// A spinner that shows work is under way, like UIKit's `UIActivityIndicatorView`: eight
/// spokes whose shading turns round once a second while it animates.
///
/// ```swift
/// let spinner = ActivityIndicatorView(style: .large)
/// spinner.center = view.center
/// view.addSubview(spinner)
/// spinner.startAnimating()
/// // … when the work is done:
/// spinner.stopAnimating()  // and, with `hidesWhenStopped`, it hides
/// ```
///
/// It costs nothing while it cannot be seen: it steps only while it animates and is on
/// screen (in a window, not hidden, no hidden or fully transparent ancestor, alpha above 0).
/// Stopped, hidden or off screen, it runs no timer and causes no frames; it picks up where
/// it was when it shows again. Each step only swaps one of eight cached pictures (drawn once
/// for the colour, style and screen scale), so a step draws nothing and composites only the
/// spinner's own square.
@MainActor
open class ActivityIndicatorView: View {
  /// The spinner's sizes.
  public enum Style: Sendable, Hashable {
    /// A 20×20-point spinner (the default).
    case medium
    /// A 37×37-point spinner.
    case large

    /// The square the spinner fills, in points.
    var side: Double {
      switch self {
      case .medium: 20
      case .large: 37
      }
    }
  }

  /// The spinner's size. Changing it keeps the frame (`sizeToFit()` takes the new size) and
  /// draws the spokes again at the new size, centred in the bounds.
  open var style: Style {
    didSet {
      guard oldValue != style else { return }
      invalidatePictures()
      invalidateIntrinsicContentSize()
    }
  }

  /// The colour of the spokes (default: grey).
  open var color: Color = ActivityIndicatorView.defaultColor {
    didSet { if oldValue != color { invalidatePictures() } }
  }

  /// Whether the spinner hides itself when it stops (and shows itself when it starts). The
  /// default is `true`, so a new spinner is hidden until `startAnimating()`.
  open var hidesWhenStopped = true {
    didSet {
      if oldValue != hidesWhenStopped, !isAnimating { isHidden = hidesWhenStopped }
    }
  }

  /// Whether the spinner is animating (between `startAnimating()` and `stopAnimating()`),
  /// whether or not it can be seen now.
  public private(set) var isAnimating = false

  static let defaultColor = Color(hex: 0x8e8e93)
  static let spokeCount = 8
  /// Seconds per step: a turn a second, as UIKit's.
  static let stepInterval = 1.0 / Double(spokeCount)

  /// Shows the picture of the current phase.
  let spokes = ImageView(frame: .zero)
  /// The spoke drawn darkest, 0 at the top, going clockwise.
  private(set) var phase = 0
  /// The eight pictures, drawn when first needed, for `picturesScale`.
  private var pictures: [Image?] = Array(repeating: nil, count: spokeCount)
  private var picturesScale = 0.0
  private var stepAction: ScheduledAction?
  private var isObservingCommits = false
  /// How many pictures were drawn (tests check that steps reuse them).
  private(set) var pictureDrawCount = 0

  /// Creates a spinner of `style`, sized to it, stopped (and so hidden).
  public init(style: Style = .medium) {
    self.style = style
    super.init(frame: Rect(x: 0, y: 0, width: style.side, height: style.side))
    setUp()
  }

  /// Creates a medium spinner in `frame`, stopped (and so hidden).
  public override init(frame: Rect) {
    style = .medium
    super.init(frame: frame)
    setUp()
  }

  private func setUp() {
    spokes.contentMode = .center
    addSubview(spokes)
    isHidden = hidesWhenStopped
    layoutSpokes()
  }

  // MARK: Accessibility (ActivityIndicatorView+Accessibility.swift)

  open override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }

  open override var accessibilityLabel: String? {
    get { accessibilityStore.label ?? describedLabel }
    set { super.accessibilityLabel = newValue }
  }

  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? .updatesFrequently }
    set { super.accessibilityTraits = newValue }
  }

  // MARK: Animating

  /// Starts the spinner (and shows it, with `hidesWhenStopped`). It steps while it can be
  /// seen.
  open func startAnimating() {
    guard !isAnimating else { return }
    isAnimating = true
    if hidesWhenStopped { isHidden = false }
    updateStepping()
  }

  /// Stops the spinner where it is (and hides it, with `hidesWhenStopped`).
  open func stopAnimating() {
    guard isAnimating else { return }
    isAnimating = false
    if hidesWhenStopped { isHidden = true }
    updateStepping()
  }

  /// Whether the spinner can be seen now: in a window on a screen, and neither it nor an
  /// ancestor hidden or fully transparent (on screen now: a fade still running counts).
  var isVisibleOnScreen: Bool {
    guard layer.hostScreen != nil else { return false }
    var view: View? = self
    while let current = view {
      let state = current.layer
      if state.isHidden || max(state.opacity, state.presented.opacity) <= 0 { return false }
      view = current.superview
    }
    return true
  }

  /// Runs the step timer exactly while the spinner animates and can be seen, and watches
  /// the commits (where an ancestor's change shows) while it animates in a window.
  private func updateStepping() {
    let watch = isAnimating && window != nil
    if watch != isObservingCommits {
      isObservingCommits = watch
      if watch { CommitObservers.add(self) } else { CommitObservers.remove(self) }
    }
    let visible = isVisibleOnScreen
    if visible { showPhase() }
    if isAnimating && visible {
      guard stepAction == nil else { return }
      stepAction = ScheduledAction.after(Self.stepInterval, repeating: Self.stepInterval) {
        [weak self] in self?.step()
      }
    } else if let stepAction {
      stepAction.cancel()
      self.stepAction = nil
    }
  }

  private func step() {
    phase = (phase + 1) % Self.spokeCount
    showPhase()
  }

  // MARK: Pictures

  private func invalidatePictures() {
    pictures = Array(repeating: nil, count: Self.spokeCount)
    layoutSpokes()
    if isVisibleOnScreen { showPhase() }
  }

  /// Shows the current phase's picture, drawing it if it was not drawn yet.
  private func showPhase() {
    let scale = window?.screen.scale ?? layer.contentsScale
    if scale != picturesScale {
      pictures = Array(repeating: nil, count: Self.spokeCount)
      picturesScale = scale
    }
    if pictures[phase] == nil { pictures[phase] = drawPicture(phase: phase, scale: scale) }
    spokes.image = pictures[phase]
  }

  private func drawPicture(phase: Int, scale: Double) -> Image? {
    pictureDrawCount += 1
    let side = style.side
    let count = Self.spokeCount
    let color = color
    // Proportions of UIKit's spokes: from 44% to 100% of the radius, 13% of the side wide.
    let outer = side / 2 - side * 0.065
    let inner = side * 0.22
    let width = side * 0.13
    return try? Image.render(size: Size(width: side, height: side), scale: scale) { context in
      context.setLineWidth(width)
      context.setLineCap(.round)
      for spoke in 0..<count {
        // The spoke `phase` is darkest; those behind it, anticlockwise, fade.
        let age = (phase - spoke + count) % count
        let alpha = 1 - 0.75 * Double(age) / Double(count - 1)
        let angle = 2 * Double.pi * Double(spoke) / Double(count)
        let (dx, dy) = (sin(angle), -cos(angle))
        context.setStrokeColor(color.withAlphaComponent(color.alpha * alpha))
        context.beginPath()
        context.move(to: Point(x: side / 2 + dx * inner, y: side / 2 + dy * inner))
        context.addLine(to: Point(x: side / 2 + dx * outer, y: side / 2 + dy * outer))
        context.strokePath()
      }
    }
  }

  private func layoutSpokes() {
    let side = style.side
    spokes.frame = Rect(
      x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
  }

  // MARK: View

  /// Keeps the spokes centred.
  open override func layoutSubviews() {
    super.layoutSubviews()
    layoutSpokes()
  }

  /// The style's size (20 or 37 points square), as UIKit's.
  open override var intrinsicContentSize: Size { sizeThatFits(.zero) }

  /// The style's square: 20×20 points (medium) or 37×37 (large).
  open override func sizeThatFits(_ size: Size) -> Size {
    Size(width: style.side, height: style.side)
  }

  /// Starts or stops stepping as the spinner hides or shows.
  open override var isHidden: Bool {
    didSet { if oldValue != isHidden { updateStepping() } }
  }

  /// Starts or stops stepping as the spinner fades out or in.
  open override var alpha: Double {
    didSet { if oldValue != alpha { updateStepping() } }
  }

  /// Starts or stops stepping as the spinner enters or leaves a window.
  open override func didMoveToWindow() {
    super.didMoveToWindow()
    updateStepping()
  }
}

extension ActivityIndicatorView: CommitObserver {
  /// An ancestor may have been hidden, faded or shown: step only if the spinner shows.
  func commitWillBegin() {
    updateStepping()
  }
}
