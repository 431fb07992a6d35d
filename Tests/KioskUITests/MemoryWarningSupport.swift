import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A screen that is easy to tell from the others in a snapshot: a colour and a dark band
/// whose place depends on its number, both drawn (so the view has a backing store).
@MainActor
final class PatternView: View {
  let number: Int
  private(set) var drawCount = 0

  init(number: Int) {
    self.number = number
    super.init(frame: .zero)
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    drawCount += 1
    let palette: [UInt32] = [0xffcc00, 0x34c759, 0x5ac8fa, 0xff9500, 0xaf52de, 0xff2d55, 0x8e8e93]
    context.setFillColor(Color(hex: palette[number % palette.count]))
    context.fill(bounds)
    context.setFillColor(Color(hex: 0x1c1c1e))
    context.fill(Rect(x: 8 + Double(number % 20) * 14, y: 80, width: 10, height: 60))
  }
}

/// A controller whose screen shows its number and a count it keeps (state that belongs
/// to the controller, so it survives an unload), and that logs loading, unloading and
/// warnings as "m<number>.<event>".
@MainActor
class MemoryController: ViewController {
  let number: Int
  let log: ControllerLog
  /// State the screen shows; it outlives the view.
  var count: Int
  private(set) weak var countLabel: Label?

  init(_ number: Int, log: ControllerLog) {
    self.number = number
    self.log = log
    count = number * 3
    super.init()
  }

  func record(_ event: String) {
    log.entries.append("m\(number).\(event)")
  }

  override func loadView() {
    record("loadView")
    view = PatternView(number: number)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    record("viewDidLoad")
    let label = Label(frame: Rect(x: 8, y: 8, width: 200, height: 28))
    label.text = "Screen \(number): \(count)"
    label.font = .boldSystemFont(ofSize: 18)
    view.addSubview(label)
    countLabel = label
  }

  override func viewWillUnload() {
    super.viewWillUnload()
    record("viewWillUnload")
  }

  override func viewDidUnload() {
    super.viewDidUnload()
    record("viewDidUnload")
  }

  override func didReceiveMemoryWarning() {
    record("warning")
    super.didReceiveMemoryWarning()
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    record("wA")
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    record("dA")
  }
}

/// A controller that keeps its view through memory warnings (a live video, say): it
/// overrides `didReceiveMemoryWarning()` without calling `super`'s unloading.
@MainActor
final class KeepingController: MemoryController {
  override func didReceiveMemoryWarning() {
    record("warning")
  }
}

/// A custom container (public containment API alone): its own screen on top, a child's
/// view in the lower half, put back whenever the container's view loads.
@MainActor
final class PairController: MemoryController {
  let child: MemoryController

  init(_ number: Int, child: MemoryController, log: ControllerLog) {
    self.child = child
    super.init(number, log: log)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let adding = child.parent !== self
    if adding { addChild(child) }
    child.view.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
    view.addSubview(child.view)
    if adding { child.didMove(toParent: self) }
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let bounds = view.bounds
    child.viewIfLoaded?.frame = Rect(
      x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
  }
}

/// A page view controller showing one page.
@MainActor
func makePages(showing page: ViewController) -> PageViewController {
  let pages = PageViewController()
  pages.setViewControllers([page], direction: .forward, animated: false)
  return pages
}

/// An app delegate that logs the memory warnings it receives.
@MainActor
final class MemoryLogDelegate: ApplicationDelegate {
  var window: Window?
  var log: ControllerLog?
  private(set) var warnings = 0

  init() {}

  func applicationDidReceiveMemoryWarning(_ application: Application) {
    warnings += 1
    log?.entries.append("delegate")
  }
}

/// A view held weakly, to check that an unloaded view is really gone.
@MainActor
struct WeakView {
  weak var view: View?
}

/// The log entries of the memory warning sequence only: warnings, unloading, the delegate.
func unloadEntries(_ entries: [String]) -> [String] {
  entries.filter {
    $0 == "delegate" || $0.hasSuffix(".warning") || $0.hasSuffix("Unload")
  }
}

/// The entries a warning that unloads `numbers` (in that order) writes, after the
/// delegate's; `kept` are warned without unloading.
func expectedUnloading(_ numbers: [Int], warnedOnly kept: Set<Int> = []) -> [String] {
  ["delegate"]
    + numbers.flatMap { number in
      kept.contains(number)
        ? ["m\(number).warning"]
        : ["m\(number).warning", "m\(number).viewWillUnload", "m\(number).viewDidUnload"]
    }
}
