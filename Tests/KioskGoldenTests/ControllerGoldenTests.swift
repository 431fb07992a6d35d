import KioskKit
import KioskTesting
import Testing

/// A content controller: a coloured view with its title in the middle.
@MainActor
private final class PanelController: ViewController {
  private let color: Color

  init(title: String, color: Color) {
    self.color = color
    super.init()
    self.title = title
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = color
    let label = Label(frame: view.bounds)
    label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    label.text = title
    label.textAlignment = .center
    label.textColor = .white
    label.font = .boldSystemFont(ofSize: 22)
    view.addSubview(label)
  }
}

/// A custom container made with the public API: a list on the left, a detail on the right,
/// and a one-point divider between them.
@MainActor
private final class MasterDetailController: ViewController {
  private let master: ViewController
  private(set) var detail: ViewController
  private let divider = View()

  init(master: ViewController, detail: ViewController) {
    self.master = master
    self.detail = detail
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    for child in [master, detail] {
      addChild(child)
      view.addSubview(child.view)
      child.didMove(toParent: self)
    }
    divider.backgroundColor = Color(hex: 0x1c1c1e)
    view.addSubview(divider)
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let split = (view.bounds.width * 0.4).rounded()
    master.view.frame = Rect(x: 0, y: 0, width: split, height: view.bounds.height)
    detail.view.frame = Rect(
      x: split + 1, y: 0, width: view.bounds.width - split - 1, height: view.bounds.height)
    divider.frame = Rect(x: split, y: 0, width: 1, height: view.bounds.height)
  }

  func showDetail(_ next: ViewController, duration: Double) {
    let current = detail
    addChild(next)
    current.willMove(toParent: nil)
    next.view.frame = current.view.frame
    next.view.alpha = 0
    detail = next
    transition(
      from: current, to: next, duration: duration, animations: { next.view.alpha = 1 },
      completion: { [self] _ in
        current.removeFromParent()
        next.didMove(toParent: self)
      })
  }
}

@MainActor
struct ControllerGoldenTests {
  /// Two children side by side in a custom container, after the right-hand one was swapped
  /// with a cross-fade.
  @Test func customContainerWithTwoChildren() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 200), scale: 2)
    let container = MasterDetailController(
      master: PanelController(title: "Recipes", color: Color(hex: 0x007aff)),
      detail: PanelController(title: "Soup", color: Color(hex: 0xff9500)))
    app.window.rootViewController = container
    app.runUntilIdle()
    container.showDetail(
      PanelController(title: "Salad", color: Color(hex: 0x34c759)), duration: 0.25)
    app.advance(by: 0.3)
    #expect(container.children.count == 2)
    #expect(container.detail.title == "Salad")
    try assertSnapshot(of: app, named: "container-side-by-side")
  }
}
