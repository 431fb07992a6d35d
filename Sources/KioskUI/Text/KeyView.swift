import KioskGraphics

/// One key of the on-screen keyboard: a rounded key cap with its title. Only a key whose
/// look changes redraws (its own small backing store), so typing repaints little.
///
/// A key is opaque (it paints the keyboard's background around its rounded cap), so the
/// compositor copies it instead of blending it over the keyboard. A pressed key does not
/// redraw: the key keeps its drawn pixels for both states, up and pressed, and swaps them,
/// until its title, shift state, enabled state or size changes.
@MainActor
final class KeyView: View {
  let spec: KeySpec
  var title: String {
    didSet { if oldValue != title { lookDidChange() } }
  }
  var isHighlighted = false {
    didSet { if oldValue != isHighlighted { highlightDidChange(from: oldValue) } }
  }
  /// Shift on (a filled arrow) or caps lock (an underlined one), for the shift key.
  var shiftState = ShiftState.off {
    didSet { if oldValue != shiftState { lookDidChange() } }
  }
  var isEnabled = true {
    didSet { if oldValue != isEnabled { lookDidChange() } }
  }
  private var titleLayout: TextLayout?
  /// How many times the key was drawn (tests check that sliding the keyboard redraws none).
  private(set) var drawCount = 0
  /// The drawn pixels of the key up (index 0) and pressed (1), for the current look.
  private var drawnLooks: [LayerContents?] = [nil, nil]
  /// How many drawn looks the key keeps besides its layer's (tests check a memory warning
  /// lets them go).
  var keptLookCount: Int { drawnLooks.count { $0 != nil } }
  /// Which state the layer's contents were drawn for, in which look (see `lookGeneration`).
  private var contentsState: (highlighted: Bool, generation: Int)?
  /// Counts changes of the look (title, shift, enabled, size): drawn pixels of an older
  /// look are never shown again.
  private var lookGeneration = 0
  private var drawnSize = Size.zero

  enum ShiftState { case off, on, locked }

  init(spec: KeySpec, title: String) {
    self.spec = spec
    self.title = title
    super.init(frame: .zero)
    isUserInteractionEnabled = false
    contentMode = .redraw
    isOpaque = true
  }

  private func lookDidChange() {
    forgetDrawnLooks()
    setNeedsDisplay()
  }

  /// Drawn pixels of the current look are never shown again.
  private func forgetDrawnLooks() {
    lookGeneration += 1
    drawnLooks = [nil, nil]
  }

  /// Shows the other state's pixels if they were drawn for this look; otherwise draws
  /// them into a new backing store (the current one stays the other state's).
  private func highlightDidChange(from old: Bool) {
    if bounds.size != drawnSize { forgetDrawnLooks() }
    if let state = contentsState, state.highlighted == old, state.generation == lookGeneration,
      let contents = layer.contents
    {
      drawnLooks[old ? 1 : 0] = contents
    }
    if let drawn = drawnLooks[isHighlighted ? 1 : 0] {
      layer.contents = drawn
      contentsState = (isHighlighted, lookGeneration)
    } else {
      // A fresh buffer, so the other state's pixels are kept.
      if drawnLooks[old ? 1 : 0] != nil { layer.contents = nil }
      setNeedsDisplay()
    }
  }

  /// A memory warning released the backing store of the keyboard while it is off screen:
  /// the other state's pixels, kept for the next press, go too (a whole keyboard of them
  /// would otherwise stay for as long as the app runs).
  override func backingStoreWasReleased() {
    super.backingStoreWasReleased()
    forgetDrawnLooks()
    contentsState = nil
  }

  var isCharacter: Bool {
    if case .character = spec.role { return true }
    return false
  }

  var isFunctionKey: Bool {
    switch spec.role {
    case .character, .space: false
    case .spacer: false
    default: true
    }
  }

  private var fontSize: Double {
    switch spec.role {
    case .character(let text, _): text.count > 1 ? 17 : (bounds.height >= 50 ? 24 : 22)
    case .shift, .backspace: 22
    default: 16
    }
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    drawCount += 1
    if bounds.size != drawnSize {
      drawnSize = bounds.size
      forgetDrawnLooks()
    }
    contentsState = (isHighlighted, lookGeneration)
    context.setFillColor(OnScreenKeyboardView.keyboardBackground)
    context.fill(bounds)
    if case .spacer = spec.role { return }
    let cap = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height - 1)
    let fill: Color
    if isHighlighted {
      fill = isFunctionKey ? .white : Color(hex: 0xaeb3be)
    } else if case .shift = spec.role, shiftState != .off {
      fill = .white
    } else if case .returnKey = spec.role, isEnabled, title != ReturnKeyType.default.title {
      fill = .systemBlue
    } else {
      fill = isFunctionKey ? Color(hex: 0xabb0ba) : .white
    }
    context.fillKeyCap(in: bounds, cornerRadius: 5, color: fill)
    switch spec.role {
    case .hide: drawHideIcon(in: context, cap: cap)
    case .shift: drawShiftIcon(in: context, cap: cap)
    case .backspace: drawBackspaceIcon(in: context, cap: cap)
    default:
      let color: Color
      if case .returnKey = spec.role, isEnabled, title != ReturnKeyType.default.title {
        color = .white
      } else {
        color = isEnabled ? .black : Color(hex: 0x8e8e93)
      }
      // Highlighting redraws the cap, not the title: the laid-out title is kept while its
      // text, size and colour stay.
      if let cached = titleLayout, cached.text == title, cached.color == color,
        cached.font.pointSize == fontSize
      {
        // reuse
      } else {
        titleLayout = TextLayout(text: title, font: .systemFont(ofSize: fontSize), color: color)
      }
      guard let layout = titleLayout else { return }
      context.draw(
        layout,
        at: Point(
          x: ((cap.width - layout.size.width) / 2).rounded(),
          y: ((cap.height - layout.size.height) / 2).rounded()))
    }
  }

  private func drawShiftIcon(in context: GraphicsContext, cap: Rect) {
    let w = 18.0
    let h = 18.0
    let x = cap.midX - w / 2
    let y = cap.midY - h / 2 - (shiftState == .locked ? 2 : 0)
    context.beginPath()
    context.move(to: Point(x: x + w / 2, y: y))
    context.addLine(to: Point(x: x + w, y: y + h * 0.5))
    context.addLine(to: Point(x: x + w * 0.72, y: y + h * 0.5))
    context.addLine(to: Point(x: x + w * 0.72, y: y + h))
    context.addLine(to: Point(x: x + w * 0.28, y: y + h))
    context.addLine(to: Point(x: x + w * 0.28, y: y + h * 0.5))
    context.addLine(to: Point(x: x, y: y + h * 0.5))
    context.closePath()
    context.setFillColor(.black)
    context.setStrokeColor(.black)
    context.setLineWidth(1.5)
    if shiftState == .off { context.strokePath() } else { context.fillPath() }
    if shiftState == .locked {
      context.fill(Rect(x: x + w * 0.28, y: y + h + 3, width: w * 0.44, height: 2))
    }
  }

  private func drawBackspaceIcon(in context: GraphicsContext, cap: Rect) {
    let w = 24.0
    let h = 16.0
    let x = cap.midX - w / 2
    let y = cap.midY - h / 2
    context.setStrokeColor(.black)
    context.setLineWidth(1.5)
    context.beginPath()
    context.move(to: Point(x: x, y: y + h / 2))
    context.addLine(to: Point(x: x + 7, y: y))
    context.addLine(to: Point(x: x + w, y: y))
    context.addLine(to: Point(x: x + w, y: y + h))
    context.addLine(to: Point(x: x + 7, y: y + h))
    context.closePath()
    context.strokePath()
    context.beginPath()
    context.move(to: Point(x: x + 11, y: y + 4))
    context.addLine(to: Point(x: x + 19, y: y + h - 4))
    context.move(to: Point(x: x + 19, y: y + 4))
    context.addLine(to: Point(x: x + 11, y: y + h - 4))
    context.strokePath()
  }

  private func drawHideIcon(in context: GraphicsContext, cap: Rect) {
    let w = 24.0
    let x = cap.midX - w / 2
    let y = cap.midY - 11
    context.setStrokeColor(.black)
    context.setLineWidth(1.3)
    context.stroke(Rect(x: x, y: y, width: w, height: 14))
    context.setFillColor(.black)
    for row in 0..<2 {
      for column in 0..<5 {
        context.fill(
          Rect(x: x + 3 + Double(column) * 4, y: y + 3 + Double(row) * 4, width: 2, height: 2))
      }
    }
    context.fill(Rect(x: x + 6, y: y + 11, width: 12, height: 1.5))
    context.beginPath()
    context.move(to: Point(x: cap.midX - 4, y: y + 17))
    context.addLine(to: Point(x: cap.midX, y: y + 21))
    context.addLine(to: Point(x: cap.midX + 4, y: y + 17))
    context.strokePath()
  }
}

/// The bubble over a pressed letter key, showing the letter large.
@MainActor
final class KeyPreviewView: View {
  var text = "" {
    didSet { if oldValue != text { layout = nil; setNeedsDisplay() } }
  }
  private var layout: TextLayout?

  override init(frame: Rect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
    contentMode = .redraw
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    context.fillKeyCap(in: bounds, cornerRadius: 8, color: .white)
    let layout = self.layout ?? TextLayout(text: text, font: .systemFont(ofSize: 34), color: .black)
    self.layout = layout
    context.draw(
      layout,
      at: Point(
        x: ((bounds.width - layout.size.width) / 2).rounded(),
        y: ((bounds.height * 0.55 - layout.size.height) / 2).rounded()))
  }
}

/// The row of alternates a long press on a letter offers (é è ê ë …); the one under the
/// finger is highlighted and typed when the finger lifts.
@MainActor
final class KeyAlternatesView: View {
  let choices: [String]
  var selected: Int? = 0 {
    didSet { if oldValue != selected { setNeedsDisplay() } }
  }
  let cellWidth: Double

  init(choices: [String], cellWidth: Double) {
    self.choices = choices
    self.cellWidth = cellWidth
    super.init(frame: .zero)
    isUserInteractionEnabled = false
    contentMode = .redraw
  }

  /// The choice under `x` (in this view's coordinates), clamped to the row.
  func choice(at x: Double) -> Int {
    min(max(Int((x / cellWidth).rounded(.down)), 0), choices.count - 1)
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    context.fillKeyCap(in: bounds, cornerRadius: 8, color: .white)
    for (index, choice) in choices.enumerated() {
      let cell = Rect(
        x: Double(index) * cellWidth, y: 0, width: cellWidth, height: bounds.height - 1)
      let isSelected = index == selected
      if isSelected {
        context.setFillColor(.systemBlue)
        context.beginPath()
        context.addRoundedRect(cell.insetBy(dx: 3, dy: 3), cornerRadius: 6)
        context.fillPath()
      }
      let layout = TextLayout(
        text: choice, font: .systemFont(ofSize: choice.count > 1 ? 17 : 24),
        color: isSelected ? .white : .black)
      context.draw(
        layout,
        at: Point(
          x: (cell.midX - layout.size.width / 2).rounded(),
          y: (cell.midY - layout.size.height / 2).rounded()))
    }
  }
}

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
  private let font = Font.systemFont(ofSize: 20)

  override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = Color(hex: 0xf2f2f5)
    contentMode = .redraw
  }

  override func layoutSubviews() {
    super.layoutSubviews()
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

extension GraphicsContext {
  /// A key cap of the keyboard's look in `rect`: a rounded shape in `color` over a grey
  /// shadow one point lower (keys, the preview bubble, the alternates).
  func fillKeyCap(in rect: Rect, cornerRadius: Double, color: Color) {
    setFillColor(Color(hex: 0x898a8d))
    beginPath()
    addRoundedRect(
      Rect(x: rect.minX, y: rect.minY + 1, width: rect.width, height: rect.height - 1),
      cornerRadius: cornerRadius)
    fillPath()
    setFillColor(color)
    beginPath()
    addRoundedRect(
      Rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height - 1),
      cornerRadius: cornerRadius)
    fillPath()
  }
}
