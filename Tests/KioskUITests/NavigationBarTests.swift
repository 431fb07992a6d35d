import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// What the bar shows now.
@MainActor
func barContent(_ navigation: NavigationController) -> NavigationBarContentView? {
  navigation.navigationBar.content
}

@MainActor
func barTitle(_ navigation: NavigationController) -> String? {
  (barContent(navigation)?.titleView as? Label)?.text
}

@MainActor
func backTitle(_ navigation: NavigationController) -> String? {
  barContent(navigation)?.backButton?.currentTitle
}

/// The middle of `view` in window coordinates.
@MainActor
func centre(of view: View) -> Point {
  view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
}

/// Counts taps on bar button items.
@MainActor
final class TapCounter {
  var count = 0
  func tapped() { count += 1 }
}

@MainActor
struct NavigationBarTests {
  @Test func theTitleIsTheTopControllersAndFollowsItsChanges() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a) = makeNavigation(app, log: log)
    #expect(barTitle(navigation) == "A")
    #expect(backTitle(navigation) == nil)
    a.title = "Recipes"
    app.runUntilIdle()
    #expect(barTitle(navigation) == "Recipes")
    a.navigationItem.title = "All recipes"
    app.runUntilIdle()
    #expect(barTitle(navigation) == "All recipes")
    let label = try #require(barContent(navigation)?.titleView)
    #expect(abs(label.frame.midX - 160) <= 1)
    // The title is drawn in dark text on the light bar.
    let frame = app.snapshot()
    #expect(frame.pixel(x: 2, y: 20) == NavigationBar.standardBackground)
    var dark = 0
    for x in Int(label.frame.minX)..<Int(label.frame.maxX) {
      for y in 12..<32 where frame.pixel(x: x, y: y).red < 0.5 { dark += 1 }
    }
    #expect(dark > 30)
  }

  @Test func theBackButtonIsTitledAfterThePreviousItem() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a) = makeNavigation(app, log: log)
    let b = StackChild("B", log: log)
    a.title = "Recipes"
    navigation.pushViewController(b, animated: false)
    app.runUntilIdle()
    #expect(barTitle(navigation) == "B")
    #expect(backTitle(navigation) == "Recipes")
    a.navigationItem.backButtonTitle = "List"
    app.runUntilIdle()
    #expect(backTitle(navigation) == "List")
    a.navigationItem.backBarButtonItem = BarButtonItem(title: "Home")
    app.runUntilIdle()
    #expect(backTitle(navigation) == "Home")
    a.navigationItem.backBarButtonItem = nil
    a.navigationItem.backButtonTitle = nil
    a.navigationItem.title = nil
    app.runUntilIdle()
    #expect(backTitle(navigation) == "Back")
    b.navigationItem.hidesBackButton = true
    app.runUntilIdle()
    #expect(barContent(navigation)?.backButton == nil)
  }

  @Test func tappingTheBackButtonPops() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a) = makeNavigation(app, log: log)
    let b = StackChild("B", log: log)
    navigation.pushViewController(b, animated: false)
    app.runUntilIdle()
    log.entries = []
    let back = try #require(barContent(navigation)?.backButton)
    #expect(back.frame.minX == 8 && back.frame.height == 44)
    app.tap(at: centre(of: back))
    app.advance(by: 0.4)
    #expect(
      log.take() == ["B.willMove(nil)", "B.wD", "A.wA", "B.dD", "A.dA", "B.didMove(nil)"])
    #expect(identical(navigation.viewControllers, [a]))
    #expect(barTitle(navigation) == "A" && backTitle(navigation) == nil)
    // A tap on the chevron, inside the edge-swipe strip, still reaches the button.
    navigation.pushViewController(b, animated: false)
    app.runUntilIdle()
    app.tap(at: Point(x: 12, y: 22))
    app.advance(by: 0.4)
    #expect(identical(navigation.viewControllers, [a]))
  }

  @Test func barButtonItemsBecomeButtonsThatCallTheirTargets() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a) = makeNavigation(app, log: log)
    let b = StackChild("B", log: log)
    let counter = TapCounter()
    var primary = 0
    let edit = BarButtonItem(
      barButtonSystemItem: .edit, target: counter, action: { $0.tapped() })
    let add = BarButtonItem(title: "Add", primaryAction: Action { _ in primary += 1 })
    b.navigationItem.rightBarButtonItems = [edit, add]
    navigation.pushViewController(b, animated: false)
    app.runUntilIdle()
    let content = try #require(barContent(navigation))
    let right = content.rightSlots.map(\.view)
    #expect(right.count == 2)
    let editButton = try #require(right.first as? Button)
    let addButton = try #require(right.last as? Button)
    #expect(editButton.currentTitle == "Edit" && addButton.currentTitle == "Add")
    #expect(editButton.frame.maxX == 312)  // the outermost item at the right edge
    #expect(addButton.frame.maxX < editButton.frame.minX)
    app.tap(at: centre(of: editButton))
    #expect(counter.count == 1 && primary == 0)
    app.tap(at: centre(of: addButton))
    #expect(counter.count == 1 && primary == 1)
    edit.isEnabled = false  // the bar follows changes of the items it shows
    app.runUntilIdle()
    let disabled = try #require(barContent(navigation)?.rightSlots.first?.view as? Button)
    #expect(!disabled.isEnabled)
    app.tap(at: centre(of: disabled))
    #expect(counter.count == 1)
    add.title = "New"
    app.runUntilIdle()
    #expect((barContent(navigation)?.rightSlots.last?.view as? Button)?.currentTitle == "New")
    #expect(identical(navigation.viewControllers, [a, b]))
  }

  @Test func leftItemsReplaceTheBackButtonUnlessTheySupplementIt() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, _) = makeNavigation(app, log: log)
    let b = StackChild("B", log: log)
    let counter = TapCounter()
    b.navigationItem.leftBarButtonItem = BarButtonItem(
      barButtonSystemItem: .cancel, target: counter, action: { $0.tapped() })
    navigation.pushViewController(b, animated: false)
    app.runUntilIdle()
    var content = try #require(barContent(navigation))
    #expect(content.backButton == nil)
    let cancel = try #require(content.leftSlots.first?.view as? Button)
    #expect(cancel.currentTitle == "Cancel" && cancel.frame.minX == 8)
    app.tap(at: centre(of: cancel))
    #expect(counter.count == 1)
    #expect(navigation.viewControllers.count == 2)  // Cancel does not pop by itself
    b.navigationItem.leftItemsSupplementBackButton = true
    app.runUntilIdle()
    content = try #require(barContent(navigation))
    let back = try #require(content.backButton)
    let beside = try #require(content.leftSlots.first?.view)
    #expect(back.frame.maxX < beside.frame.minX)
  }

  @Test func theTitleCrossFadesDuringAnAnimatedPush() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, _) = makeNavigation(app, log: log)
    let old = try #require(barContent(navigation))
    navigation.pushViewController(StackChild("B", log: log), animated: true)
    let new = try #require(barContent(navigation))
    #expect(new !== old)
    #expect(old.superview === navigation.navigationBar && !old.isUserInteractionEnabled)
    #expect(new.alpha == 1 && old.alpha == 0)  // model values; the screen catches up
    app.advance(by: 0.17)
    #expect(old.layer.presented.opacity > 0.05 && old.layer.presented.opacity < 0.95)
    app.advance(by: 0.3)
    #expect(old.superview == nil)
    #expect(barTitle(navigation) == "B" && backTitle(navigation) == "A")
  }
}
