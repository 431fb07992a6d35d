import KioskGraphics
import KioskTesting
import KioskUI
import Testing

@MainActor
struct CompositorTests {
  @Test func plainViewsComposite() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 80), scale: 2)
    let box = View(frame: Rect(x: 10, y: 10, width: 20, height: 10))
    box.backgroundColor = .red
    app.window.addSubview(box)
    let frame = app.snapshot()
    #expect(frame.width == 200 && frame.height == 160)
    #expect(frame.pixel(x: 20, y: 20) == .red)
    #expect(frame.pixel(x: 59, y: 39) == .red)
    #expect(frame.pixel(x: 60, y: 40) == .white)
    #expect(frame.pixel(x: 19, y: 19) == .white)
  }
}
