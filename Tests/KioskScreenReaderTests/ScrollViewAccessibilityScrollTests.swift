import KioskGraphics
import KioskTesting
import KioskUI
import Testing

@MainActor @Suite struct ScrollViewAccessibilityScrollTests {
  @Test func aScrollViewScrollsByAPageAndSaysWhichUntilItsEnd() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let scroller = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    scroller.contentSize = Size(width: 500, height: 100)
    app.window.addSubview(scroller)
    app.runUntilIdle()
    var spoken: [String] = []
    let token = app.application.addAccessibilityObserver { notification, argument in
      if notification == .pageScrolled, let text = argument as? String { spoken.append(text) }
    }
    defer { app.application.removeAccessibilityObserver(token) }
    #expect(!scroller.accessibilityScroll(.up))
    #expect(scroller.accessibilityScroll(.left))
    #expect(scroller.contentOffset.x == 200)
    #expect(scroller.accessibilityScroll(.next))
    #expect(scroller.contentOffset.x == 300)
    #expect(!scroller.accessibilityScroll(.left))
    #expect(scroller.accessibilityScroll(.right))
    #expect(scroller.contentOffset.x == 100)
    #expect(spoken == ["page 2 of 3", "page 3 of 3", "page 1 of 3"])
  }
}
