import KioskKit
import KioskTesting
import Testing

/// A photo zoomed in a scroll view (tolerance: `.standard`).
@MainActor
struct ZoomGoldenTests {
  /// Lets the scroll view zoom its photo.
  private final class PhotoZoom: ScrollViewDelegate {
    let photo: ImageView
    init(photo: ImageView) { self.photo = photo }
    func viewForZooming(in scrollView: ScrollView) -> View? { photo }
  }

  /// A 320×240 photo in a scroll view of its size, zoomed to 2.5 and scrolled to show the
  /// bottom of the sun and the house on the hill: the image's own pixels are sampled at the zoomed size.
  @Test func aPhotoZoomedInAScrollView() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240), scale: 2)
    let photo = ImageView(image: try Self.photo())
    let scroller = ScrollView(frame: app.window.bounds)
    scroller.addSubview(photo)
    scroller.contentSize = photo.bounds.size
    scroller.maximumZoomScale = 4
    let zoom = PhotoZoom(photo: photo)
    scroller.delegate = zoom
    app.window.addSubview(scroller)
    app.runUntilIdle()
    scroller.setZoomScale(2.5, animated: false)
    scroller.contentOffset = Point(x: 440, y: 175)
    app.runUntilIdle()
    #expect(scroller.contentSize == Size(width: 800, height: 600))
    // The scroll bars fade before the picture is taken.
    app.advance(by: 2)
    try assertSnapshot(of: app, named: "zoom-photo-2.5")
  }

  /// A landscape: a sky, a sun, two hills and a house, drawn at twice the points.
  private static func photo() throws -> Image {
    try Image.render(size: Size(width: 320, height: 240), scale: 2) { context in
      context.drawLinearGradient(
        Gradient(stops: [
          .init(location: 0, color: Color(hex: 0x1e6fd9)),
          .init(location: 1, color: Color(hex: 0xbfe3ff)),
        ]), start: Point(x: 0, y: 0), end: Point(x: 0, y: 160))
      context.setFillColor(Color(hex: 0xffcc00))
      context.fillEllipse(in: Rect(x: 200, y: 40, width: 50, height: 50))
      context.setFillColor(Color(hex: 0x34a853))
      context.fillEllipse(in: Rect(x: -60, y: 120, width: 260, height: 200))
      context.setFillColor(Color(hex: 0x1e8e3e))
      context.fillEllipse(in: Rect(x: 140, y: 130, width: 260, height: 200))
      context.setFillColor(Color(hex: 0xd93025))
      context.fill(Rect(x: 230, y: 150, width: 30, height: 24))
      context.setFillColor(Color(hex: 0x5f3b1c))
      context.move(to: Point(x: 226, y: 150))
      context.addLine(to: Point(x: 245, y: 136))
      context.addLine(to: Point(x: 264, y: 150))
      context.closePath()
      context.fillPath()
      context.setFillColor(.white)
      context.fill(Rect(x: 241, y: 158, width: 8, height: 8))
    }
  }
}
