import Foundation
import KioskKit
import KioskTesting
import Testing

@testable import kiosk_demo

/// The demo passes the accessibility audit (labels, WCAG contrast, 44-pt targets, text
/// not cut off at the largest size) on each example's screens, reached by their labels as
/// a UI test reaches them.
@MainActor
struct DemoAccessibilityAuditTests {
  /// The demo's shell on the real-kernel tests' 1024×600 panel, without a screen reader.
  private func launch() throws -> (TestApplication, DemoShellController) {
    try DemoLaunch.launch(pointSize: Size(width: 1024, height: 600))
  }

  /// The audit's issues on the screen shown now, each prefixed by `screen`. The Showcase's
  /// truncation sample is cut off on purpose.
  private func audit(_ app: TestApplication, _ screen: String) -> [String] {
    app.auditAccessibility { $0.element.accessibilityLabel == TextPage.truncatedText }
      .map { "\(screen): \($0.message)" }
  }

  @Test func everyExamplesScreensPassTheAudit() throws {
    let (app, shell) = try launch()
    var issues: [String] = []
    var screens = 0
    var time = Duration.zero
    /// Audits the screen shown now, timed for the notes.
    func check(_ screen: String) {
      let start = ContinuousClock.now
      issues += audit(app, screen)
      time += ContinuousClock.now - start
      screens += 1
    }
    for (index, example) in shell.examples.enumerated() {
      shell.showExample(at: index, animated: false)
      app.advance(by: 1)
      let name = example.title ?? "example \(index)"
      check(name)
      switch name {
      case "Showcase":
        // Each page, turned as the reader turns it.
        for page in 2...4 {
          try app.pageIndicators["Pages"].increment()
          app.advance(by: 1)
          check("Showcase page \(page)")
        }
      case "Recipes":
        try app.buttons["Add"].tap()
        app.advance(by: 1)
        check("Add Recipe")
        try app.buttons["Cancel"].tap()
        app.advance(by: 1)
        try app.cells.firstMatch.tap()
        app.advance(by: 1)
        check("a recipe")
      case "Clock":
        for tab in ["Alarm", "Stopwatch", "Timer"] {
          try app.tabBars.element.buttons[tab].tap()
          app.advance(by: 1)
          check(tab)
        }
        try app.tabBars.element.buttons["Alarm"].tap()
        app.advance(by: 1)
        try app.buttons["Add Alarm"].tap()
        app.advance(by: 1)
        check("New Alarm")
        try app.buttons["Cancel"].tap()
        app.advance(by: 1)
        try app.cells.firstMatch.tap()
        app.advance(by: 1)
        check("an alarm")
      case "Contacts":
        try app.buttons["Add"].tap()
        app.advance(by: 1)
        check("New Contact")
      case "Menu":
        try app.cells.firstMatch.tap()
        app.advance(by: 1)
        check("a menu item")
      default: break
      }
    }
    print("accessibility audit of the demo: \(screens) screens in \(time) (this build)")
    #expect(issues.isEmpty, "\(issues.count) issues:\n\(issues.joined(separator: "\n"))")
  }

  /// The audit is not vacuous here: the demo's own header with a faint title fails it.
  @Test func aFaintTitleFailsTheAudit() throws {
    let (app, shell) = try launch()
    shell.showExample(at: 1, animated: false)
    app.advance(by: 1)
    #expect(audit(app, "Recipes").isEmpty)
    let faint = Label(frame: Rect(x: 300, y: 300, width: 300, height: 30))
    faint.text = "Today's special"
    faint.textColor = Color(white: 0.75)
    app.window.addSubview(faint)
    let found = audit(app, "Recipes")
    #expect(found.count == 1 && found.first?.contains("Today's special") == true, "\(found)")
  }
}
