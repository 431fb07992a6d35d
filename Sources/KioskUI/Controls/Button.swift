import KioskGraphics

/// A control that runs an action when tapped, with a title, an image and a background
/// image for each state, like UIKit's `UIButton`.
///
/// A `.system` button (the default) has the kiosk look: a rounded plate in `tintColor`
/// with a white title, darkened while a finger is on it, outlined when selected and grey
/// when disabled. A `.custom` button shows only what you give it. Values set for a state
/// fall back to those for `.normal`, as in UIKit.
///
/// ```swift
/// let pay = Button(type: .system)
/// pay.setTitle("Pay", for: .normal)
/// pay.frame = Rect(x: 20, y: 300, width: 200, height: 56)
/// pay.addTarget(self, action: { $0.pay() }, for: .touchUpInside)
/// ```
///
/// Unlike UIKit, where `init(frame:)` makes a `.custom` button, every initialiser makes a
/// `.system` button unless you ask for `.custom`: a kiosk button should look like one.
@MainActor
open class Button: Control {
  /// The built-in looks.
  public enum ButtonType: Sendable, Hashable {
    /// Only what the app sets: titles (white by default), images, background images.
    case custom
    /// The kiosk look: a rounded plate in `tintColor`, a white title, padding.
    case system
  }

  /// The look the button was created with.
  public private(set) var buttonType: ButtonType = .system

  /// The margins between the bounds and the content (image and title). A `.system` button
  /// starts with 10 points above and below and 20 at the sides; a `.custom` one with none.
  open var contentEdgeInsets = EdgeInsets(top: 10, left: 20, bottom: 10, right: 20) {
    didSet {
      guard oldValue != contentEdgeInsets else { return }
      setNeedsLayout()
      invalidateIntrinsicContentSize()
    }
  }

  /// The rounding of a `.system` button's plate, in points.
  open var cornerRadius = 12.0 {
    didSet { if oldValue != cornerRadius { updateShapes() } }
  }

  var titles: [UInt: String] = [:]
  var titleColors: [UInt: Color] = [:]
  var images: [UInt: Image] = [:]
  var backgroundImages: [UInt: Image] = [:]

  let plate = ControlShapeView(shape: .roundedRect(cornerRadius: 12))
  let shade = ControlShapeView(shape: .roundedRect(cornerRadius: 12), fillColor: .black)
  let backgroundImageContent = ImageView(frame: .zero)
  let imageContent = ImageView(frame: .zero)
  let titleContent = ButtonTitleLabel(frame: .zero)

  /// Creates a `.system` button.
  public override init(frame: Rect) {
    super.init(frame: frame)
    shade.alpha = Self.shadeAlpha
    shade.isHidden = true
    // Drawn while hidden, so that a press only shows it and never draws (figure (c)).
    shade.layer.drawsAheadWhileHidden = true
    titleContent.font = .systemFont(ofSize: 17, weight: .semibold)
    titleContent.textAlignment = .center
    titleContent.lineBreakMode = .byTruncatingMiddle
    for view in [plate, backgroundImageContent, shade, imageContent, titleContent] as [View] {
      view.isUserInteractionEnabled = false
      addSubview(view)
    }
    backgroundImageContent.isHidden = true
    imageContent.isHidden = true
    updateAppearance()
  }

  /// Creates a button of `type`.
  public convenience init(type: ButtonType) {
    self.init(frame: .zero)
    guard type != buttonType else { return }
    buttonType = type
    if type == .custom { contentEdgeInsets = .zero }
    updateAppearance()
  }

  /// Creates a button of `type` that performs `primaryAction` when tapped, titled with the
  /// action's title and image.
  public convenience init(type: ButtonType = .system, primaryAction: Action?) {
    self.init(type: type)
    guard let primaryAction else { return }
    addAction(primaryAction, for: .primaryActionTriggered)
    if let title = primaryAction.title { setTitle(title, for: .normal) }
    if let image = primaryAction.image { setImage(image, for: .normal) }
  }

  /// The label showing the current title. Set its font and line settings here; the text
  /// and colour follow `setTitle(_:for:)` and `setTitleColor(_:for:)`.
  public var titleLabel: Label? { titleContent }

  /// The view showing the current image.
  public var imageView: ImageView? { imageContent }

  // MARK: Values per state

  /// Sets the title shown in `state` (`nil`: fall back to the `.normal` title).
  open func setTitle(_ title: String?, for state: State) {
    titles[state.rawValue] = title
    updateAppearance()
  }

  /// The title for `state`, falling back to the `.normal` title.
  open func title(for state: State) -> String? {
    titles[state.rawValue] ?? titles[State.normal.rawValue]
  }

  /// Sets the title colour in `state` (`nil`: fall back to the `.normal` colour).
  open func setTitleColor(_ color: Color?, for state: State) {
    titleColors[state.rawValue] = color
    updateAppearance()
  }

  /// The title colour for `state`: the one set for it, else the look's colour for a
  /// disabled or selected `.system` button, else the `.normal` one.
  open func titleColor(for state: State) -> Color? {
    if let color = titleColors[state.rawValue] { return color }
    if buttonType == .system {
      if state.contains(.disabled) { return Self.disabledTitleColor }
      if state.contains(.selected) { return tintColor }
    }
    return titleColors[State.normal.rawValue] ?? .white
  }

  /// Sets the image shown before the title in `state` (`nil`: fall back to `.normal`'s).
  open func setImage(_ image: Image?, for state: State) {
    images[state.rawValue] = image
    updateAppearance()
  }

  /// The image for `state`, falling back to the `.normal` image.
  open func image(for state: State) -> Image? {
    images[state.rawValue] ?? images[State.normal.rawValue]
  }

  /// Sets the image stretched over the bounds in `state` (`nil`: fall back to `.normal`'s).
  /// A `.system` button shows it instead of its plate.
  open func setBackgroundImage(_ image: Image?, for state: State) {
    backgroundImages[state.rawValue] = image
    updateAppearance()
  }

  /// The background image for `state`, falling back to the `.normal` one.
  open func backgroundImage(for state: State) -> Image? {
    backgroundImages[state.rawValue] ?? backgroundImages[State.normal.rawValue]
  }

  /// The title shown now.
  public var currentTitle: String? { title(for: state) }
  /// The title colour shown now.
  public var currentTitleColor: Color { titleColor(for: state) ?? .white }
  /// The image shown now.
  public var currentImage: Image? { image(for: state) }
  /// The background image shown now.
  public var currentBackgroundImage: Image? { backgroundImage(for: state) }

  // MARK: Layout and state

  /// Places the plate over the bounds and the image and title, side by side, centred in
  /// the bounds less `contentEdgeInsets`.
  open override func layoutSubviews() {
    super.layoutSubviews()
    layoutContent()
  }

  /// The content's size plus `contentEdgeInsets`; a `.system` button is at least 44 points
  /// tall, a comfortable size for a finger.
  open override func sizeThatFits(_ size: Size) -> Size {
    fittingSize()
  }

  /// The content's size plus `contentEdgeInsets` (a `.system` button at least 44 points
  /// tall), as `sizeThatFits(_:)`.
  open override var intrinsicContentSize: Size { fittingSize() }

  override func stateDidChange() {
    super.stateDidChange()
    updateAppearance()
  }

  // MARK: Accessibility (Button+Accessibility.swift)

  open override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }

  open override var accessibilityLabel: String? {
    get { accessibilityStore.label ?? describedLabel }
    set { super.accessibilityLabel = newValue }
  }

  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? describedTraits(.button) }
    set { super.accessibilityTraits = newValue }
  }

  open override func accessibilityActivate() -> Bool { activateAsTap() }

  override var sendsPrimaryActionOnTouchUpInside: Bool { true }
}

/// The title label of a button: it asks the button to lay out again when its text or font
/// changes, since the title's size places the image and title (and sizes the button).
@MainActor
final class ButtonTitleLabel: Label {
  private func titleDidChangeSize() {
    superview?.setNeedsLayout()
    superview?.invalidateIntrinsicContentSize()
  }

  override var text: String? {
    didSet { if oldValue != text { titleDidChangeSize() } }
  }
  override var font: Font {
    didSet { if oldValue != font { titleDidChangeSize() } }
  }
  override var numberOfLines: Int {
    didSet { if oldValue != numberOfLines { titleDidChangeSize() } }
  }
}
