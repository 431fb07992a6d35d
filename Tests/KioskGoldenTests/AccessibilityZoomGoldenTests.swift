import KioskKit
import KioskTesting
import Testing

/// Zoom (issue 36): a demo-like screen magnified by the compositor at 2× and 4× around a
/// point (tolerance: `.standard`).
@MainActor @Suite(.serialized) struct AccessibilityZoomGoldenTests {
  /// A screen like the demo's recipe list: a title bar, rows with a detail each, and a
  /// button at the bottom.
  private func demoLikeScene() throws -> TestApplication {
    let app = try TestApplication(pointSize: Size(width: 480, height: 320), scale: 2)
    let bar = View(frame: Rect(x: 0, y: 0, width: 480, height: 52))
    bar.backgroundColor = Color(hex: 0xf2f2f7)
    let title = Label(frame: Rect(x: 16, y: 10, width: 448, height: 32))
    title.text = "Recipes"
    title.font = .systemFont(ofSize: 24, weight: .bold)
    bar.addSubview(title)
    app.window.addSubview(bar)
    let rows = [("Borscht", "45 min"), ("Jiaozi", "1 h"), ("Pancakes", "20 min")]
    for (index, (name, time)) in rows.enumerated() {
      let y = 60 + Double(index) * 56
      let label = Label(frame: Rect(x: 16, y: y + 12, width: 300, height: 28))
      label.text = name
      label.font = .systemFont(ofSize: 20)
      let detail = Label(frame: Rect(x: 330, y: y + 12, width: 134, height: 28))
      detail.text = time
      detail.textAlignment = .right
      detail.textColor = .systemGray
      let separator = View(frame: Rect(x: 16, y: y + 55, width: 464, height: 1))
      separator.backgroundColor = .separator
      app.window.addSubview(label)
      app.window.addSubview(detail)
      app.window.addSubview(separator)
    }
    let add = Button(type: .system)
    add.setTitle("Add recipe", for: .normal)
    add.backgroundColor = .systemBlue
    add.setTitleColor(.white, for: .normal)
    add.layer.cornerRadius = 10
    add.frame = Rect(x: 140, y: 256, width: 200, height: 48)
    app.window.addSubview(add)
    app.runUntilIdle()
    return app
  }

  private func zoom(_ scale: Double, around point: Point, _ app: TestApplication) {
    var settings = Accessibility.settings
    settings.zoomScale = scale
    Accessibility.settings = settings
    app.screen.setZoomCenter(point)
    app.runUntilIdle()
  }

  /// The list's first rows, magnified twice around the second row's name.
  @Test func demoLikeScreenAt2x() throws {
    let app = try demoLikeScene()
    zoom(2, around: Point(x: 140, y: 130), app)
    try assertSnapshot(of: app, named: "a11y-zoom-2x")
  }

  /// The "Add recipe" button, magnified four times around its title.
  @Test func demoLikeScreenAt4x() throws {
    let app = try demoLikeScene()
    zoom(4, around: Point(x: 240, y: 280), app)
    try assertSnapshot(of: app, named: "a11y-zoom-4x")
  }

  /// Zoom 1 after zooming: the frame without zoom, pixel for pixel (the existing goldens
  /// stay as they were).
  @Test func zoomBackToOneIsTheUnzoomedFrame() throws {
    let app = try demoLikeScene()
    try assertSnapshot(of: app, named: "a11y-zoom-1x")
    zoom(3, around: Point(x: 100, y: 100), app)
    zoom(1, around: Point(x: 100, y: 100), app)
    try assertSnapshot(
      of: app, named: "a11y-zoom-1x", tolerance: SnapshotTolerance(channel: 0, pixelFraction: 0))
  }
}
