import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// The accessibility audit finds each kind of problem on a view made to have it, and
/// nothing on one made right.
@MainActor @Suite struct AccessibilityAuditTests {
  private func app() throws -> TestApplication {
    try TestApplication(pointSize: Size(width: 480, height: 320))
  }

  private func kinds(_ issues: [AccessibilityAuditIssue]) -> [AccessibilityAuditKinds] {
    issues.map(\.kind)
  }

  private func element(_ label: String?, _ frame: Rect) -> View {
    let view = View(frame: frame)
    view.isAccessibilityElement = true
    view.accessibilityLabel = label
    view.accessibilityTraits = .button
    return view
  }

  @Test func aButtonWithoutALabelIsFound() throws {
    let app = try app()
    app.window.addSubview(element(nil, Rect(x: 10, y: 10, width: 60, height: 60)))
    app.window.addSubview(element("Order", Rect(x: 100, y: 10, width: 60, height: 60)))
    let issues = app.auditAccessibility(kinds: .missingLabel)
    #expect(kinds(issues) == [.missingLabel])
    #expect(issues.first?.frame == Rect(x: 10, y: 10, width: 60, height: 60))
  }

  @Test func aTargetUnder44PointsIsFound() throws {
    let app = try app()
    app.window.addSubview(element("Small", Rect(x: 10, y: 10, width: 40, height: 44)))
    app.window.addSubview(element("Fine", Rect(x: 100, y: 10, width: 44, height: 44)))
    let issues = app.auditAccessibility(kinds: .hitRegion)
    #expect(issues.map(\.element.accessibilityLabel) == ["Small"])
    #expect(issues.first?.message.contains("40×44") == true)
  }

  /// A switch, a stepper's halves and a segmented control's segments are smaller than
  /// 44 pt but take touches around themselves to 44 pt: the audit measures where a finger
  /// reaches them, and a plain 30-pt button still fails.
  @Test func smallControlsCountByTheirTouchArea() throws {
    let app = try app()
    let toggle = Switch(frame: Rect(x: 10, y: 10, width: 51, height: 31))
    toggle.accessibilityLabel = "Sound"
    let cups = Stepper(frame: Rect(x: 10, y: 80, width: 94, height: 32))
    let drinks = SegmentedControl(items: ["Tea", "Coffee"])
    drinks.frame = Rect(x: 10, y: 150, width: 200, height: 32)
    let tiny = element("Tiny", Rect(x: 300, y: 10, width: 30, height: 30))
    for view in [toggle, cups, drinks, tiny] as [View] { app.window.addSubview(view) }
    let issues = app.auditAccessibility(kinds: .hitRegion)
    #expect(issues.map(\.element.accessibilityLabel) == ["Tiny"])
  }

  @Test func textWithTooLittleContrastIsFound() throws {
    let app = try app()
    func label(_ text: String, _ color: Color, size: Double, y: Double) {
      let label = Label(frame: Rect(x: 10, y: y, width: 300, height: 30))
      label.text = text
      label.textColor = color
      label.font = .systemFont(ofSize: size)
      app.window.addSubview(label)
    }
    // #777777 on white is 4.48:1: enough for large text (18 pt), not for body text.
    label("pale", Color(hex: 0xbbbbbb), size: 17, y: 10)
    label("grey body", Color(hex: 0x777777), size: 14, y: 50)
    label("grey large", Color(hex: 0x777777), size: 20, y: 90)
    label("black", .black, size: 17, y: 130)
    // White on a dark panel behind it passes; white on white would not.
    let panel = View(frame: Rect(x: 0, y: 170, width: 480, height: 60))
    panel.backgroundColor = Color(hex: 0x1c1c1e)
    let onPanel = Label(frame: Rect(x: 10, y: 10, width: 200, height: 30))
    onPanel.text = "on the panel"
    onPanel.textColor = .white
    panel.addSubview(onPanel)
    app.window.addSubview(panel)
    let issues = app.auditAccessibility(kinds: .contrast)
    #expect(Set(issues.compactMap { ($0.element as? Label)?.text }) == ["pale", "grey body"])
  }

  /// WCAG exempts inactive components: a disabled button's faint title is no issue, the
  /// same title enabled is.
  @Test func aDisabledControlsTextIsExemptFromContrast() throws {
    let app = try app()
    let button = Button(type: .system)
    button.setTitle("Pay", for: .normal)
    button.setTitleColor(Color(hex: 0xbbbbbb), for: .normal)
    button.frame = Rect(x: 10, y: 10, width: 120, height: 44)
    app.window.addSubview(button)
    #expect(app.auditAccessibility(kinds: .contrast).count == 1)
    button.isEnabled = false
    #expect(app.auditAccessibility(kinds: .contrast).isEmpty)
  }

  @Test func textCutOffAtTheLargestSizeIsFound() throws {
    let app = try app()
    let cramped = Label(frame: Rect(x: 10, y: 10, width: 200, height: 24))
    cramped.font = .preferredFont(forTextStyle: .body)
    cramped.adjustsFontForContentSizeCategory = true
    cramped.text = "Your coffee"
    let roomy = Label(frame: Rect(x: 10, y: 60, width: 460, height: 250))
    roomy.font = .preferredFont(forTextStyle: .body)
    roomy.adjustsFontForContentSizeCategory = true
    roomy.numberOfLines = 0
    roomy.text = "Tea"
    app.window.addSubview(cramped)
    app.window.addSubview(roomy)
    let issues = app.auditAccessibility(kinds: .textClipped)
    #expect(issues.compactMap { ($0.element as? Label)?.text } == ["Your coffee"])
    // The audit puts the text size back.
    #expect(app.application.accessibilitySettings.contentSizeCategory == .large)
    #expect(cramped.font.pointSize == 17)
  }

  @Test func aScreenMadeRightHasNoIssues() throws {
    let app = try app()
    let order = Button(type: .system)
    order.setTitle("Order", for: .normal)
    order.frame = Rect(x: 10, y: 10, width: 160, height: 48)
    let note = Label(frame: Rect(x: 10, y: 80, width: 460, height: 200))
    note.numberOfLines = 0
    note.font = .preferredFont(forTextStyle: .body)
    note.adjustsFontForContentSizeCategory = true
    note.text = "Hot drinks"
    app.window.addSubview(order)
    app.window.addSubview(note)
    #expect(app.auditAccessibility().map(\.message) == [])
    try app.assertAccessibilityAudit()
    app.window.addSubview(element(nil, Rect(x: 300, y: 10, width: 20, height: 20)))
    #expect(throws: AccessibilityAuditFailure.self) { try app.assertAccessibilityAudit() }
  }
}
