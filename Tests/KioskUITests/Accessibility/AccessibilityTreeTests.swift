import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor @Suite struct AccessibilityTreeTests {
  private func element(_ label: String, _ frame: Rect) -> View {
    let view = View(frame: frame)
    view.isAccessibilityElement = true
    view.accessibilityLabel = label
    return view
  }

  private func labels(_ app: TestApplication) -> [String] {
    AccessibilityTree.elements(on: app.screen).map { $0.accessibilityLabel ?? "?" }
  }

  @Test func elementsAreReadInRowsFromTheTopLeft() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    app.window.addSubview(element("c", Rect(x: 10, y: 100, width: 50, height: 30)))
    app.window.addSubview(element("b", Rect(x: 200, y: 12, width: 50, height: 30)))
    app.window.addSubview(element("a", Rect(x: 10, y: 10, width: 50, height: 30)))
    #expect(labels(app) == ["a", "b", "c"])
    #expect(
      AccessibilityTree.elements(on: app.screen, rightToLeft: true).map(\.accessibilityLabel)
        == ["b", "a", "c"])
  }

  @Test func containersAreMergedUnlessTheyGroup() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let left = View(frame: Rect(x: 0, y: 0, width: 100, height: 300))
    left.addSubview(element("left top", Rect(x: 0, y: 0, width: 100, height: 40)))
    left.addSubview(element("left bottom", Rect(x: 0, y: 200, width: 100, height: 40)))
    app.window.addSubview(left)
    app.window.addSubview(element("right top", Rect(x: 200, y: 0, width: 100, height: 40)))
    #expect(labels(app) == ["left top", "right top", "left bottom"])
    left.shouldGroupAccessibilityChildren = true
    #expect(labels(app) == ["left top", "left bottom", "right top"])
  }

  @Test func anElementHidesItsSubviewsAndHiddenViewsAreLeftOut() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let card = element("card", Rect(x: 0, y: 0, width: 200, height: 100))
    card.addSubview(element("inside", Rect(x: 0, y: 0, width: 50, height: 50)))
    app.window.addSubview(card)
    let hidden = element("hidden", Rect(x: 0, y: 150, width: 50, height: 50))
    hidden.isHidden = true
    app.window.addSubview(hidden)
    let muted = element("muted", Rect(x: 100, y: 150, width: 50, height: 50))
    muted.accessibilityElementsHidden = true
    app.window.addSubview(muted)
    app.window.addSubview(element("empty", Rect(x: 300, y: 150, width: 0, height: 50)))
    #expect(labels(app) == ["card"])
  }

  @Test func aModalViewHidesItsSiblingsAndTheWindowsBehind() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    app.window.addSubview(element("behind", Rect(x: 0, y: 0, width: 100, height: 40)))
    let front = Window(screen: app.screen)
    front.windowLevel = 1
    front.isHidden = false
    let alert = View(frame: Rect(x: 100, y: 100, width: 200, height: 100))
    alert.addSubview(element("OK", Rect(x: 10, y: 50, width: 80, height: 40)))
    let sibling = element("beside", Rect(x: 0, y: 0, width: 50, height: 50))
    front.addSubview(sibling)
    front.addSubview(alert)
    #expect(labels(app) == ["behind", "beside", "OK"])
    alert.accessibilityViewIsModal = true
    #expect(labels(app) == ["OK"])
  }

  @Test func aContainerCanOrderItsElementsAndDrawnElementsHaveScreenFrames() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let chart = View(frame: Rect(x: 100, y: 50, width: 200, height: 100))
    let march = AccessibilityElement(accessibilityContainer: chart)
    march.accessibilityLabel = "March"
    march.accessibilityFrameInContainerSpace = Rect(x: 40, y: 10, width: 20, height: 90)
    let first = element("first", Rect(x: 150, y: 0, width: 20, height: 20))
    chart.addSubview(first)
    chart.accessibilityElements = [march, first]
    app.window.addSubview(chart)
    #expect(labels(app) == ["March", "first"])
    #expect(march.accessibilityFrame == Rect(x: 140, y: 60, width: 20, height: 90))
    var activated = false
    march.activationHandler = {
      activated = true
      return true
    }
    #expect(march.accessibilityActivate())
    #expect(activated)
  }

  @Test func notificationsReachObserversAndTraitsFollowTheSettings() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    var heard: [String] = []
    let token = app.application.addAccessibilityObserver { notification, argument in
      heard.append("\(notification) \(argument as? String ?? "-")")
    }
    Accessibility.post(notification: .announcement, argument: "Saved")
    app.application.removeAccessibilityObserver(token)
    Accessibility.post(notification: .screenChanged)
    #expect(heard == ["announcement Saved"])
    var settings = AccessibilitySettings()
    settings.contentSizeCategory = .accessibilityLarge
    settings.increaseContrast = true
    #expect(settings.traits.preferredContentSizeCategory.isAccessibilityCategory)
    #expect(settings.traits.accessibilityContrast == .high)
    #expect(ContentSizeCategory(name: "extraLarge") == .extraLarge)
  }
}
