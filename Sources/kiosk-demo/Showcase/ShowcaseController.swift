import KioskKit

/// The page view of the demo: text, images, drawing and animation, one page each, turned by
/// a horizontal swipe (or `turnPage()`), with dots along the bottom.
@MainActor
final class ShowcaseController: PageViewController, StoryboardInstantiable,
  PageViewControllerDataSource
{
  /// The pages, made once and kept: a page comes back as it was left.
  private(set) lazy var pages: [ShowcasePageController] = [
    ShowcasePageController { TextPage(frame: $0) },
    ShowcasePageController { ImagesPage(frame: $0) },
    ShowcasePageController { DrawingPage(frame: $0) },
    ShowcasePageController { AnimationPage(frame: $0) },
  ]

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0xf2f2f7)
    dataSource = self
    // A view loaded again (a memory warning released it) keeps the page it showed.
    if viewControllers?.isEmpty ?? true {
      setViewControllers([pages[0]], direction: .forward, animated: false)
    }
  }

  /// Slides in the next page (the first again after the last).
  func turnPage() {
    guard let shown = viewControllers?.first, let index = pages.firstIndex(where: { $0 === shown })
    else { return }
    let next = (index + 1) % pages.count
    setViewControllers([pages[next]], direction: next > index ? .forward : .reverse, animated: true)
  }

  func pageViewController(
    _ pageViewController: PageViewController, viewControllerBefore viewController: ViewController
  ) -> ViewController? {
    guard let index = pages.firstIndex(where: { $0 === viewController }), index > 0 else {
      return nil
    }
    return pages[index - 1]
  }

  func pageViewController(
    _ pageViewController: PageViewController, viewControllerAfter viewController: ViewController
  ) -> ViewController? {
    guard let index = pages.firstIndex(where: { $0 === viewController }), index + 1 < pages.count
    else { return nil }
    return pages[index + 1]
  }

  func presentationCount(for pageViewController: PageViewController) -> Int { pages.count }

  func presentationIndex(for pageViewController: PageViewController) -> Int {
    viewControllers?.first.flatMap { shown in pages.firstIndex { $0 === shown } } ?? 0
  }
}

/// One page of the showcase: a controller whose view is a `DemoPage`. It remembers that
/// the page was seen, so that a page view loaded again shows how the page was left.
@MainActor
final class ShowcasePageController: ViewController {
  private let makePage: (Rect) -> DemoPage
  private var hasAppeared = false

  init(makePage: @escaping (Rect) -> DemoPage) {
    self.makePage = makePage
    super.init()
  }

  override func loadView() {
    let page = makePage(.zero)
    if hasAppeared { page.showAsAlreadySeen() }
    view = page
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = (view as? DemoPage)?.title
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    (view as? DemoPage)?.didAppear()
    hasAppeared = true
  }
}

/// The view of a showcase page.
@MainActor
class DemoPage: View {
  /// What the page shows, in a few words.
  var title: String { "" }
  /// Called when the page is fully on screen.
  func didAppear() {}
  /// Called on a new page whose controller showed the page before: a page that plays
  /// something when it first appears shows the end of it instead.
  func showAsAlreadySeen() {}
}
