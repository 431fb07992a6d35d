import KioskGraphics

/// The view that draws a text field's text, clipped to the text rectangle.
@MainActor
final class TextCanvasView: View {
  private weak var field: TextField?

  init(owner: TextField) {
    field = owner
    super.init(frame: .zero)
    isUserInteractionEnabled = false
    contentMode = .redraw
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    field?.drawCanvas(in: context)
  }
}
