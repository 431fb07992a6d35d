import KioskKit
import KioskTesting
import Testing

/// A screen of rows under a title bar, in one colour.
@MainActor
private final class ListScreen: ViewController {
  private let rows: [String]
  private let tint: Color

  init(title: String, rows: [String], tint: Color) {
    self.rows = rows
    self.tint = tint
    super.init()
    self.title = title
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0xf2f2f7)
    let bar = Label(frame: Rect(x: 0, y: 0, width: view.bounds.width, height: 44))
    bar.autoresizingMask = [.flexibleWidth]
    bar.backgroundColor = tint
    bar.text = title
    bar.textAlignment = .center
    bar.textColor = .white
    bar.font = .boldSystemFont(ofSize: 18)
    view.addSubview(bar)
    for (index, row) in rows.enumerated() {
      let label = Label(
        frame: Rect(x: 0, y: 52 + Double(index) * 41, width: view.bounds.width, height: 40))
      label.autoresizingMask = [.flexibleWidth]
      label.backgroundColor = .white
      label.text = "   " + row
      label.font = .systemFont(ofSize: 16)
      view.addSubview(label)
    }
  }
}

/// Two children side by side, each half of the view; the right one defines the
/// presentation context.
@MainActor
private final class HalvesController: ViewController {
  let leftChild: ViewController
  let rightChild: ViewController

  init(left: ViewController, right: ViewController) {
    leftChild = left
    rightChild = right
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    for child in [leftChild, rightChild] {
      addChild(child)
      view.addSubview(child.view)
      child.didMove(toParent: self)
    }
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let half = (view.bounds.width / 2).rounded()
    leftChild.view.frame = Rect(x: 0, y: 0, width: half, height: view.bounds.height)
    rightChild.view.frame = Rect(
      x: half + 1, y: 0, width: view.bounds.width - half - 1, height: view.bounds.height)
  }
}

/// A card: a title, a line of text and a coloured band.
@MainActor
private final class CardScreen: ViewController {
  private let heading: String
  private let message: String
  private let band: Color
  private let clearBackground: Bool

  init(heading: String, message: String, band: Color, clearBackground: Bool = false) {
    self.heading = heading
    self.message = message
    self.band = band
    self.clearBackground = clearBackground
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let plate = View(frame: view.bounds)
    plate.backgroundColor = .white
    if clearBackground {
      view.backgroundColor = Color(white: 0, alpha: 0.45)
      plate.frame = Rect(x: (view.bounds.width - 220) / 2, y: 60, width: 220, height: 120)
      plate.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
    } else {
      plate.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    }
    view.addSubview(plate)
    let width = plate.bounds.width
    let stripe = View(frame: Rect(x: 0, y: 0, width: width, height: 8))
    stripe.backgroundColor = band
    let title = Label(frame: Rect(x: 16, y: 20, width: width - 32, height: 30))
    title.text = heading
    title.font = .boldSystemFont(ofSize: 20)
    let body = Label(frame: Rect(x: 16, y: 56, width: width - 32, height: 44))
    body.text = message
    body.numberOfLines = 0
    body.lineBreakMode = .byWordWrapping
    body.font = .systemFont(ofSize: 15)
    body.textColor = Color(hex: 0x3a3a3c)
    for subview in [stripe, title, body] {
      subview.autoresizingMask = [.flexibleWidth]
      plate.addSubview(subview)
    }
  }
}

@MainActor
struct PresentationGoldenTests {
  /// A form sheet over a list: a centred card over the dimmed window.
  @Test func formSheetOverAList() throws {
    let (app, list) = try fourRecipesOnScreen()
    let sheet = CardScreen(
      heading: "New recipe", message: "Name, ingredients and steps go here.",
      band: Color(hex: 0x34c759))
    sheet.modalPresentationStyle = .formSheet
    sheet.preferredContentSize = Size(width: 400, height: 260)
    list.present(sheet, animated: true)
    app.advance(by: 0.35)
    try assertSnapshot(of: app, named: "presentation-form-sheet")
  }

  /// A page sheet over a list (UIKit's `.automatic`): a card from under the top edge to
  /// the bottom, its top corners rounded, over the dimmed window.
  @Test func pageSheetOverAList() throws {
    let (app, list) = try fourRecipesOnScreen()
    let sheet = CardScreen(
      heading: "New recipe", message: "Swipe down to put it away.",
      band: Color(hex: 0xff9500))
    sheet.modalPresentationStyle = .automatic
    list.present(sheet, animated: true)
    app.advance(by: 0.35)
    try assertSnapshot(of: app, named: "presentation-page-sheet")
  }

  /// A custom presentation: a drawer from the right edge with a dimming view of its own,
  /// held half way by a percent-driven interactive transition (the drawer half in, the
  /// dimming at half strength).
  @Test func customDrawerHeldHalfWay() throws {
    let (app, list) = try fourRecipesOnScreen()
    let drawer = CardScreen(
      heading: "Filters", message: "Drag the drawer in from the edge.",
      band: Color(hex: 0x5856d6))
    let transitions = DrawerTransitions()
    drawer.modalPresentationStyle = .custom
    drawer.transitioningDelegate = transitions
    list.present(drawer, animated: true)
    transitions.interaction.update(0.5)
    app.advance(by: 0.1)
    try assertSnapshot(of: app, named: "presentation-custom-drawer-half-way")
    transitions.interaction.finish()
    app.advance(by: 0.5)
    #expect(list.presentedViewController === drawer)
  }

  /// A popover under a button at the top right, its arrow pointing up at the button.
  @Test func popoverWithAnArrow() throws {
    let app = try TestApplication(pointSize: Size(width: 640, height: 400))
    let list = ListScreen(
      title: "Recipes", rows: ["Tomato soup", "Green salad", "Apple pie"],
      tint: Color(hex: 0xff9500))
    app.window.rootViewController = list
    let button = Button(type: .system)
    button.frame = Rect(x: 540, y: 6, width: 88, height: 32)
    button.setTitle("Sort", for: .normal)
    button.setTitleColor(.white, for: .normal)
    list.view.addSubview(button)
    app.runUntilIdle()
    let menu = ListScreen(
      title: "Sort by", rows: ["Name", "Time", "Rating"], tint: Color(hex: 0x5856d6))
    menu.modalPresentationStyle = .popover
    menu.preferredContentSize = Size(width: 220, height: 180)
    menu.popoverPresentationController?.sourceView = button
    list.present(menu, animated: true)
    app.advance(by: 0.35)
    #expect(menu.popoverPresentationController?.arrowDirection == .up)
    try assertSnapshot(of: app, named: "presentation-popover")
  }

  /// An over-current-context presentation from the right half of a custom container:
  /// it dims and covers that half only.
  @Test func overCurrentContextOverOneHalf() throws {
    let (app, _, detail) = try halvesWithAContextOnTheRight()
    let loading = CardScreen(
      heading: "Saving…", message: "Keep the soup warm.", band: Color(hex: 0xff9500),
      clearBackground: true)
    loading.modalPresentationStyle = .overCurrentContext
    loading.modalTransitionStyle = .crossDissolve
    detail.present(loading, animated: true)
    app.advance(by: 0.35)
    #expect(loading.presentingViewController === detail)
    let frame = app.snapshot()
    #expect(frame.pixel(x: 100, y: 300) == Color(hex: 0xf2f2f7))  // the left half is untouched
    #expect(frame.pixel(x: 400, y: 380) != Color(hex: 0xf2f2f7))  // the right half is dimmed
    try assertSnapshot(of: app, named: "presentation-over-current-context")
  }

  /// A full-screen presentation sliding up (cover vertical) half way over a list; once it
  /// is up the list's view has left the window.
  @Test func fullScreenCoversTheWindowAndTheListLeavesIt() throws {
    let (app, list) = try fourRecipesOnScreen()
    let photo = CardScreen(
      heading: "Tomato soup", message: "The photo fills the whole screen.",
      band: Color(hex: 0xff3b30))
    photo.modalPresentationStyle = .fullScreen
    list.present(photo, animated: true)
    app.advance(by: 0.15)
    #expect(list.view.window != nil)  // still under the sliding card
    try assertSnapshot(of: app, named: "presentation-full-screen-halfway")
    app.advance(by: 0.3)
    #expect(list.view.window == nil)
    #expect(photo.view.frame == app.window.bounds)
    try assertSnapshot(of: app, named: "presentation-full-screen")
  }

  /// Over full screen with a cross-dissolve: a translucent controller over the whole
  /// window, the list still in the window under it.
  @Test func overFullScreenLeavesTheListUnderIt() throws {
    let app = try TestApplication(pointSize: Size(width: 640, height: 400))
    let list = ListScreen(
      title: "Recipes", rows: ["Tomato soup", "Green salad", "Apple pie"],
      tint: Color(hex: 0x34c759))
    app.window.rootViewController = list
    app.runUntilIdle()
    let alert = CardScreen(
      heading: "Timer done", message: "The soup is ready.", band: Color(hex: 0xff9500),
      clearBackground: true)
    alert.modalPresentationStyle = .overFullScreen
    alert.modalTransitionStyle = .crossDissolve
    list.present(alert, animated: true)
    app.advance(by: 0.15)
    try assertSnapshot(of: app, named: "presentation-cross-dissolve-halfway")
    app.advance(by: 0.3)
    #expect(list.view.window != nil)
    #expect(alert.view.frame == app.window.bounds)
    try assertSnapshot(of: app, named: "presentation-over-full-screen")
  }

  /// Current context from the right half of a custom container that defines the context:
  /// it covers that half exactly, the half's own view leaves the window, the left half
  /// stays.
  @Test func currentContextCoversOnlyTheContext() throws {
    let (app, list, detail) = try halvesWithAContextOnTheRight()
    let steps = CardScreen(
      heading: "Steps", message: "Chop, fry, simmer for twenty minutes, blend.",
      band: Color(hex: 0x5856d6))
    steps.modalPresentationStyle = .currentContext
    detail.present(steps, animated: true)
    app.advance(by: 0.45)
    #expect(steps.presentingViewController === detail)
    #expect(detail.view.window == nil && list.view.window != nil)
    let covered = steps.view.convert(steps.view.bounds, to: nil)
    #expect(covered == Rect(x: 321, y: 0, width: 319, height: 400))
    try assertSnapshot(of: app, named: "presentation-current-context")
  }

  /// A list on the left and a recipe on the right of a custom container; the recipe
  /// defines the presentation context.
  private func halvesWithAContextOnTheRight() throws -> (
    TestApplication, list: ViewController, detail: ViewController
  ) {
    let app = try TestApplication(pointSize: Size(width: 640, height: 400))
    let list = ListScreen(
      title: "Recipes", rows: ["Tomato soup", "Green salad", "Apple pie"],
      tint: Color(hex: 0x007aff))
    let detail = ListScreen(
      title: "Tomato soup", rows: ["4 tomatoes", "1 onion", "Salt, pepper"],
      tint: Color(hex: 0xff3b30))
    detail.definesPresentationContext = true
    app.window.rootViewController = HalvesController(left: list, right: detail)
    app.runUntilIdle()
    return (app, list, detail)
  }

  /// A blue list of four recipes as the window's root, on screen.
  private func fourRecipesOnScreen() throws -> (TestApplication, list: ViewController) {
    let app = try TestApplication(pointSize: Size(width: 640, height: 400))
    let list = ListScreen(
      title: "Recipes", rows: ["Tomato soup", "Green salad", "Apple pie", "Lemonade"],
      tint: Color(hex: 0x007aff))
    app.window.rootViewController = list
    app.runUntilIdle()
    return (app, list)
  }
}

/// A drawer 280 points wide on the right, over a dimming view it adds itself.
@MainActor
private final class DrawerPresentation: PresentationController {
  private let dimming = View()

  override var frameOfPresentedViewInContainerView: Rect {
    guard let bounds = containerView?.bounds else { return .zero }
    return Rect(x: bounds.width - 280, y: 0, width: 280, height: bounds.height)
  }

  override func presentationTransitionWillBegin() {
    guard let containerView else { return }
    dimming.backgroundColor = Color(white: 0, alpha: 0.5)
    dimming.frame = containerView.bounds
    dimming.alpha = 0
    containerView.insertSubview(dimming, at: 0)
    presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
      self.dimming.alpha = 1
    })
  }
}

/// Slides the presented view in from the right, linearly.
@MainActor
private final class SlideInAnimator: ViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?)
    -> Double
  { 0.3 }

  func animateTransition(using context: any ViewControllerContextTransitioning) {
    guard let view = context.view(forKey: .to), let to = context.viewController(forKey: .to)
    else { return context.completeTransition(false) }
    let final = context.finalFrame(for: to)
    context.containerView.addSubview(view)
    view.frame = final.offsetBy(dx: final.width, dy: 0)
    View.animate(
      withDuration: 0.3, options: .curveLinear, animations: { view.frame = final },
      completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
  }
}

@MainActor
private final class DrawerTransitions: ViewControllerTransitioningDelegate {
  let animator = SlideInAnimator()
  let interaction = PercentDrivenInteractiveTransition()

  func presentationController(
    forPresented presented: ViewController, presenting: ViewController?, source: ViewController
  ) -> PresentationController? {
    DrawerPresentation(presentedViewController: presented, presenting: presenting)
  }
  func animationController(
    forPresented presented: ViewController, presenting: ViewController, source: ViewController
  ) -> (any ViewControllerAnimatedTransitioning)? { animator }
  func interactionControllerForPresentation(
    using animator: any ViewControllerAnimatedTransitioning
  ) -> (any ViewControllerInteractiveTransitioning)? { interaction }
}
