import KioskGraphics

/// The candidates of an input method above the keys: tap one to commit it; swipe left for
/// the next page, right for the previous one (or tap the arrows at the ends).
@MainActor
final class CandidateBarView: View {
  var composition = InputMethodComposition() {
    didSet { if oldValue != composition { recomputeCells(); setNeedsDisplay() } }
  }
  var onSelect: (@MainActor (Int) -> Void)?
  var onTurnPage: (@MainActor (Bool) -> Void)?
  private(set) var cells: [(index: Int, frame: Rect)] = []
  private var pressed: Int? {
    didSet { if oldValue != pressed { setNeedsDisplay() } }
  }
  private var touchStart: Point?
  static let arrowWidth = 36.0
  /// The candidates' font: 20 points at the default text size, growing with it up to what
  /// the bar's height holds. Made again when the text size or the bar's height changes,
  /// not for each candidate measured or drawn.
  private var font: Font = .systemFont(ofSize: 20)

  private func updateFont() {
    let size = FontMetrics.default.scaledValue(for: 20, compatibleWith: traitCollection)
    let fitting = min(size, max(20, (bounds.height * 0.6).rounded()))
    if font.pointSize != fitting { font = .systemFont(ofSize: fitting) }
  }

  /// A new text size measures the candidates again.
  override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    updateFont()
    recomputeCells()
    setNeedsDisplay()
  }

  override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = Color(hex: 0xf2f2f5)
    contentMode = .redraw
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    updateFont()
    recomputeCells()
  }

  private var hasPrevious: Bool { composition.page > 0 }
  private var hasNext: Bool { !composition.isLastPage && !composition.candidates.isEmpty }

  private func recomputeCells() {
    var x = hasPrevious ? Self.arrowWidth : 8
    let limit = bounds.width - (hasNext ? Self.arrowWidth : 8)
    cells = []
    for (index, candidate) in composition.candidates.enumerated() {
      let width = max(TextLayout(text: candidate, font: font).size.width + 24, 44)
      guard x + width <= limit || cells.isEmpty else { break }
      cells.append((index, Rect(x: x, y: 0, width: width, height: bounds.height)))
      x += width
    }
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    if !composition.preedit.isEmpty, composition.candidates.isEmpty {
      let layout = TextLayout(text: composition.preedit, font: font, color: Color(hex: 0x6e6e73))
      context.draw(layout, at: Point(x: 12, y: (bounds.height - layout.size.height) / 2))
    }
    for cell in cells {
      if pressed == cell.index || cell.index == composition.highlightedCandidate {
        context.setFillColor(pressed == cell.index ? Color(hex: 0xc7c7cc) : Color(hex: 0xe0e0e5))
        context.beginPath()
        context.addRoundedRect(cell.frame.insetBy(dx: 2, dy: 4), cornerRadius: 6)
        context.fillPath()
      }
      let layout = TextLayout(
        text: composition.candidates[cell.index], font: font, color: .black)
      context.draw(
        layout,
        at: Point(
          x: (cell.frame.midX - layout.size.width / 2).rounded(),
          y: ((bounds.height - layout.size.height) / 2).rounded()))
    }
    context.setFillColor(Color(hex: 0x3c3c43))
    if hasPrevious { drawArrow(in: context, x: Self.arrowWidth / 2, left: true) }
    if hasNext { drawArrow(in: context, x: bounds.width - Self.arrowWidth / 2, left: false) }
    context.setFillColor(Color(hex: 0xc6c6c8))
    context.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1))
  }

  private func drawArrow(in context: GraphicsContext, x: Double, left: Bool) {
    let y = bounds.midY
    context.beginPath()
    context.move(to: Point(x: x + (left ? 4 : -4), y: y - 8))
    context.addLine(to: Point(x: x + (left ? -4 : 4), y: y))
    context.addLine(to: Point(x: x + (left ? 4 : -4), y: y + 8))
    context.setStrokeColor(Color(hex: 0x3c3c43))
    context.setLineWidth(2)
    context.strokePath()
  }

  func cell(at point: Point) -> Int? {
    cells.first { $0.frame.contains(point) }?.index
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    guard let touch = touches.first else { return }
    touchStart = touch.location(in: self)
    pressed = touchStart.flatMap { cell(at: $0) }
  }

  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    guard let touch = touches.first, let start = touchStart else { return }
    if abs(touch.location(in: self).x - start.x) > 12 { pressed = nil }
  }

  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    guard let touch = touches.first, let start = touchStart else { return }
    let point = touch.location(in: self)
    touchStart = nil
    let dx = point.x - start.x
    let wasPressed = pressed
    pressed = nil
    if dx < -40, hasNext {
      onTurnPage?(true)
    } else if dx > 40, hasPrevious {
      onTurnPage?(false)
    } else if let wasPressed {
      onSelect?(wasPressed)
    } else if hasNext, point.x > bounds.width - Self.arrowWidth {
      onTurnPage?(true)
    } else if hasPrevious, point.x < Self.arrowWidth {
      onTurnPage?(false)
    }
  }

  override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    pressed = nil
    touchStart = nil
  }
}
