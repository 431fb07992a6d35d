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
      AnimationPage(frame: content), TouchPage(frame: content),
    ]
    for (index, page) in pages.enumerated() {
      page.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      page.alpha = index == 0 ? 1 : 0
      window.addSubview(page)
    }
    header.pageCount = pages.count
    header.onSelectPage = { [weak self] index in self?.userSelected(page: index) }
    show(page: 0)
    window.makeKeyAndVisible()
    self.window = window
    // Attract mode: each page stays three seconds, then the next fades in, until somebody
    // picks a page in the header; from then on the pages stay where they are put.
    pageTimer = ScheduledAction.after(3, repeating: 3) { [weak self] in
      guard let self, self.current + 1 < self.pages.count else { return }
      if self.current + 2 == self.pages.count { self.pageTimer?.cancel() }
      self.crossFade(to: self.current + 1)
    }
    return true
  }

  private func userSelected(page index: Int) {
    pageTimer?.cancel()
    pageTimer = nil
    crossFade(to: index)
  }

  private func crossFade(to index: Int) {
    guard index != current, pages.indices.contains(index) else { return }
    current = index
    show(page: current)
    let next = pages[current]
    View.animate(
      withDuration: 0.4, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState],
      animations: {
        for page in self.pages where page !== next { page.alpha = 0 }
        next.alpha = 1
      },
      completion: { finished in if finished { next.didAppear() } })
  }

  private func show(page index: Int) {
    header.title = pages[index].title
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

/// The bar along the top: the page's title and a numbered button per page (the current
/// one outlined); tapping one goes to that page.
@MainActor
final class HeaderView: View {
  private let titleLabel = Label(frame: .zero)
  private var pageButtons: [Button] = []
  /// Called with the index of the page button tapped.
  var onSelectPage: ((Int) -> Void)?

  /// A page button's size and the gap between two, in points (the real-kernel touch test
  /// aims at them: Tests/KioskQEMUTests/TouchQEMUTests.swift).
  static let buttonSize = Size(width: 40, height: 40)
  static let buttonGap = 6.0
  static let trailingMargin = 12.0

  var title = "" {
    didSet { titleLabel.text = title }
  }
  var pageCount = 0 {
    didSet { makeButtons() }
  }
  var currentPage = 0 {
    didSet {
      for (index, button) in pageButtons.enumerated() { button.isSelected = index == currentPage }
    }
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

  private func makeButtons() {
    for button in pageButtons { button.removeFromSuperview() }
    pageButtons = (0..<pageCount).map { index in
      let button = Button(type: .system)
      button.setTitle("\(index + 1)", for: .normal)
      button.setTitleColor(.systemBlue, for: .selected)
      button.contentEdgeInsets = .zero
      button.cornerRadius = 10
      button.isSelected = index == currentPage
      button.addTarget(self, action: { header in header.onSelectPage?(index) }, for: .touchUpInside)
      addSubview(button)
      return button
    }
    setNeedsLayout()
  }

  override func layoutSubviews() {
    let size = Self.buttonSize
    let buttonsWidth = Double(pageButtons.count) * (size.width + Self.buttonGap)
    titleLabel.frame = Rect(
      x: 20, y: 0, width: max(bounds.width - 40 - buttonsWidth, 0), height: bounds.height)
    for (index, button) in pageButtons.enumerated() {
      button.frame = Self.frameOfButton(index, of: pageButtons.count, in: bounds)
    }
  }

  /// Where page button `index` of `count` sits in a header of `bounds`.
  static func frameOfButton(_ index: Int, of count: Int, in bounds: Rect) -> Rect {
    let x =
      bounds.width - trailingMargin - Double(count - index) * buttonSize.width
      - Double(count - 1 - index) * buttonGap
    return Rect(
      x: x, y: (bounds.height - buttonSize.height) / 2, width: buttonSize.width,
      height: buttonSize.height)
  }
}
