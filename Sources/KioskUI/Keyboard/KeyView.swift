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

  // MARK: Accessibility (KeyView+Accessibility.swift)

  /// Every key is an element except a gap.
  override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? (describedLabel != nil) }
    set { super.isAccessibilityElement = newValue }
  }

  /// What the key types, or its function ("shift", "delete", "next keyboard").
  override var accessibilityLabel: String? {
    get { accessibilityStore.label ?? describedLabel }
    set { super.accessibilityLabel = newValue }
  }

  /// The layout's language for a key that types a letter.
  override var accessibilityLanguage: String? {
    get { accessibilityStore.language ?? describedLanguage }
    set { super.accessibilityLanguage = newValue }
  }

  /// `.keyboardKey`, with "selected" for shift on and "dimmed" for a disabled key.
  override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? describedKeyTraits }
    set { super.accessibilityTraits = newValue }
  }

  /// Presses the key as a tap does.
  override func accessibilityActivate() -> Bool { activateAsTap() }

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

  var titleFontSize: Double {
    let base: Double
    let largest: Double
    switch spec.role {
    case .character(let text, _) where text.count == 1:
      base = bounds.height >= 50 ? 24 : 22
      // A letter may fill most of its cap.
      largest = max(base, (min(bounds.height, bounds.width) * 0.62).rounded())
    case .character: (base, largest) = (17, 22)
    case .shift, .backspace: (base, largest) = (22, 22)
    default: (base, largest) = (16, 21)
    }
    // The titles grow with the text size as far as the caps have room: the keys keep their
    // size (the keyboard is the only way to type, and no key may leave the screen).
    return min(FontMetrics.default.scaledValue(for: base, compatibleWith: traitCollection), largest)
  }

  /// A new text size draws the titles again at their new size.
  override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    if previousTraitCollection?.preferredContentSizeCategory
      != traitCollection.preferredContentSizeCategory
    {
      forgetDrawnLooks()
      setNeedsDisplay()
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
      fill = .defaultTint
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
      let fontSize = titleFontSize
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
