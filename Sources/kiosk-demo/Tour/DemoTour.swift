import KioskKit
import Logging

/// The demo's attract mode: from launch until somebody touches the screen it walks through
/// every screen of every example, one step every `interval` seconds, doing what a person
/// would (turning a page, choosing a row, tapping "+", typing on the on-screen keyboard,
/// Done, a tab). Each step leaves a settled screen, so on the virtual framebuffer with
/// `--output` the walk writes one PNG per screen, named after what it shows
/// (`Application.screenName`). It ends on the Touch example, ready for a finger.
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
  private var steps: [Step] = []

  /// One step of the walk: what it shows (logged), the name of its PNG, what it does.
  struct Step {
    var name: String
    var screen: String
    var action: () -> Void

    init(_ name: String, _ screen: String, _ action: @escaping () -> Void) {
      self.name = name
      self.screen = screen
      self.action = action
    }
  }
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
    // The tour types Pinyin at its tenth step: librime deploys its data meanwhile, off the
    // main queue, rather than when the keyboard switches.
    InputMethodRegistry.prepare(languages: ["zh-pinyin"])
    Application.shared.screenName = "showcase-text"
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
    guard next < steps.count else { return }
    logger.info("tour: stopped by a touch after \(next) steps")
    // What a person does from here is no step of the tour: screens go unnamed.
    Application.shared.screenName = nil
  }

  private func takeStep() {
    guard next < steps.count else { return stop() }
    let step = steps[next]
    next += 1
    logger.info("tour: step \(next)/\(steps.count): \(step.name)")
    Application.shared.screenName = step.screen
    step.action()
    if warnsAfterEachStep { Application.shared.simulateMemoryWarning() }
    if next == steps.count { stop() } else { scheduleNextStep() }
  }

  /// The walk, in order: each example's steps, in the order the shell lists them.
  private func makeSteps() -> [Step] {
    let shell = self.shell
    let turnPage: () -> Void = { shell.example(ShowcaseController.self)?.turnPage() }
    var steps = [
      // Showcase: a page view of text, images, drawing and animation.
      Step("Showcase: images", "showcase-images", turnPage),
      Step("Showcase: drawing", "showcase-drawing", turnPage),
      Step("Showcase: animation", "showcase-animation", turnPage),
    ]
    steps += Self.recipeSteps(shell)
    steps += Self.clockSteps(shell)
    steps += Self.librarySteps(shell)
    steps += Self.contactSteps(shell)
    steps += Self.menuSteps(shell)
    // Touch: controls and gestures, waiting for a finger.
    steps.append(Step("Touch: controls and gestures", "touch", Self.show("Touch", in: shell)))
    steps += Self.accessibilitySteps(shell)
    return steps
  }

  /// Recipes: list → detail → photo, back, then Add (presented) → a name typed in
  /// English, in Pinyin (a candidate chosen) and in Russian → a suggestion picked → Done.
  private static func recipeSteps(_ shell: DemoShellController) -> [Step] {
    func top<Controller: ViewController>(_ type: Controller.Type) -> Controller? {
      Self.top(type, in: shell)
    }
    func navigation() -> NavigationController? {
      shell.examples[shell.currentIndex] as? NavigationController
    }
    let type = Self.typeOnScreenKeyboard
    return [
      Step("Recipes: the list", "recipes-list", Self.show("Recipes", in: shell)),
      Step("Recipes: a recipe", "recipes-detail") {
        top(RecipeListController.self)?.tableView(rowSelectedAt: 0)
      },
      Step("Recipes: its photo", "recipes-photo") {
        top(RecipeDetailController.self)?.photoButton?.sendActions(for: .primaryActionTriggered)
      },
      Step("Recipes: back to the list", "recipes-list-back") {
        _ = navigation()?.popToRootViewController(animated: true)
      },
      Step("Recipes: Add, presented", "recipes-add") {
        top(RecipeListController.self)?.addRecipe()
      },
      Step("Recipes: a name typed on the keyboard", "recipes-add-keyboard-en") {
        guard let add = top(RecipeAddController.self) else { return }
        add.nameField.becomeFirstResponder()
        Self.switchKeyboard(to: "en")
        type("Beet soup")
      },
      Step("Recipes: Pinyin with its candidates", "recipes-add-keyboard-pinyin") {
        guard let add = top(RecipeAddController.self) else { return }
        Self.switchKeyboard(to: "zh-pinyin")
        add.nameField.text = ""
        type("jiaozi")
      },
      Step("Recipes: a candidate chosen", "recipes-add-pinyin-chosen") {
        Self.tapCandidate(0)
      },
      Step("Recipes: the Russian keyboard", "recipes-add-keyboard-ru") {
        guard let add = top(RecipeAddController.self) else { return }
        Self.switchKeyboard(to: "ru")
        add.nameField.text = ""
        type("Борщ")
      },
      Step("Recipes: a recipe picked", "recipes-add-picked") {
        top(RecipeAddController.self)?.choose(row: 2)
      },
      Step("Recipes: Done, added by the delegate", "recipes-added") {
        top(RecipeAddController.self)?.done()
      },
    ]
  }

  /// Clock: a tab bar whose first two tabs are navigation controllers.
  private static func clockSteps(_ shell: DemoShellController) -> [Step] {
    func top<Controller: ViewController>(_ type: Controller.Type) -> Controller? {
      Self.top(type, in: shell)
    }
    func tabs() -> TabBarController? {
      shell.examples[shell.currentIndex] as? TabBarController
    }
    return [
      Step("Clock: World Clock", "clock-world-clock", Self.show("Clock", in: shell)),
      Step("Clock: cities to add", "clock-cities") {
        top(WorldClockController.self)?.chooseCity()
      },
      Step("Clock: Tokyo added", "clock-tokyo-added") {
        top(CityPickerController.self)?.tableView(rowSelectedAt: 3)
      },
      Step("Clock: Alarm", "clock-alarm") { tabs()?.selectedIndex = 1 },
      Step("Clock: an alarm", "clock-alarm-detail") {
        top(AlarmListController.self)?.showAlarm(row: 0)
      },
      Step("Clock: Stopwatch", "clock-stopwatch") { tabs()?.selectedIndex = 2 },
      Step("Clock: Timer", "clock-timer") { tabs()?.selectedIndex = 3 },
    ]
  }

  /// Library: a split view, list beside the book; the list filtered as a search is typed.
  private static func librarySteps(_ shell: DemoShellController) -> [Step] {
    func shelf() -> ShelfController? {
      let split = shell.examples[shell.currentIndex] as? SplitViewController
      return split?.viewController(for: .primary) as? ShelfController
    }
    let type = Self.typeOnScreenKeyboard
    return [
      Step("Library: a split view", "library", Self.show("Library", in: shell)),
      Step("Library: searching as you type", "library-search-keyboard") {
        guard let shelf = shelf() else { return }
        shelf.searchField.becomeFirstResponder()
        Self.switchKeyboard(to: "en")
        type("view")
      },
      Step("Library: a book beside the list", "library-book") {
        guard let shelf = shelf() else { return }
        shelf.searchField.resignFirstResponder()
        shelf.showBook(row: 2)
      },
    ]
  }

  /// Contacts: New Contact presented, a phone number and an e-mail address typed, the
  /// photo picker presented over it, back, a name, Done.
  private static func contactSteps(_ shell: DemoShellController) -> [Step] {
    func top<Controller: ViewController>(_ type: Controller.Type) -> Controller? {
      Self.top(type, in: shell)
    }
    let type = Self.typeOnScreenKeyboard
    return [
      Step("Contacts: the list", "contacts", Self.show("Contacts", in: shell)),
      Step("Contacts: New Contact, presented", "contacts-new") {
        top(ContactListController.self)?.addContact()
      },
      Step("Contacts: a phone number on the phone pad", "contacts-new-phone-pad") {
        guard let new = top(NewContactController.self) else { return }
        new.phoneField.becomeFirstResponder()
        type("+4930123456")
      },
      Step("Contacts: an e-mail address on the e-mail keyboard", "contacts-new-keyboard-email") {
        guard let new = top(NewContactController.self) else { return }
        new.emailField.becomeFirstResponder()
        Self.switchKeyboard(to: "en")
        type("grace@navy.mil")
      },
      Step("Contacts: the photo picker, presented over it", "contacts-photo-picker") {
        guard let new = top(NewContactController.self) else { return }
        new.view.endEditing(true)
        new.addPhotoButton?.sendActions(for: .primaryActionTriggered)
      },
      Step("Contacts: a photo picked", "contacts-photo-picked") {
        top(PhotoPickerController.self)?.pick(2)
      },
      Step("Contacts: a name picked", "contacts-name-picked") {
        top(NewContactController.self)?.chooseName(row: 0)
      },
      Step("Contacts: Done, added by the delegate", "contacts-added") {
        top(NewContactController.self)?.done()
      },
    ]
  }

  /// Menu: a grid of styled cards, a product laid out by stack views, "Order" asking in
  /// an alert, answered with Return (the preferred action) as on a hardware keyboard.
  private static func menuSteps(_ shell: DemoShellController) -> [Step] {
    func top<Controller: ViewController>(_ type: Controller.Type) -> Controller? {
      Self.top(type, in: shell)
    }
    return [
      Step("Menu: the grid of products", "menu", Self.show("Menu", in: shell)),
      Step("Menu: a product on stack views", "menu-item") {
        top(MenuGridController.self)?.showItem(at: 0)
      },
      Step("Menu: Order asks in an alert", "menu-order-alert") {
        top(MenuItemController.self)?.askToOrder()
      },
      Step("Menu: ordered", "menu-ordered") { Self.pressReturn() },
    ]
  }

  /// Makes the example titled `title` the one on screen, sliding to it.
  static func show(_ title: String, in shell: DemoShellController) -> () -> Void {
    {
      guard let index = shell.examples.firstIndex(where: { $0.title == title }) else { return }
      shell.showExample(at: index, animated: true)
    }
  }

  /// The controller on top of the example on screen, if it is a `Controller`.
  private static func top<Controller: ViewController>(
    _ type: Controller.Type, in shell: DemoShellController
  ) -> Controller? {
    topmost(in: shell.examples[shell.currentIndex]) as? Controller
  }

  /// Taps the on-screen keys that type `text`, as a finger would. The tour's taps land in
  /// the keyboard's window, which the shell's first-touch watcher does not see.
  private static func typeOnScreenKeyboard(_ text: String) {
    for character in text {
      let key = String(character)
      let point =
        OnScreenKeyboardProbe.center(ofKeyTyping: key)
        ?? (key == " " ? OnScreenKeyboardProbe.center(of: .space) : nil)
      guard let point else {
        Logger(label: "kiosk-demo").warning("tour: no key types \(key.debugDescription)")
        continue
      }
      tap(at: point)
    }
  }

  /// Taps the language key until the keyboard shows `language` (at most once round).
  private static func switchKeyboard(to language: String) {
    for _ in 0..<4 where OnScreenKeyboardProbe.language != language {
      tapKeyboardKey(.language)
    }
  }

  private static func tapCandidate(_ index: Int) {
    guard let point = OnScreenKeyboardProbe.center(ofCandidate: index) else {
      Logger(label: "kiosk-demo").warning("tour: no candidate \(index) to tap")
      return
    }
    tap(at: point)
  }

  private static func tapKeyboardKey(_ key: OnScreenKey) {
    guard let point = OnScreenKeyboardProbe.center(of: key) else { return }
    tap(at: point)
  }

  /// Return pressed and let go, as a hardware keyboard sends it: an alert takes it as its
  /// preferred action. (A tap in the window would stop the tour: the shell watches it.)
  private static func pressReturn() {
    let key = Key(keyCode: 28, characters: "\r")  // KEY_ENTER
    Application.shared.sendPresses([PressSample(phase: .began, key: key)])
    Application.shared.sendPresses([PressSample(phase: .ended, key: key)])
  }

  private static func tap(at point: Point) {
    let application = Application.shared
    application.sendTouches([TouchSample(id: 99, phase: .began, location: point)], on: .main)
    application.sendTouches([TouchSample(id: 99, phase: .ended, location: point)], on: .main)
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
