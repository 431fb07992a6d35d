import KioskGraphics

/// One of the two handles at the ends of a selection: a stem as tall as the line with a
/// knob above (the start) or below (the end).
@MainActor
final class SelectionHandleView: View {
  let isStart: Bool
  var color: Color = .systemBlue {
    didSet { if oldValue != color { setNeedsDisplay() } }
  }
  static let knob = 8.0

  init(isStart: Bool) {
    self.isStart = isStart
    super.init(frame: .zero)
    isUserInteractionEnabled = false
    contentMode = .redraw
  }

  /// Puts the handle on the caret rectangle `caret` (field coordinates), kept in `bounds`.
  func place(caret: Rect, in bounds: Rect) {
    let knob = Self.knob
    var top = caret.minY - (isStart ? knob : 0)
    let height = caret.height + knob
    top = min(max(top, bounds.minY), max(bounds.maxY - height, bounds.minY))
    frame = Rect(x: caret.midX - knob / 2, y: top, width: knob, height: min(height, bounds.height))
    setNeedsDisplay()
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    let knob = Self.knob
    context.setFillColor(color)
    context.fill(Rect(x: knob / 2 - 1, y: 0, width: 2, height: bounds.height))
    let knobY = isStart ? 0 : bounds.height - knob
    context.fillEllipse(in: Rect(x: 0, y: knobY, width: knob, height: knob))
  }
}
