import Foundation
import KioskKit
import KioskTesting
import Testing

@testable import kiosk_demo

/// The demo's examples keep their state in their controllers: a memory warning that
/// releases an example's views while another is shown changes nothing the person sees
/// when it comes back, and its controls still act once per tap.
@MainActor
struct DemoReloadTests {
  /// The demo's shell from its storyboard (config/), in a window of a 960×540 screen.
  private func launch() throws -> (TestApplication, DemoShellController) {
    try DemoLaunch.launch(pointSize: Size(width: 960, height: 540))
  }

  private func show(_ index: Int, in shell: DemoShellController, _ app: TestApplication) {
    shell.showExample(at: index, animated: false)
    app.advance(by: 2)
  }

  private func index<Controller: ViewController>(
    of type: Controller.Type, in shell: DemoShellController
  ) throws -> Int {
    try #require(shell.examples.firstIndex { $0 is Controller })
  }

  /// Every example, left in some state of its own, comes back after a warning as it was.
  @Test func everyExampleComesBackAsItWasLeft() throws {
    let (app, shell) = try launch()
    try leaveEveryExampleInAState(shell, app)
    var before: [Bitmap] = []
    for index in shell.examples.indices {
      show(index, in: shell, app)
      before.append(app.snapshot())
    }
    for index in shell.examples.indices {
      let other = (index + 1) % shell.examples.count
      show(other, in: shell, app)
      app.simulateMemoryWarning()
      #expect(!shell.examples[index].isViewLoaded)
      show(index, in: shell, app)
      #expect(samePixels(app.snapshot(), before[index]), "example \(index) came back different")
    }
  }

  /// A page turned, a recipe open, the timer set, a book chosen, New Contact half filled
  /// in, and the Touch controls used.
  private func leaveEveryExampleInAState(_ shell: DemoShellController, _ app: TestApplication)
    throws
  {
    let showcase = try #require(shell.example(ShowcaseController.self))
    show(try index(of: ShowcaseController.self, in: shell), in: shell, app)
    showcase.turnPage()
    app.advance(by: 1)
    showcase.turnPage()
    app.advance(by: 1)
    showcase.turnPage()  // the animation page
    app.advance(by: 3)

    show(1, in: shell, app)  // Recipes
    let recipes = try #require(shell.examples[1] as? NavigationController)
    (recipes.topViewController as? RecipeListController)?.tableView(rowSelectedAt: 2)
    app.advance(by: 1)

    let clock = try #require(shell.example(TabBarController.self))
    show(try index(of: TabBarController.self, in: shell), in: shell, app)
    clock.selectedIndex = 3
    app.runUntilIdle()
    try #require(button("+1 min", in: clock.view)).sendActions(for: .touchUpInside)

    let library = try #require(shell.example(SplitViewController.self))
    show(try index(of: SplitViewController.self, in: shell), in: shell, app)
    (library.viewController(for: .primary) as? ShelfController)?.showBook(row: 1)
    app.advance(by: 1)

    let contacts = try #require(shell.examples[4] as? NavigationController)
    show(4, in: shell, app)
    (contacts.topViewController as? ContactListController)?.addContact()
    app.advance(by: 1)
    let form = try #require(
      (contacts.topViewController?.presentedViewController as? NavigationController)?
        .topViewController as? NewContactController)
    form.photoPicker(PhotoPickerController(), didPick: 3)
    form.chooseName(row: 1)
    app.advance(by: 1)

    show(try index(of: TouchController.self, in: shell), in: shell, app)
    try useTheTouchControls(shell, app)
  }

  private func useTheTouchControls(_ shell: DemoShellController, _ app: TestApplication) throws {
    let touch = try #require(shell.example(TouchController.self)?.view as? TouchPage)
    touch.button.sendActions(for: .touchUpInside)
    touch.button.sendActions(for: .touchUpInside)
    touch.toggle.isOn = true
    touch.toggle.sendActions(for: .valueChanged)
    touch.slider.value = 0.8
    touch.slider.sendActions(for: .valueChanged)
    let card = touch.convert(touch.cardLabel.center, from: touch.cardLabel.superview)
    let start = touch.convert(card, to: nil)
    app.drag(from: start, to: Point(x: start.x - 300, y: start.y - 120), duration: 0.3)
    app.runUntilIdle()
  }

  /// The Touch example's controls act once per tap after the page was loaded again, and
  /// its labels say so.
  @Test func theTouchControlsCountOnceAfterAReload() throws {
    let (app, shell) = try launch()
    let touchIndex = try index(of: TouchController.self, in: shell)
    show(touchIndex, in: shell, app)
    try useTheTouchControls(shell, app)
    show(0, in: shell, app)
    app.simulateMemoryWarning()
    show(touchIndex, in: shell, app)
    let page = try #require(shell.example(TouchController.self)?.view as? TouchPage)
    #expect(page.buttonLabel.text == "Tapped 2 times")
    #expect(page.toggle.isOn && page.toggleLabel.text == "Switched on")
    #expect(page.sliderLabel.text == "Volume 80 %")
    #expect(page.cardLabel.text == "Dropped")
    page.button.sendActions(for: .touchUpInside)
    #expect(page.buttonLabel.text == "Tapped 3 times")
  }

  /// The stopwatch and the timer build their buttons again with the view: one tap, one
  /// action.
  @Test func theClockButtonsActOnceAfterAReload() throws {
    let (app, shell) = try launch()
    let clock = try #require(shell.example(TabBarController.self))
    let clockIndex = try index(of: TabBarController.self, in: shell)
    show(clockIndex, in: shell, app)
    clock.selectedIndex = 3
    clock.selectedIndex = 2
    app.runUntilIdle()
    show(0, in: shell, app)
    app.simulateMemoryWarning()
    show(clockIndex, in: shell, app)
    try #require(button("Start", in: clock.view)).sendActions(for: .touchUpInside)
    #expect(button("Stop", in: clock.view) != nil)
    clock.selectedIndex = 3
    app.runUntilIdle()
    try #require(button("+1 min", in: clock.view)).sendActions(for: .touchUpInside)
    #expect(label("6:00", in: clock.view) != nil)
  }
}

/// The button in `view`'s tree whose title is `title`.
@MainActor
func button(_ title: String, in view: View) -> Button? {
  if let button = view as? Button, button.currentTitle == title { return button }
  for subview in view.subviews {
    if let found = button(title, in: subview) { return found }
  }
  return nil
}

/// The label in `view`'s tree showing `text`.
@MainActor
func label(_ text: String, in view: View) -> Label? {
  if let label = view as? Label, label.text == text { return label }
  for subview in view.subviews {
    if let found = label(text, in: subview) { return found }
  }
  return nil
}

/// Whether two snapshots have the same size and the same pixels.
func samePixels(_ a: Bitmap, _ b: Bitmap) -> Bool {
  guard a.width == b.width, a.height == b.height else { return false }
  for y in 0..<a.height {
    for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { return false }
  }
  return true
}
