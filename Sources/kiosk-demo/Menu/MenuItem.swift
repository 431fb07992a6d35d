import KioskBase
import KioskKit

/// A product on the café's menu (the Menu example).
struct MenuItem: Equatable {
  var name: String
  var blurb: String
  /// The price of the regular size, in cents.
  var cents: Int
  /// The colours of its picture.
  var colors: [UInt32]

  /// The sizes a drink or a dish comes in, and what each adds to the price, in cents.
  static let sizes = [("Small", -50), ("Regular", 0), ("Large", 70)]

  /// "3.40 €" for 340 cents.
  static func price(_ cents: Int) -> String {
    "\(cents / 100).\(String(cents % 100, digits: 2)) €"
  }

  /// The menu, in the order of the grid.
  static let menu: [MenuItem] = [
    MenuItem(
      name: "Flat white", blurb: "Double ristretto, steamed milk, a thin layer of foam.",
      cents: 340, colors: [0xc69c6d, 0xf3e4cf, 0x6f4e37]),
    MenuItem(
      name: "Espresso", blurb: "One shot of our house blend, dark and sweet.", cents: 220,
      colors: [0x4b2e1e, 0x8a5a3b, 0xd9b38c]),
    MenuItem(
      name: "Cappuccino", blurb: "Espresso under a deep cap of milk foam and cocoa.",
      cents: 360, colors: [0xe9d8c0, 0xa8754f, 0xfaf3e8]),
    MenuItem(
      name: "Matcha latte", blurb: "Stone-ground green tea whisked into warm milk.", cents: 420,
      colors: [0x8dbb5a, 0xd8e8b8, 0x5a8a2f]),
    MenuItem(
      name: "Hot chocolate", blurb: "Dark chocolate melted into milk, whipped cream on top.",
      cents: 380, colors: [0x5d3a1a, 0xfaf0e6, 0x8b5a2b]),
    MenuItem(
      name: "Lemonade", blurb: "Pressed lemons, cane sugar and fresh mint.", cents: 320,
      colors: [0xf7e03c, 0xfff6a8, 0x5bbf4a]),
    MenuItem(
      name: "Croissant", blurb: "All butter, baked every morning.", cents: 250,
      colors: [0xd9a05b, 0xf3d08a, 0xb5702f]),
    MenuItem(
      name: "Cinnamon bun", blurb: "Cardamom dough rolled with cinnamon sugar.", cents: 310,
      colors: [0xb5702f, 0xe8c27a, 0xfaf0d2]),
    MenuItem(
      name: "Lemon cake", blurb: "A slice of lemon drizzle cake with a sugar crust.",
      cents: 350, colors: [0xfff2a8, 0xf7e03c, 0xfaf3e0]),
    MenuItem(
      name: "Tomato soup", blurb: "Roasted tomatoes, basil and a slice of sourdough.",
      cents: 590, colors: [0xe0412c, 0xf06a4a, 0x4caf50]),
    MenuItem(
      name: "Green salad", blurb: "Leaves, cucumber, herbs and a lemon dressing.", cents: 650,
      colors: [0x7cc242, 0x3e8e2f, 0xd9e86a]),
    MenuItem(
      name: "Dumplings", blurb: "Eight pork and ginger dumplings with soy dip.", cents: 720,
      colors: [0xf4ead5, 0xe3cfa6, 0x8a5a2b]),
  ]
}
