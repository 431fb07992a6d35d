import KioskKit
import KioskTesting
import Testing

/// One page of a kiosk's introduction: a coloured card with a title and a line of text.
@MainActor
private final class IntroPage: ViewController {
  let index: Int
  private let heading: String
  private let text: String
  private let color: Color

  init(index: Int, heading: String, text: String, color: Color) {
    self.index = index
    self.heading = heading
    self.text = text
    self.color = color
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = color
    let width = view.bounds.width
    let title = Label(frame: Rect(x: 0, y: 60, width: width, height: 36))
    title.text = heading
    title.font = .boldSystemFont(ofSize: 24)
    title.textColor = .white
    let body = Label(frame: Rect(x: 0, y: 104, width: width, height: 24))
    body.text = text
    body.font = .systemFont(ofSize: 15)
    body.textColor = .white
    for label in [title, body] {
      label.textAlignment = .center
      label.autoresizingMask = [.flexibleWidth]
      view.addSubview(label)
    }
  }
}

/// The three pages of the introduction, made when the page view controller asks.
@MainActor
private final class Introduction: PageViewControllerDataSource {
  private let pages: [(String, String, UInt32)] = [
    ("Welcome", "Order at this screen", 0x007aff),
    ("Choose", "Tap a dish to add it", 0x34c759),
    ("Pay", "Pay at the counter", 0xff9500),
  ]

  func page(_ index: Int) -> ViewController? {
    guard pages.indices.contains(index) else { return nil }
    let (heading, text, color) = pages[index]
    return IntroPage(index: index, heading: heading, text: text, color: Color(hex: color))
  }

  func pageViewController(
    _ pageViewController: PageViewController, viewControllerBefore viewController: ViewController
  ) -> ViewController? {
    (viewController as? IntroPage).flatMap { page($0.index - 1) }
  }

  func pageViewController(
    _ pageViewController: PageViewController, viewControllerAfter viewController: ViewController
  ) -> ViewController? {
    (viewController as? IntroPage).flatMap { page($0.index + 1) }
  }

  func presentationCount(for pageViewController: PageViewController) -> Int { pages.count }

  func presentationIndex(for pageViewController: PageViewController) -> Int {
    (pageViewController.viewControllers?.first as? IntroPage)?.index ?? 0
  }
}

@MainActor
struct PageViewGoldenTests {
  /// The first page being dragged two fifths of the way towards the second, with a gap
  /// between them, and the dots below with the first one current.
  @Test func pageViewMidSwipeWithDots() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240), scale: 2)
    let introduction = Introduction()
    let pages = PageViewController(
      transitionStyle: .scroll, navigationOrientation: .horizontal,
      options: [.interPageSpacing: 8])
    pages.dataSource = introduction
    let first = try #require(introduction.page(0))
    pages.setViewControllers([first], direction: .forward, animated: false)
    app.window.rootViewController = pages
    app.runUntilIdle()
    app.touch(.began, at: Point(x: 250, y: 120))
    for step in 1...16 {
      app.advance(by: 1.0 / 60)
      app.touch(.moved, at: Point(x: 250 - 8 * Double(step), y: 120))
    }
    #expect(pages.children.count == 2)
    try assertSnapshot(of: app, named: "page-view-mid-swipe")
    app.advance(by: 0.3)
    app.touch(.ended, at: Point(x: 122, y: 120))
    app.advance(by: 0.4)
    #expect(pages.viewControllers?.first === first)
  }
}
