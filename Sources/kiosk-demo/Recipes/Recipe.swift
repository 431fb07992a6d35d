import KioskKit

/// A recipe of the Recipes example.
struct Recipe: Equatable {
  var name: String
  var minutes: Int
  var ingredients: [String]
  /// The colours of what is on the plate, for its picture.
  var colors: [UInt32]

  /// The recipes the list starts with.
  static let starters = [
    Recipe(
      name: "Tomato soup", minutes: 35,
      ingredients: ["6 ripe tomatoes", "1 onion", "2 cloves of garlic", "Basil, salt, pepper"],
      colors: [0xe0412c, 0xf06a4a, 0x4caf50]),
    Recipe(
      name: "Green salad", minutes: 10,
      ingredients: ["1 head of lettuce", "1 cucumber", "Olive oil", "Lemon juice"],
      colors: [0x7cc242, 0x3e8e2f, 0xd9e86a]),
    Recipe(
      name: "Apple pie", minutes: 75,
      ingredients: ["6 apples", "250 g flour", "125 g butter", "Cinnamon, sugar"],
      colors: [0xd9a05b, 0xb5702f, 0xf3d08a]),
    Recipe(
      name: "Blinis", minutes: 40,
      ingredients: ["250 g buckwheat flour", "2 eggs", "500 ml milk", "Sour cream"],
      colors: [0xe8c27a, 0xfaf0d2, 0xc98e3c]),
  ]

  /// What the Add screen offers (a kiosk has no keyboard to type a name).
  static let suggestions = [
    Recipe(
      name: "Lemonade", minutes: 5,
      ingredients: ["4 lemons", "1 l water", "100 g sugar", "Mint"],
      colors: [0xf7e03c, 0xfff6a8, 0x5bbf4a]),
    Recipe(
      name: "Dumplings", minutes: 60,
      ingredients: ["300 g flour", "250 g minced pork", "Ginger", "Soy sauce"],
      colors: [0xf4ead5, 0xe3cfa6, 0x8a5a2b]),
    Recipe(
      name: "Borscht", minutes: 90,
      ingredients: ["3 beetroots", "Half a cabbage", "2 potatoes", "Dill, sour cream"],
      colors: [0x9b1b30, 0xc2334d, 0xf5f5f0]),
  ]
}

/// Pictures drawn at start-up: the demo ships no image files.
@MainActor
enum DemoArt {
  /// A plate seen from above with what is on it, `size` points square.
  static func dish(_ colors: [UInt32], size: Double) -> Image? {
    try? Image.render(size: Size(width: size, height: size), scale: 2) { context in
      let unit = size / 100
      context.setFillColor(Color(hex: 0xd8d8dc))
      context.fillEllipse(in: Rect(x: 4 * unit, y: 6 * unit, width: 92 * unit, height: 92 * unit))
      context.setFillColor(.white)
      context.fillEllipse(in: Rect(x: 2 * unit, y: 2 * unit, width: 92 * unit, height: 92 * unit))
      context.setFillColor(Color(hex: 0xf2f2f7))
      context.fillEllipse(
        in: Rect(x: 16 * unit, y: 16 * unit, width: 64 * unit, height: 64 * unit))
      for (index, color) in colors.enumerated() {
        context.setFillColor(Color(hex: color))
        let radius = (30 - Double(index) * 8) * unit
        let shift = Double(index) * 7 * unit
        context.fillEllipse(
          in: Rect(
            x: 48 * unit - radius + shift, y: 48 * unit - radius - shift / 2, width: 2 * radius,
            height: 2 * radius))
      }
    }
  }

  /// A landscape (sky, sun, hills, a house with a window) drawn at `scale` 4, so that a
  /// photo zoomed in four times still shows sharp edges.
  static func landscape(size: Size) -> Image? {
    try? Image.render(size: size, scale: 4) { context in
      let w = size.width / 100
      let h = size.height / 100
      context.setFillColor(Color(hex: 0x8fd3ff))
      context.fill(Rect(origin: .zero, size: size))
      context.setFillColor(Color(hex: 0xffd54f))
      context.fillEllipse(in: Rect(x: 70 * w, y: 10 * h, width: 16 * w, height: 16 * w))
      context.setFillColor(Color(hex: 0x7cb342))
      context.fillEllipse(in: Rect(x: -20 * w, y: 55 * h, width: 90 * w, height: 80 * h))
      context.setFillColor(Color(hex: 0x558b2f))
      context.fillEllipse(in: Rect(x: 35 * w, y: 62 * h, width: 90 * w, height: 70 * h))
      context.setFillColor(Color(hex: 0xf5f0e6))
      context.fill(Rect(x: 22 * w, y: 50 * h, width: 16 * w, height: 14 * h))
      context.setFillColor(Color(hex: 0xc0392b))
      context.move(to: Point(x: 20 * w, y: 51 * h))
      context.addLine(to: Point(x: 30 * w, y: 40 * h))
      context.addLine(to: Point(x: 40 * w, y: 51 * h))
      context.closePath()
      context.fillPath()
      context.setFillColor(Color(hex: 0x5d4037))
      context.fill(Rect(x: 27.5 * w, y: 56 * h, width: 5 * w, height: 8 * h))
      context.setFillColor(Color(hex: 0x64b5f6))
      context.fill(Rect(x: 24 * w, y: 53 * h, width: 3 * w, height: 3 * h))
    }
  }

  /// A head-and-shoulders portrait on a coloured ground, `size` points square.
  static func portrait(background: UInt32, shirt: UInt32, size: Double) -> Image? {
    try? Image.render(size: Size(width: size, height: size), scale: 2) { context in
      let unit = size / 100
      context.setFillColor(Color(hex: background))
      context.fill(Rect(x: 0, y: 0, width: size, height: size))
      context.setFillColor(Color(hex: shirt))
      context.fillEllipse(in: Rect(x: 15 * unit, y: 62 * unit, width: 70 * unit, height: 70 * unit))
      context.setFillColor(Color(hex: 0xf1c9a5))
      context.fillEllipse(in: Rect(x: 32 * unit, y: 18 * unit, width: 36 * unit, height: 42 * unit))
    }
  }
}
