import KioskKit
import KioskTesting
import Testing

/// A list of recipes under a title bar; the chosen row is highlighted.
@MainActor
private final class RecipeListScreen: ViewController {
  private let rows = ["Tomato soup", "Green salad", "Apple pie", "Lemonade", "Pancakes"]
  private let chosen: Int

  init(chosen: Int) {
    self.chosen = chosen
    super.init()
    title = "Recipes"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0xf2f2f7)
    let bar = Label(frame: Rect(x: 0, y: 0, width: view.bounds.width, height: 44))
    bar.autoresizingMask = [.flexibleWidth]
    bar.backgroundColor = Color(hex: 0x007aff)
    bar.text = "Recipes"
    bar.textAlignment = .center
    bar.textColor = .white
    bar.font = .boldSystemFont(ofSize: 18)
    view.addSubview(bar)
    for (index, row) in rows.enumerated() {
      let label = Label(
        frame: Rect(x: 0, y: 52 + Double(index) * 45, width: view.bounds.width, height: 44))
      label.autoresizingMask = [.flexibleWidth]
      label.backgroundColor = index == chosen ? Color(hex: 0xd1e4ff) : .white
      label.text = "   " + row
      label.font = .systemFont(ofSize: 16)
      view.addSubview(label)
    }
  }
}

/// A recipe: a title bar, a coloured photo band and a few lines of text.
@MainActor
private final class RecipeDetailScreen: ViewController {
  private let name: String
  private let steps: String

  init(name: String, steps: String) {
    self.name = name
    self.steps = steps
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    let width = view.bounds.width
    let bar = Label(frame: Rect(x: 0, y: 0, width: width, height: 44))
    bar.autoresizingMask = [.flexibleWidth]
    bar.backgroundColor = Color(hex: 0xff3b30)
    bar.text = name
    bar.textAlignment = .center
    bar.textColor = .white
    bar.font = .boldSystemFont(ofSize: 18)
    let photo = View(frame: Rect(x: 16, y: 60, width: width - 32, height: 120))
    photo.autoresizingMask = [.flexibleWidth]
    photo.backgroundColor = Color(hex: 0xffcc00)
    let text = Label(frame: Rect(x: 16, y: 196, width: width - 32, height: 120))
    text.autoresizingMask = [.flexibleWidth]
    text.text = steps
    text.numberOfLines = 0
    text.lineBreakMode = .byWordWrapping
    text.font = .systemFont(ofSize: 15)
    text.textColor = Color(hex: 0x3a3a3c)
    for subview in [bar, photo, text] { view.addSubview(subview) }
  }
}

@MainActor
struct SplitViewGoldenTests {
  private func makeSplit() -> SplitViewController {
    SplitViewController(
      primary: RecipeListScreen(chosen: 0),
      secondary: RecipeDetailScreen(
        name: "Tomato soup",
        steps: "Soften the onion, add the tomatoes and simmer for twenty minutes. Blend, "
          + "season with salt and pepper, and serve hot."))
  }

  /// A landscape panel: the list and the recipe side by side, a line between them.
  @Test func expandedInLandscape() throws {
    let app = try TestApplication(pointSize: Size(width: 800, height: 480))
    let split = makeSplit()
    app.window.rootViewController = split
    app.runUntilIdle()
    #expect(!split.isCollapsed)
    #expect(split.displayMode == .oneBesideSecondary)
    try assertSnapshot(of: app, named: "split-expanded-landscape")
  }

  /// The same panel in portrait: the recipe fills the screen and the list slides in over
  /// it, the recipe dimmed behind.
  @Test func collapsedInPortraitWithThePrimaryOverlay() throws {
    let app = try TestApplication(pointSize: Size(width: 480, height: 800))
    let split = makeSplit()
    app.window.rootViewController = split
    app.runUntilIdle()
    #expect(split.isCollapsed)
    split.show(.primary)
    app.advance(by: 0.3)
    #expect(split.displayMode == .oneOverSecondary)
    try assertSnapshot(of: app, named: "split-collapsed-portrait-overlay")
  }
}
