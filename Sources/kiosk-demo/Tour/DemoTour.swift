import KioskKit
import Logging

/// The demo's attract mode: from launch until somebody touches the screen it walks through
/// every screen of every example, one step every `interval` seconds, doing what a person
/// would (turning a page, choosing a row, tapping "+", Done, a tab). Each step leaves a
/// settled screen, so on the virtual framebuffer with `--output` the walk writes one PNG
/// per screen. It ends on the Touch example, ready for a finger.
///
/// With `warnsAfterEachStep` (`KIOSK_DEMO_MEMORY_WARNINGS=1`) every step is followed by a
/// memory warning, which releases the views of every screen the step left behind (it waits
/// for the step's transition): the walk must look exactly the same.
@MainActor
final class DemoTour {
  /// Seconds between two steps: each transition takes under half a second.
  static let interval = 2.5

  private let shell: DemoShellController
  private let warnsAfterEachStep: Bool
  private var steps: [(name: String, action: () -> Void)] = []
  private let logger = Logger(label: "kiosk-demo")
  private var next = 0
  private var timer: ScheduledAction?

  init(shell: DemoShellController, warnsAfterEachStep: Bool = false) {
    self.shell = shell
    self.warnsAfterEachStep = warnsAfterEachStep
  }

  /// Starts the walk.
  func start() {
    steps = makeSteps()
    scheduleNextStep()
  }

  /// Each step is timed from the one before, not on a fixed grid: when the main queue was
  /// held up (a slow machine, a test harness reading the screen), the next step still comes
  /// a whole interval later and every screen gets its time to settle.
  private func scheduleNextStep() {
    timer = ScheduledAction.after(Self.interval) { [weak self] in self?.takeStep() }
  }

  /// Stops the walk where it is (a touch arrived).
  func stop() {
    guard let timer else { return }
    timer.cancel()
    self.timer = nil
    if next < steps.count { logger.info("tour: stopped by a touch after \(next) steps") }
  }

  private func takeStep() {
    guard next < steps.count else { return stop() }
    let step = steps[next]
    next += 1
    logger.info("tour: step \(next)/\(steps.count): \(step.name)")
    step.action()
    if warnsAfterEachStep { Application.shared.simulateMemoryWarning() }
    if next == steps.count { stop() } else { scheduleNextStep() }
  }

  /// The walk, in order: each closure is one step.
  private func makeSteps() -> [(name: String, action: () -> Void)] {
    let shell = self.shell
    func show(_ title: String) -> () -> Void {
      {
        guard let index = shell.examples.firstIndex(where: { $0.title == title }) else { return }
        shell.showExample(at: index, animated: true)
      }
    }
    func top<Controller: ViewController>(_ type: Controller.Type) -> Controller? {
      Self.topmost(in: shell.examples[shell.currentIndex]) as? Controller
    }
    func navigation() -> NavigationController? {
      shell.examples[shell.currentIndex] as? NavigationController
    }
    func tabs() -> TabBarController? {
      shell.examples[shell.currentIndex] as? TabBarController
    }
    let turnPage: () -> Void = { shell.example(ShowcaseController.self)?.turnPage() }
    return [
      // Showcase: a page view of text, images, drawing and animation.
      ("Showcase: images", turnPage), ("Showcase: drawing", turnPage),
      ("Showcase: animation", turnPage),
      // Recipes: list → detail → photo, back, then Add (presented) → pick → Done.
      ("Recipes: the list", show("Recipes")),
      ("Recipes: a recipe", { top(RecipeListController.self)?.tableView(rowSelectedAt: 0) }),
      (
        "Recipes: its photo",
        { top(RecipeDetailController.self)?.photoButton?.sendActions(for: .primaryActionTriggered) }
      ),
      ("Recipes: back to the list", { _ = navigation()?.popToRootViewController(animated: true) }),
      ("Recipes: Add, presented", { top(RecipeListController.self)?.addRecipe() }),
      ("Recipes: a recipe picked", { top(RecipeAddController.self)?.choose(row: 0) }),
      ("Recipes: Done, added by the delegate", { top(RecipeAddController.self)?.done() }),
      // Clock: a tab bar whose first two tabs are navigation controllers.
      ("Clock: World Clock", show("Clock")),
      ("Clock: cities to add", { top(WorldClockController.self)?.chooseCity() }),
      ("Clock: Tokyo added", { top(CityPickerController.self)?.tableView(rowSelectedAt: 3) }),
      ("Clock: Alarm", { tabs()?.selectedIndex = 1 }),
      ("Clock: an alarm", { top(AlarmListController.self)?.showAlarm(row: 0) }),
      ("Clock: Stopwatch", { tabs()?.selectedIndex = 2 }),
      ("Clock: Timer", { tabs()?.selectedIndex = 3 }),
      // Library: a split view, list beside the book.
      ("Library: a split view", show("Library")),
      (
        "Library: a book beside the list",
        {
          let split = shell.examples[shell.currentIndex] as? SplitViewController
          (split?.viewController(for: .primary) as? ShelfController)?.showBook(row: 2)
        }
      ),
      // Contacts: New Contact presented, the photo picker presented over it, back, Done.
      ("Contacts: the list", show("Contacts")),
      ("Contacts: New Contact, presented", { top(ContactListController.self)?.addContact() }),
      (
        "Contacts: the photo picker, presented over it",
        {
          top(NewContactController.self)?.addPhotoButton?.sendActions(for: .primaryActionTriggered)
        }
      ),
      ("Contacts: a photo picked", { top(PhotoPickerController.self)?.pick(2) }),
      ("Contacts: a name picked", { top(NewContactController.self)?.chooseName(row: 0) }),
      ("Contacts: Done, added by the delegate", { top(NewContactController.self)?.done() }),
      // Touch: controls and gestures, waiting for a finger.
      ("Touch: controls and gestures", show("Touch")),
    ]
  }

  /// The controller on top in `example`: what it presented (to the end of the chain), the
  /// top of a navigation stack, the selected tab, recursively.
  private static func topmost(in example: ViewController) -> ViewController {
    var controller = example
    while true {
      if let presented = controller.presentedViewController {
        controller = presented
      } else if let navigation = controller as? NavigationController,
        let top = navigation.topViewController
      {
        controller = top
      } else if let tabs = controller as? TabBarController,
        let selected = tabs.selectedViewController
      {
        controller = selected
      } else {
        return controller
      }
    }
  }
}

extension TableViewController {
  /// Selects row `row` of the first section and tells the controller, as a tap does.
  func tableView(rowSelectedAt row: Int) {
    let indexPath = IndexPath(row: row, section: 0)
    guard row < tableView(tableView, numberOfRowsInSection: 0) else { return }
    tableView.selectRow(at: indexPath, animated: false, scrollPosition: .none)
    tableView(tableView, didSelectRowAt: indexPath)
  }
}
