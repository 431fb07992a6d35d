import KioskGraphics

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
