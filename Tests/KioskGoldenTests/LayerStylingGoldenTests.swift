import KioskKit
import KioskTesting
import Testing

/// Layer styling and group opacity, compared with reference PNGs in Goldens/.
@MainActor
struct LayerStylingGoldenTests {
  /// Top row: a rounded card with a border; a card with a shadow; a card whose shadow
  /// comes from a shadow path (an ellipse under it). Bottom row: a rounded card masking a
  /// photo-like image and a coloured band to its corners; the same card with a shadow
  /// turned by 10°; a card with a thick rounded border over a child it does not clip.
  @Test func styledCards() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 260), scale: 2)
    app.window.backgroundColor = Color(hex: 0xf2f2f7)

    let bordered = card(Rect(x: 20, y: 20, width: 110, height: 90))
    bordered.layer.borderWidth = 2
    bordered.layer.borderColor = Color(hex: 0x007aff)
    app.window.addSubview(bordered)

    let shadowed = card(Rect(x: 145, y: 20, width: 110, height: 90))
    shadowed.layer.shadowOpacity = 0.3
    shadowed.layer.shadowRadius = 8
    shadowed.layer.shadowOffset = Size(width: 0, height: 4)
    app.window.addSubview(shadowed)

    let pathShadow = card(Rect(x: 270, y: 20, width: 110, height: 90))
    pathShadow.layer.shadowOpacity = 0.5
    pathShadow.layer.shadowRadius = 4
    pathShadow.layer.shadowOffset = .zero
    pathShadow.layer.shadowPath = Path(ellipseIn: Rect(x: 5, y: 80, width: 100, height: 20))
    app.window.addSubview(pathShadow)

    let masked = card(Rect(x: 20, y: 140, width: 110, height: 100))
    masked.clipsToBounds = true
    let photo = ImageView(image: try Self.photo())
    photo.frame = Rect(x: 0, y: 0, width: 110, height: 70)
    masked.addSubview(photo)
    let band = View(frame: Rect(x: 0, y: 70, width: 110, height: 30))
    band.backgroundColor = Color(hex: 0xff9500)
    masked.addSubview(band)
    app.window.addSubview(masked)

    let turned = card(Rect(x: 150, y: 145, width: 100, height: 90))
    turned.layer.shadowOpacity = 0.4
    turned.layer.shadowRadius = 6
    turned.layer.shadowOffset = Size(width: 0, height: 5)
    turned.transform = Transform(rotationAngle: 10 * .pi / 180)
    let stripe = View(frame: Rect(x: 10, y: 40, width: 80, height: 10))
    stripe.backgroundColor = Color(hex: 0x34c759)
    turned.addSubview(stripe)
    app.window.addSubview(turned)

    let unclipped = card(Rect(x: 270, y: 140, width: 110, height: 100))
    unclipped.layer.cornerRadius = 24
    unclipped.layer.borderWidth = 6
    unclipped.layer.borderColor = Color(hex: 0xaf52de).withAlphaComponent(0.8)
    let corner = View(frame: Rect(x: -10, y: -10, width: 50, height: 50))
    corner.backgroundColor = Color(hex: 0xff3b30)
    unclipped.addSubview(corner)
    app.window.addSubview(unclipped)

    app.runUntilIdle()
    try assertSnapshot(of: app, named: "layer-styling-cards")
  }

  /// Left: a view at alpha 0.5 holding two overlapping opaque squares, blended as one group
  /// (the blue square hides the red one where they overlap). Right: the same with
  /// `allowsGroupOpacity` off (the red shows through). Below: a rounded, masking card at
  /// alpha 0.6 whose yellow child, wider than the card, is cut to its corners.
  @Test func groupOpacity() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240), scale: 2)
    app.window.backgroundColor = .white
    for (index, grouped) in [true, false].enumerated() {
      let parent = View(frame: Rect(x: 20 + Double(index) * 150, y: 20, width: 130, height: 100))
      let red = View(frame: Rect(x: 0, y: 0, width: 80, height: 70))
      red.backgroundColor = .red
      let blue = View(frame: Rect(x: 45, y: 30, width: 80, height: 70))
      blue.backgroundColor = .blue
      parent.addSubview(red)
      parent.addSubview(blue)
      parent.alpha = 0.5
      parent.layer.allowsGroupOpacity = grouped
      app.window.addSubview(parent)
    }
    let faded = card(Rect(x: 20, y: 140, width: 280, height: 80))
    faded.backgroundColor = Color(hex: 0x5856d6)
    faded.clipsToBounds = true
    let inner = View(frame: Rect(x: -20, y: 40, width: 320, height: 60))
    inner.backgroundColor = Color(hex: 0xffcc00)
    faded.addSubview(inner)
    faded.alpha = 0.6
    app.window.addSubview(faded)
    app.runUntilIdle()
    try assertSnapshot(of: app, named: "layer-styling-group-opacity")
  }

  /// A white card with 14-point corners.
  private func card(_ frame: Rect) -> View {
    let view = View(frame: frame)
    view.backgroundColor = .white
    view.layer.cornerRadius = 14
    return view
  }

  /// A small landscape: sky, sun and hills.
  private static func photo() throws -> Image {
    try Image.render(size: Size(width: 110, height: 70), scale: 2) { context in
      context.drawLinearGradient(
        Gradient(colors: [Color(hex: 0x5ac8fa), Color(hex: 0xe5f6ff)]),
        start: Point(x: 0, y: 0), end: Point(x: 0, y: 70))
      context.setFillColor(Color(hex: 0xffcc00))
      context.fillEllipse(in: Rect(x: 70, y: 10, width: 22, height: 22))
      context.setFillColor(Color(hex: 0x34c759))
      context.fillEllipse(in: Rect(x: -30, y: 40, width: 110, height: 70))
      context.setFillColor(Color(hex: 0x248a3d))
      context.fillEllipse(in: Rect(x: 40, y: 48, width: 120, height: 60))
    }
  }
}
