import KioskGraphics

/// A view that shows read-only text: one line or several, aligned, wrapped and truncated
/// like UIKit's `UILabel`, laid out by pango so every script renders (Latin, Cyrillic, CJK…).
///
/// ```swift
/// let title = Label(frame: Rect(x: 16, y: 8, width: 300, height: 24))
/// title.text = "Привет, 你好"
/// title.font = .boldSystemFont(ofSize: 17)
/// ```
@MainActor
open class Label: View {
  /// The text shown; `nil` shows nothing.
  open var text: String? {
    didSet { if oldValue != text { invalidateText(); invalidateIntrinsicContentSize() } }
  }
  /// The font (default: 17 pt system font).
  open var font: Font = .systemFont(ofSize: 17) {
    didSet { if oldValue != font { invalidateText(); invalidateIntrinsicContentSize() } }
  }
  /// The colour of the text.
  open var textColor: Color = .black {
    didSet { if oldValue != textColor { invalidateText() } }
  }
  /// How lines are aligned within the bounds.
  open var textAlignment: TextAlignment = .natural {
    didSet { if oldValue != textAlignment { invalidateText() } }
  }
  /// The most lines shown; 0 means as many as fit.
  open var numberOfLines = 1 {
    didSet { if oldValue != numberOfLines { invalidateText(); invalidateIntrinsicContentSize() } }
  }
  /// How lines wrap and where text that does not fit is cut (default: truncate the tail).
  open var lineBreakMode: LineBreakMode = .byTruncatingTail {
    didSet { if oldValue != lineBreakMode { invalidateText(); invalidateIntrinsicContentSize() } }
  }

  /// The width a multi-line label wraps at to tell its `intrinsicContentSize` (0, the
  /// default: its unwrapped width). A `StackView` wraps multi-line labels without one at the
  /// width it gives them.
  open var preferredMaxLayoutWidth = 0.0 {
    didSet { if oldValue != preferredMaxLayoutWidth { invalidateIntrinsicContentSize() } }
  }

  /// Whether a font made for a text style (`Font.preferredFont(forTextStyle:)`) is made
  /// again at the new size when the preferred content size category changes (Dynamic
  /// Type), as UIKit's `adjustsFontForContentSizeCategory`. Default `false`.
  open var adjustsFontForContentSizeCategory = false {
    didSet { if adjustsFontForContentSizeCategory { adjustFontToTraits() } }
  }

  private var cachedLayout: TextLayout?
  /// The last size `sizeThatFits` measured and the wrapping width it measured at (`nil`:
  /// one unlimited line): layout passes ask again and again for text that has not changed,
  /// and pango takes tens of microseconds per measurement.
  private var measured: (wrapWidth: Double?, size: Size)?
  /// How many times the text was drawn and laid out (tests check that a button's
  /// highlight does neither).
  private(set) var drawCount = 0
  private(set) var textLayoutCount = 0

  /// Creates a label. Like UIKit's, it takes no touches (`isUserInteractionEnabled` is
  /// false): a touch on it goes to what is under it, so a label drawn over a button does not
  /// swallow the button's taps. Set it to true to give the label gesture recognizers.
  public override init(frame: Rect) {
    super.init(frame: frame)
    contentMode = .redraw
    isUserInteractionEnabled = false
  }

  /// Text size, contrast and weight change the font and colour the text is drawn in.
  open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    adjustFontToTraits()
    invalidateText()
    invalidateIntrinsicContentSize()
  }

  /// A label that was out of the window (under a full-screen presentation) when the
  /// settings changed catches up when it comes back.
  open override func didMoveToWindow() {
    super.didMoveToWindow()
    if window != nil { adjustFontToTraits() }
  }

  private func invalidateText() {
    cachedLayout = nil
    measured = nil
    setNeedsDisplay()
  }

  /// The laid-out text for the current bounds.
  public var textLayout: TextLayout? {
    guard let text, !text.isEmpty else { return nil }
    if let cachedLayout, cachedLayout.width == bounds.width { return cachedLayout }
    let layout = makeLayout(text: text, width: bounds.width)
    cachedLayout = layout
    return layout
  }

  private func makeLayout(text: String, width: Double?) -> TextLayout {
    textLayoutCount += 1
    let traits = traitCollection
    // Bold Text makes system fonts a step bolder; text-style fonts got their weight from
    // the traits they were made for.
    let font =
      font.textStyle == nil ? font.resolved(for: traits, systemFontsFollowBoldText: true) : font
    // Only what the label can show is shaped (a title of a million characters took
    // seconds to lay out).
    let shown = TextLayout.visiblePart(
      of: text, font: font, lineBreakMode: lineBreakMode, numberOfLines: numberOfLines,
      width: width)
    return TextLayout(
      text: shown, font: font, color: textColor.resolvedColor(with: traits),
      alignment: textAlignment,
      lineBreakMode: lineBreakMode, numberOfLines: numberOfLines, width: width)
  }

  /// The size the text needs within `size` (its width limits wrapping when lines may wrap).
  open override func sizeThatFits(_ size: Size) -> Size {
    guard let text, !text.isEmpty else { return .zero }
    let wrapWidth = numberOfLines != 1 && size.width > 0 ? size.width : nil
    if let measured, measured.wrapWidth == wrapWidth { return measured.size }
    let layout = makeLayout(text: text, width: wrapWidth)
    let fitting = Size(
      width: layout.size.width.rounded(.up), height: layout.size.height.rounded(.up))
    measured = (wrapWidth, fitting)
    return fitting
  }

  /// Whether Auto Layout wraps the label at the width it solves it at, as UIKit does for a
  /// multi-line label without `preferredMaxLayoutWidth`: its intrinsic height is measured
  /// again at that width and the layout solved again.
  var wrapsAtItsSolvedWidth: Bool { numberOfLines != 1 && preferredMaxLayoutWidth <= 0 }

  /// The size of the text: on one line, or for a multi-line label wrapped at
  /// `preferredMaxLayoutWidth` when it is set. An empty label's is zero, as in UIKit.
  open override var intrinsicContentSize: Size {
    let wrap = numberOfLines != 1 && preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : 0
    return sizeThatFits(Size(width: wrap, height: 0))
  }

  /// The distance from the top of the label, `height` tall and wrapping at `width` (`nil`:
  /// its own width), to the baseline of its first (or last) line; `nil` without text.
  func baselineOffset(forHeight height: Double, width: Double? = nil, last: Bool) -> Double? {
    guard let text, !text.isEmpty else { return nil }
    let wrapWidth = numberOfLines != 1 ? (width ?? bounds.width) : nil
    let layout = makeLayout(text: text, width: wrapWidth.flatMap { $0 > 0 ? $0 : nil })
    let top = (height - min(layout.size.height, height)) / 2
    let lines = Double(max(layout.lineCount, 1))
    let lineIndex = last ? lines - 1 : 0
    return top + layout.firstBaseline + lineIndex * layout.size.height / lines
  }

  /// Draws the text centred vertically in the bounds, as UILabel does.
  open override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current, let layout = textLayout else { return }
    drawCount += 1
    context.draw(layout, at: textOrigin(of: layout))
  }

  /// Where the text is drawn: at the left edge, centred vertically.
  private func textOrigin(of layout: TextLayout) -> Point {
    let height = min(layout.size.height, bounds.height)
    return Point(x: bounds.minX, y: bounds.minY + (bounds.height - height) / 2)
  }

  /// The text's pixels, with a pixel of room for antialiasing: a label's backing store
  /// covers its text, not its whole bounds (a table row's label is mostly empty width).
  /// UILabel keeps a store of its bounds; this is only memory and drawing time saved.
  override var drawingArea: Rect? {
    guard let layout = textLayout else { return nil }
    let origin = textOrigin(of: layout)
    let margin = 1 / max(layer.contentsScale, 1)
    return layout.drawingBounds.offsetBy(dx: origin.x, dy: origin.y)
      .insetBy(dx: -margin, dy: -margin)
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    if let cachedLayout, cachedLayout.width != bounds.width { invalidateText() }
  }

  // MARK: Accessibility (what a label says of itself: Label+Accessibility.swift)

  open override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? describedAsElement }
    set { super.isAccessibilityElement = newValue }
  }

  open override var accessibilityLabel: String? {
    get { accessibilityStore.label ?? text }
    set { super.accessibilityLabel = newValue }
  }

  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? .staticText }
    set { super.accessibilityTraits = newValue }
  }

  override func backingStoreWasReleased() {
    super.backingStoreWasReleased()
    cachedLayout = nil
  }
}
