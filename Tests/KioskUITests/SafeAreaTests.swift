import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A view that counts its safe-area and margin changes.
@MainActor
final class SafeAreaCountingView: View {
  var safeAreaChanges = 0
  var marginChanges = 0
  override func safeAreaInsetsDidChange() { safeAreaChanges += 1 }
  override func layoutMarginsDidChange() { marginChanges += 1 }
}

/// A controller that counts its safe-area and margin changes.
@MainActor
final class SafeAreaCountingController: ViewController {
  var safeAreaChanges = 0
  var marginChanges = 0
  override func viewSafeAreaInsetsDidChange() { safeAreaChanges += 1 }
  override func viewLayoutMarginsDidChange() { marginChanges += 1 }
}

@MainActor
struct SafeAreaTests {
  private func insets(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double)
    -> EdgeInsets
  {
    EdgeInsets(top: top, left: left, bottom: bottom, right: right)
  }

  @Test func aKioskPanelHasNoSafeArea() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let controller = SafeAreaCountingController()
    app.window.rootViewController = controller
    app.runUntilIdle()
    #expect(app.window.safeAreaInsets == .zero)
    #expect(controller.view.safeAreaInsets == .zero)
    #expect(controller.view.safeAreaLayoutGuide.layoutFrame == controller.view.bounds)
    #expect(controller.safeAreaChanges == 0)
  }

  @Test func additionalInsetsReachSubviewsWhereTheyOverlap() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let controller = SafeAreaCountingController()
    app.window.rootViewController = controller
    let top = SafeAreaCountingView(frame: Rect(x: 0, y: 10, width: 300, height: 50))
    let middle = SafeAreaCountingView(frame: Rect(x: 50, y: 80, width: 100, height: 40))
    let inner = SafeAreaCountingView(frame: Rect(x: -10, y: 0, width: 50, height: 50))
    controller.view.addSubview(top)
    controller.view.addSubview(middle)
    top.addSubview(inner)
    app.runUntilIdle()
    controller.additionalSafeAreaInsets = insets(20, 30, 40, 0)
    #expect(controller.view.safeAreaInsets == .zero)  // until the layout pass
    app.runUntilIdle()
    #expect(controller.view.safeAreaInsets == insets(20, 30, 40, 0))
    #expect(controller.safeAreaChanges == 1)
    #expect(top.safeAreaInsets == insets(10, 30, 0, 0))
    #expect(top.safeAreaChanges == 1)
    #expect(inner.safeAreaInsets == insets(10, 40, 0, 0))
    #expect(middle.safeAreaInsets == .zero)
    #expect(middle.safeAreaChanges == 0)
    #expect(
      controller.view.safeAreaLayoutGuide.layoutFrame == Rect(x: 30, y: 20, width: 270, height: 140)
    )
    // Nothing changes: nothing is called again.
    controller.view.setNeedsLayout()
    app.runUntilIdle()
    #expect(controller.safeAreaChanges == 1)
    #expect(inner.safeAreaChanges == 1)
    // Moving a view brings its safe area along at its superview's next layout.
    middle.frame = Rect(x: 0, y: 150, width: 100, height: 40)
    controller.view.setNeedsLayout()
    app.runUntilIdle()
    #expect(middle.safeAreaInsets == insets(0, 30, 30, 0))
    #expect(middle.safeAreaChanges == 1)
  }

  @Test func navigationChildIsBelowTheOpaqueBar() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 400))
    let child = SafeAreaCountingController()
    let navigation = NavigationController(rootViewController: child)
    app.window.rootViewController = navigation
    app.runUntilIdle()
    let barHeight = NavigationBar.standardHeight
    #expect(child.view.convert(child.view.bounds, to: nil).minY == barHeight)
    #expect(child.view.safeAreaInsets == .zero)
    // The navigation controller's own safe area reaches the child where it overlaps.
    navigation.additionalSafeAreaInsets = insets(barHeight + 6, 0, 10, 0)
    app.runUntilIdle()
    #expect(navigation.view.safeAreaInsets == insets(barHeight + 6, 0, 10, 0))
    #expect(child.view.safeAreaInsets == insets(6, 0, 10, 0))
    child.additionalSafeAreaInsets = insets(0, 0, 30, 0)
    app.runUntilIdle()
    #expect(child.view.safeAreaInsets == insets(6, 0, 40, 0))
    #expect(child.safeAreaChanges == 2)
    navigation.additionalSafeAreaInsets = .zero
    child.additionalSafeAreaInsets = .zero
    app.runUntilIdle()
    #expect(child.view.safeAreaInsets == .zero)
    // A child's view laid under the bar gets the bar's height as its top inset, as UIKit.
    child.view.frame = Rect(x: 0, y: -barHeight, width: 300, height: 400)
    child.view.setNeedsLayout()
    child.view.layoutIfNeeded()
    #expect(child.view.safeAreaInsets == insets(barHeight, 0, 0, 0))
    // Without the bar, the child fills the navigation controller's view and is clear.
    navigation.isNavigationBarHidden = true
    app.runUntilIdle()
    #expect(child.view.frame.minY == 0)
    #expect(child.view.safeAreaInsets == .zero)
  }

  @Test func tabBarChildIsAboveTheBar() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 400))
    let child = SafeAreaCountingController()
    let tabs = TabBarController()
    tabs.setViewControllers([child], animated: false)
    app.window.rootViewController = tabs
    app.runUntilIdle()
    let barHeight = TabBar.standardHeight
    #expect(child.view.convert(child.view.bounds, to: nil).maxY == 400 - barHeight)
    #expect(child.view.safeAreaInsets == .zero)
    tabs.additionalSafeAreaInsets = insets(0, 0, barHeight + 20, 0)
    app.runUntilIdle()
    #expect(child.view.safeAreaInsets == insets(0, 0, 20, 0))
    child.additionalSafeAreaInsets = insets(5, 0, 0, 0)
    app.runUntilIdle()
    #expect(child.view.safeAreaInsets == insets(5, 0, 20, 0))
    // Under the bar, the bar covers the child's bottom.
    child.view.frame = Rect(x: 0, y: 0, width: 300, height: 400)
    child.view.setNeedsLayout()
    child.view.layoutIfNeeded()
    #expect(child.view.safeAreaInsets.bottom == barHeight + 20)
  }

  @Test func layoutMarginsDefaultsAndInheritance() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let controller = SafeAreaCountingController()
    app.window.rootViewController = controller
    let parent = SafeAreaCountingView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    let child = SafeAreaCountingView(frame: Rect(x: 10, y: 5, width: 100, height: 50))
    controller.view.addSubview(parent)
    parent.addSubview(child)
    app.runUntilIdle()
    #expect(parent.layoutMargins == insets(8, 8, 8, 8))
    #expect(parent.layoutMarginsGuide.layoutFrame == Rect(x: 8, y: 8, width: 184, height: 84))
    // A controller's view has the system minimum: 16 at the sides when compact.
    #expect(controller.view.layoutMargins == insets(0, 16, 0, 16))
    #expect(controller.systemMinimumLayoutMargins.leading == 16)
    #expect(controller.view.directionalLayoutMargins.trailing == 16)

    parent.layoutMargins = insets(30, 40, 8, 8)
    #expect(parent.marginChanges == 0)  // in the layout pass
    app.runUntilIdle()
    #expect(parent.marginChanges == 1)
    #expect(child.layoutMarginsGuide.layoutFrame.minX == 8)
    child.preservesSuperviewLayoutMargins = true
    app.runUntilIdle()
    // The parent's margins reach 30 and 25 points into the child.
    #expect(child.layoutMarginsGuide.layoutFrame == Rect(x: 30, y: 25, width: 62, height: 17))
    #expect(child.marginChanges == 1)
    parent.layoutMargins = insets(8, 8, 8, 8)
    app.runUntilIdle()
    #expect(child.layoutMarginsGuide.layoutFrame.minX == 8)
    #expect(child.marginChanges == 2)

    // The margins are measured from the safe area.
    controller.additionalSafeAreaInsets = insets(20, 0, 0, 0)
    app.runUntilIdle()
    #expect(controller.view.layoutMarginsGuide.layoutFrame.minY == 20)
    #expect(controller.marginChanges >= 1)
    #expect(parent.layoutMarginsGuide.layoutFrame.minY == 28)
    parent.insetsLayoutMarginsFromSafeArea = false
    app.runUntilIdle()
    #expect(parent.layoutMarginsGuide.layoutFrame.minY == 8)
  }

  @Test func regularWidthMinimumMargins() throws {
    let app = try TestApplication(pointSize: Size(width: 800, height: 600))
    let controller = ViewController()
    app.window.rootViewController = controller
    app.runUntilIdle()
    #expect(controller.systemMinimumLayoutMargins.leading == 20)
    controller.view.layoutMargins = insets(4, 4, 4, 4)
    app.runUntilIdle()
    #expect(controller.view.layoutMarginsGuide.layoutFrame.minX == 20)
    #expect(controller.view.layoutMarginsGuide.layoutFrame.minY == 4)
    controller.viewRespectsSystemMinimumLayoutMargins = false
    app.runUntilIdle()
    #expect(controller.view.layoutMarginsGuide.layoutFrame.minX == 4)
  }

  @Test func aThousandViewsUpdateOnceEach() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let controller = ViewController()
    app.window.rootViewController = controller
    var views: [SafeAreaCountingView] = []
    // Ten columns of a hundred nested views, each covering its parent.
    for _ in 0..<10 {
      var parent: View = controller.view
      for _ in 0..<100 {
        let view = SafeAreaCountingView(frame: parent.bounds)
        parent.addSubview(view)
        views.append(view)
        parent = view
      }
    }
    app.runUntilIdle()
    controller.additionalSafeAreaInsets = insets(10, 0, 0, 0)
    app.runUntilIdle()
    #expect(views.allSatisfy { $0.safeAreaInsets.top == 10 })
    #expect(views.allSatisfy { $0.safeAreaChanges == 1 })
    app.runUntilIdle()
    #expect(views.allSatisfy { $0.safeAreaChanges == 1 })
  }
}
