import FoundationEssentials
import Glibc
import KioskBase
import KioskKit
import Logging

/// The KioskKit demo: the examples of the seed documents, wired by the storyboard
/// config/kiosk-demo.storyboard.json. A header along the top picks an example: Showcase
/// (a page view of text, images, drawing and animation), Recipes (a navigation stack with
/// an Add screen that reports back through a delegate, and on a second screen, when there
/// is one, a customer display of the recipe open), Clock (a tab bar whose first two
/// tabs are navigation controllers), Library (a split view), Contacts (a chain of two
/// presentations), Menu (a grid of styled cards, a stack-view detail and an alert) and
/// Touch (controls, gestures and a photo to pinch).
///
/// Until somebody touches the screen the demo tours itself through every screen (see
/// `DemoTour`); on the virtual framebuffer with `--output DIR` each screen it settles on is
/// written as a PNG, which is what `make demo` does. With `KIOSK_DEMO_MEMORY_WARNINGS=1`
/// in the environment, a memory warning follows every step of the tour; with
/// `KIOSK_DEMO_TOUR=0` there is no tour (the first screen waits for a finger), for tests
/// that drive the demo in real time and would race its steps, and for memory probes.
@main
final class DemoApp: ApplicationDelegate {
  var window: Window?
  private var tour: DemoTour?

  required init() {}

  static func main() {
    MultiCallProgram.runIfStartedAsAnother()
    registerControllerClasses()
    Application.main(DemoApp.self, mainStoryboard: defaultStoryboardPath())
  }

  func application(
    _ application: Application, didFinishLaunchingWithOptions options: [String: String]
  ) -> Bool {
    guard let window else {
      writeToStandardError(
        "kiosk-demo: its storyboard kiosk-demo.\(Storyboard.fileExtension) is neither in"
          + " PREFIX/share/kioskkit nor in the checkout's config/; name it with"
          + " --main-storyboard\n")
      return false
    }
    guard let shell = window.rootViewController as? DemoShellController else {
      // Another storyboard (--main-storyboard) without the demo's shell: show it as it is.
      return window.rootViewController != nil
    }
    if let problem = shell.examplesProblem {
      // A storyboard error, as one the runtime finds: a message and exit 64, not a trap.
      writeToStandardError(
        "kiosk-demo: the storyboard's DemoShellController scene: \(problem)\n")
      exit(KioskExitCode.usage.rawValue)
    }
    window.backgroundColor = Color(hex: 0xf2f2f7)
    // Barcode and card readers (`[input] scanners`): the last scan shows in the header,
    // and the log says what it read (the runtime's own line gives only its length).
    application.scanHandler = { [weak shell] scan in
      shell?.showScan(scan.text)
      Logger(label: "kiosk-demo").info(
        "scanned \"\(scan.text)\" from \(scan.device.sysname) \"\(scan.device.name)\"")
    }
    // A second screen, when one is connected, shows the recipe open on the panel.
    CustomerDisplay.shared.start()
    // The keyboard's languages for the tour: English, Russian, German, Pinyin.
    if application.keyboardSettings.languages == KeyboardSettings().languages {
      application.keyboardSettings.languages = ["en", "ru", "de", "zh-pinyin"]
    }
    let environment = ProcessInfo.processInfo.environment
    guard environment["KIOSK_DEMO_TOUR"] != "0" else { return true }
    let tour = DemoTour(
      shell: shell, warnsAfterEachStep: environment["KIOSK_DEMO_MEMORY_WARNINGS"] == "1")
    shell.onFirstTouch = { [weak tour] in tour?.stop() }
    tour.start()
    self.tour = tour
    return true
  }

  /// The classes the demo's storyboard names.
  static func registerControllerClasses() {
    Storyboard.register(DemoShellController.self)
    Storyboard.register(ShowcaseController.self)
    Storyboard.register(RecipeListController.self)
    Storyboard.register(RecipeDetailController.self)
    Storyboard.register(RecipePhotoController.self)
    Storyboard.register(RecipeAddController.self)
    Storyboard.register(WorldClockController.self)
    Storyboard.register(AlarmListController.self)
    Storyboard.register(StopwatchController.self)
    Storyboard.register(TimerController.self)
    Storyboard.register(ShelfController.self)
    Storyboard.register(BookController.self)
    Storyboard.register(ContactListController.self)
    Storyboard.register(NewContactController.self)
    Storyboard.register(PhotoPickerController.self)
    Storyboard.register(MenuGridController.self)
    Storyboard.register(MenuItemController.self)
    Storyboard.register(TouchController.self)
  }

  /// Where the demo's storyboard is: installed next to the executable
  /// (`PREFIX/share/kioskkit/`), else in the source tree's `config/` (a build from a
  /// checkout). `--main-storyboard` overrides it.
  private static func defaultStoryboardPath() -> String? {
    let name = "kiosk-demo.\(Storyboard.fileExtension)"
    // /proc/self/exe, not argv[0]: started through PATH, argv[0] is a bare name.
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let installed = executable.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("share/kioskkit/\(name)")
    // #filePath: Sources/kiosk-demo/DemoApp.swift, so the checkout is two folders up.
    let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("config/\(name)")
    return [installed, checkout].map(\.path).first { FileManager.default.fileExists(atPath: $0) }
  }
}
