import KioskKit

/// The KioskKit demo: a few screens of labels in three scripts, images in every content
/// mode, custom drawing and animation, shown one after another with a cross-fade. On the
/// virtual framebuffer with `--output DIR` each settled screen is written as a PNG.
@main
final class DemoApp: ApplicationDelegate {
  var window: Window?
  private var pages: [DemoPage] = []
  private var current = 0
  private let header = HeaderView(frame: .zero)
  private var pageTimer: ScheduledAction?

  required init() {}

  static func main() {
    Application.main(DemoApp.self)
  }

  func application(
    _ application: Application, didFinishLaunchingWithOptions options: [String: String]
  ) -> Bool {
    let window = Window(screen: .main)
    window.backgroundColor = Color(hex: 0xf2f2f7)
    let bounds = window.bounds
    header.frame = Rect(x: 0, y: 0, width: bounds.width, height: 56)
    header.autoresizingMask = [.flexibleWidth]
    window.addSubview(header)

    let content = Rect(x: 0, y: 56, width: bounds.width, height: bounds.height - 56)
    pages = [
      TextPage(frame: content), ImagesPage(frame: content), DrawingPage(frame: content),
      AnimationPage(frame: content),
    ]
    for (index, page) in pages.enumerated() {
      page.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      page.alpha = index == 0 ? 1 : 0
      window.addSubview(page)
    }
    show(page: 0)
    window.makeKeyAndVisible()
    self.window = window
    // Each page stays three seconds, then the next fades in.
    pageTimer = ScheduledAction.after(3, repeating: 3) { [weak self] in self?.advance() }
    return true
  }

  private func advance() {
    guard current + 1 < pages.count else { return }
    if current + 2 == pages.count { pageTimer?.cancel() }
    let previous = pages[current]
    current += 1
    show(page: current)
    let next = pages[current]
    View.animate(
      withDuration: 0.4, delay: 0, options: [.curveEaseInOut],
      animations: {
        previous.alpha = 0
        next.alpha = 1
      },
      completion: { _ in next.didAppear() })
  }

  private func show(page index: Int) {
    header.title = pages[index].title
    header.pageCount = pages.count
    header.currentPage = index
    if index == 0 { pages[0].didAppear() }
  }
}

/// One screen of the demo.
@MainActor
class DemoPage: View {
  var title: String { "" }
  /// Called when the page is fully on screen.
  func didAppear() {}
}

/// The bar along the top: the page's title and a dot per page.
@MainActor
final class HeaderView: View {
  private let titleLabel = Label(frame: .zero)
  var title = "" {
    didSet { titleLabel.text = title }
  }
  var pageCount = 0 {
    didSet { setNeedsDisplay() }
  }
  var currentPage = 0 {
    didSet { setNeedsDisplay() }
  }

  override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = Color(hex: 0x1c1c1e)
    isOpaque = true
    titleLabel.font = .boldSystemFont(ofSize: 22)
    titleLabel.textColor = .white
    titleLabel.autoresizingMask = [.flexibleWidth]
    addSubview(titleLabel)
  }

  override func layoutSubviews() {
    titleLabel.frame = Rect(x: 20, y: 0, width: bounds.width - 160, height: bounds.height)
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    for index in 0..<pageCount {
      let x = bounds.width - 24 - Double(pageCount - 1 - index) * 20
      context.setFillColor(index == currentPage ? .white : Color(white: 1, alpha: 0.35))
      context.fillEllipse(in: Rect(x: x - 5, y: bounds.midY - 5, width: 10, height: 10))
    }
  }
}
