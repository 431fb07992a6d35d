import KioskGraphics
import KioskTesting
import KioskUI
import Testing

@MainActor
struct ImageViewTests {
  @Test func imageViewShowsItsImage() throws {
    let app = try TestApplication(pointSize: Size(width: 40, height: 40))
    let image = try Image.render(size: Size(width: 10, height: 10)) { context in
      context.setFillColor(.red)
      context.fill(Rect(x: 0, y: 0, width: 10, height: 10))
    }
    #expect(image.pixelBuffer.pixel(x: 5, y: 5) == .red)
    let view = ImageView(image: image)
    #expect(view.frame == Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(view.layer.contents != nil)
    app.window.addSubview(view)
    app.runUntilIdle()
    #expect(view.layer.contents != nil)
    #expect(app.snapshot().pixel(x: 5, y: 5) == .red)
  }
}
