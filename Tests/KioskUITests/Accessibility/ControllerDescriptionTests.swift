import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// View controllers' screens as a screen reader finds them: the navigation bar's title a
/// heading and its back button named by the screen it goes back to, tabs "2 of 4",
/// presentations and alerts modal, Escape going back, and `.screenChanged` once a
/// transition ends.
@MainActor @Suite struct ControllerDescriptionTests {
  private func screen(_ title: String) -> ViewController {
    let controller = ViewController()
    controller.title = title
    return controller
  }

  private func nodes(_ app: TestApplication) -> [any AccessibilityNode] {
    AccessibilityTree.elements(on: app.screen)
  }

  private func labels(_ app: TestApplication) -> [String] {
    nodes(app).map { $0.accessibilityLabel ?? "?" }
  }

  /// Escape as the screen reader sends it: to `node`, then up its parents until one acts.
  private func escape(from node: any AccessibilityNode) -> Bool {
    var current: (any AccessibilityNode)? = node
    while let next = current {
      if next.accessibilityPerformEscape() { return true }
      current = next.accessibilityParent
    }
    return false
  }

  /// Counts the `.screenChanged` notifications posted from now on.
  @MainActor private final class ScreenChanges {
    var count = 0
    private var token: Int?
    init(_ app: TestApplication) {
      token = app.application.addAccessibilityObserver { [weak self] notification, _ in
        if notification == .screenChanged { self?.count += 1 }
      }
    }
    func stop(_ app: TestApplication) {
      if let token { app.application.removeAccessibilityObserver(token) }
    }
  }

  @Test func theTitleIsAHeadingAndBackIsNamedByThePreviousScreen() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let list = screen("Recipes")
    let navigation = NavigationController(rootViewController: list)
    list.navigationItem.rightBarButtonItem = BarButtonItem(barButtonSystemItem: .add)
    app.window.rootViewController = navigation
    app.runUntilIdle()
    let title = try #require(nodes(app).first { $0.accessibilityLabel == "Recipes" })
    #expect(title.accessibilityTraits.contains(.header))
    #expect(labels(app).contains("Add"))

    let changes = ScreenChanges(app)
    navigation.pushViewController(screen("Soup"), animated: true)
    app.advance(by: 1)
    #expect(changes.count == 1)
    let back = try #require(nodes(app).first { $0.accessibilityLabel == "Recipes" })
    #expect(back.accessibilityTraits.contains(.button))
    #expect(
      nodes(app).contains {
        $0.accessibilityLabel == "Soup" && $0.accessibilityTraits.contains(.header)
      })

    // Escape (scrub, Cancel) pops; at the root it goes no further.
    #expect(navigation.view.accessibilityPerformEscape())
    app.advance(by: 1)
    #expect(navigation.viewControllers.count == 1)
    #expect(changes.count == 2)
    #expect(!navigation.view.accessibilityPerformEscape())
    changes.stop(app)
  }

  @Test func tabsSayTheirPlaceAndSelectWhenActivated() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let tabs = TabBarController()
    let names = ["World Clock", "Alarm", "Stopwatch", "Timer"]
    tabs.setViewControllers(
      names.map { name in
        let controller = screen(name)
        controller.tabBarItem = TabBarItem(title: name)
        return controller
      }, animated: false)
    app.window.rootViewController = tabs
    app.runUntilIdle()
    let tabNodes = nodes(app).filter { $0.accessibilityTraits.contains(.tab) }
    #expect(tabNodes.map { $0.accessibilityLabel ?? "" } == names)
    #expect(
      tabNodes.map { $0.accessibilityValue ?? "" } == ["1 of 4", "2 of 4", "3 of 4", "4 of 4"])
    #expect(tabNodes[0].accessibilityTraits.contains(.selected))
    #expect(tabs.tabBar.accessibilityTraits.contains(.tabBar))

    let changes = ScreenChanges(app)
    #expect(tabNodes[1].accessibilityActivate())
    #expect(tabs.selectedIndex == 1)
    #expect(tabNodes[1].accessibilityTraits.contains(.selected))
    #expect(!tabNodes[0].accessibilityTraits.contains(.selected))
    #expect(changes.count == 1)
    changes.stop(app)
  }

  @Test func anAlertIsModalAndEscapeIsItsCancelAction() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let root = screen("Menu")
    let order = Button(type: .system)
    order.setTitle("Order", for: .normal)
    order.frame = Rect(x: 20, y: 20, width: 120, height: 44)
    root.view.addSubview(order)
    app.window.rootViewController = root
    app.runUntilIdle()
    #expect(labels(app) == ["Order"])

    var cancelled = 0
    let alert = AlertController(title: "Order?", message: "One coffee", preferredStyle: .alert)
    alert.addAction(AlertAction(title: "Keep", style: .cancel) { _ in cancelled += 1 })
    alert.addAction(AlertAction(title: "Order", style: .default))
    let changes = ScreenChanges(app)
    root.present(alert, animated: true)
    app.advance(by: 1)
    #expect(changes.count == 1)
    let shown = nodes(app)
    #expect(Set(labels(app)) == ["Order?", "One coffee", "Keep", "Order"])
    #expect(
      shown.first { $0.accessibilityLabel == "Order?" }?.accessibilityTraits.contains(.header)
        == true)
    let keep = try #require(shown.first { $0.accessibilityLabel == "Keep" })
    #expect(keep.accessibilityTraits.contains(.button))

    // The scrub (escape) goes up from the focused action to the presentation's container.
    #expect(escape(from: keep))
    app.advance(by: 1)
    #expect(cancelled == 1)
    #expect(root.presentedViewController == nil)
    #expect(labels(app) == ["Order"])
    #expect(changes.count == 2)
    changes.stop(app)
  }

  @Test func aFormSheetIsModalAndEscapeDismissesIt() throws {
    let app = try TestApplication(pointSize: Size(width: 800, height: 600))
    let root = screen("Contacts")
    let behind = Button(type: .system)
    behind.setTitle("Behind", for: .normal)
    behind.frame = Rect(x: 20, y: 20, width: 120, height: 44)
    root.view.addSubview(behind)
    app.window.rootViewController = root
    let sheet = screen("New Contact")
    let field = Button(type: .system)
    field.setTitle("Photo", for: .normal)
    field.frame = Rect(x: 20, y: 20, width: 120, height: 44)
    sheet.view.addSubview(field)
    sheet.modalPresentationStyle = .formSheet
    root.present(sheet, animated: false)
    app.runUntilIdle()
    #expect(labels(app) == ["Photo"])
    let photo = try #require(nodes(app).first)
    #expect(escape(from: photo))
    app.advance(by: 1)
    #expect(root.presentedViewController == nil)
    #expect(labels(app) == ["Behind"])
  }

  /// Five pages counted by their data source, turned by the screen reader's swipe.
  private final class Pages: PageViewControllerDataSource {
    let pages = (1...5).map { number -> ViewController in
      let page = ViewController()
      page.title = "Page \(number)"
      return page
    }
    var shown = 0

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
      guard let index = pages.firstIndex(where: { $0 === viewController }), index < 4 else {
        return nil
      }
      return pages[index + 1]
    }

    func presentationCount(for pageViewController: PageViewController) -> Int { pages.count }

    func presentationIndex(for pageViewController: PageViewController) -> Int {
      pageViewController.viewControllers?.first.flatMap { page in
        pages.firstIndex { $0 === page }
      } ?? 0
    }
  }

  @Test func aThreeFingerSwipeTurnsThePageAndSaysWhichItIs() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let pages = Pages()
    let book = PageViewController(
      transitionStyle: .scroll, navigationOrientation: .horizontal, options: nil)
    book.dataSource = pages
    book.setViewControllers([pages.pages[0]], direction: .forward, animated: false)
    app.window.rootViewController = book
    app.runUntilIdle()
    var said: [String] = []
    let token = app.application.addAccessibilityObserver { notification, argument in
      if notification == .pageScrolled, let text = argument as? String { said.append(text) }
    }
    defer { app.application.removeAccessibilityObserver(token) }
    #expect(book.view.accessibilityScroll(.next))
    app.advance(by: 1)
    #expect(book.viewControllers?.first === pages.pages[1])
    #expect(said == ["page 2 of 5"])
    #expect(book.view.accessibilityScroll(.previous))
    app.advance(by: 1)
    #expect(!book.view.accessibilityScroll(.previous))
    #expect(said == ["page 2 of 5", "page 1 of 5"])
  }
}
