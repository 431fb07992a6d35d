import Foundation
import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// The standard views at the accessibility text sizes and with Increase Contrast: alerts,
/// cells, the keyboard and the pickers grow and stay uncut; the tracks of sliders, switches
/// and progress views are drawn dark enough to be seen.
@MainActor @Suite struct StandardViewsAtLargeTextTests {
  private func traits(_ category: ContentSizeCategory) -> TraitCollection {
    var traits = TraitCollection()
    traits.preferredContentSizeCategory = category
    return traits
  }

  private func set(_ app: TestApplication, _ change: (inout AccessibilitySettings) -> Void) {
    var settings = app.application.accessibilitySettings
    change(&settings)
    app.application.accessibilitySettings = settings
    app.advance(by: 0.5)
  }

  @Test func fontMetricsScaleAsTheirTextStyle() {
    let largest = traits(.accessibilityExtraExtraExtraLarge)
    #expect(FontMetrics.default.scaledValue(for: 44, compatibleWith: traits(.large)) == 44)
    #expect(FontMetrics.default.scaledValue(for: 44, compatibleWith: largest) == 137)
    #expect(FontMetrics.default.scaledValue(for: 17, compatibleWith: traits(.extraSmall)) == 14)
    let caption = FontMetrics(forTextStyle: .caption1)
    #expect(caption.scaledValue(for: 12, compatibleWith: largest) == 43)
    let price = FontMetrics(forTextStyle: .headline).scaledFont(
      for: .boldSystemFont(ofSize: 22), compatibleWith: largest)
    #expect(price.pointSize == 69 && price.weight == .bold)
    let capped = FontMetrics.default.scaledFont(
      for: .systemFont(ofSize: 22), maximumPointSize: 30, compatibleWith: largest)
    #expect(capped.pointSize == 30)
  }

  /// Text fields and text views follow the text size as labels do, when asked to
  /// (`adjustsFontForContentSizeCategory`), keeping their text; a field not asked keeps its
  /// font.
  @Test func textFieldsAndTextViewsAdjustTheirTextStyleFonts() throws {
    let app = try TestApplication(pointSize: Size(width: 480, height: 320))
    let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 36))
    field.font = .preferredFont(forTextStyle: .body)
    field.adjustsFontForContentSizeCategory = true
    field.text = "Ada"
    let fixed = TextField(frame: Rect(x: 10, y: 60, width: 200, height: 36))
    fixed.font = .preferredFont(forTextStyle: .body)
    let notes = TextView(frame: Rect(x: 10, y: 110, width: 200, height: 80))
    notes.font = .preferredFont(forTextStyle: .footnote)
    notes.adjustsFontForContentSizeCategory = true
    for view in [field, fixed, notes] { app.window.addSubview(view) }
    app.runUntilIdle()
    let heightBefore = field.intrinsicContentSize.height
    set(app) { $0.contentSizeCategory = .accessibilityExtraExtraExtraLarge }
    #expect(field.font.pointSize == 53 && field.text == "Ada")
    #expect(field.intrinsicContentSize.height > 2 * heightBefore)
    #expect(fixed.font.pointSize == 17)
    #expect(notes.font.pointSize == 44)
    set(app) { $0.contentSizeCategory = .large }
    #expect(field.font.pointSize == 17 && notes.font.pointSize == 13)
  }

  @Test func anAlertsTextAndRowsGrowAndNothingIsCutOff() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600))
    let root = ViewController()
    app.window.rootViewController = root
    app.runUntilIdle()
    let alert = AlertController(
      title: "Order 1 × Flat white?", message: "Regular · 3.40 €", preferredStyle: .alert)
    alert.addAction(AlertAction(title: "Cancel", style: .cancel))
    alert.addAction(AlertAction(title: "Order", style: .default))
    root.present(alert, animated: false)
    app.advance(by: 0.5)
    let content = try #require(alert.contentView)
    let before = try #require(content.actionViews.first)
    #expect(before.frame.height == 44 && before.titleLabel.font.pointSize == 17)
    #expect(content.isSideBySide)
    set(app) { $0.contentSizeCategory = .accessibilityExtraExtraExtraLarge }
    let after = try #require(content.actionViews.first)
    #expect(after.frame.height == 137 && after.titleLabel.font.pointSize == 53)
    // Too wide for half the card each, the two actions are stacked.
    #expect(!content.isSideBySide)
    let clipped = app.auditAccessibility(kinds: .textClipped)
    #expect(clipped.isEmpty, "\(clipped.map(\.message))")
  }

  @Test func aValue1CellPutsItsValueUnderItsTitleAtTheAccessibilitySizes() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 800))
    let cell = TableViewCell(style: .value1, reuseIdentifier: nil)
    cell.frame = Rect(x: 0, y: 0, width: 400, height: 200)
    cell.textLabel?.text = "Lisbon"
    cell.detailTextLabel?.text = "UTC"
    app.window.addSubview(cell)
    app.runUntilIdle()
    let title = try #require(cell.textLabel)
    let detail = try #require(cell.detailTextLabel)
    #expect(detail.frame.minX > title.frame.minX && detail.frame.minY == title.frame.minY)
    set(app) { $0.contentSizeCategory = .accessibilityLarge }
    #expect(detail.frame.minY >= title.frame.maxY && title.numberOfLines == 0)
    set(app) { $0.contentSizeCategory = .large }
    #expect(detail.frame.minY == title.frame.minY && title.numberOfLines == 1)
    #expect(detail.textAlignment == .right)
  }

  @Test func theKeysTitlesGrowAsFarAsTheirCapsHold() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600))
    let field = TextField(frame: Rect(x: 20, y: 40, width: 400, height: 44))
    app.window.addSubview(field)
    field.becomeFirstResponder()
    app.advance(by: 0.5)
    let keys = try #require(TextInputSystem.shared.keyboardWindow?.keyboardView.keyViews)
    let letter = try #require(keys.first { $0.accessibilityLabel?.lowercased() == "q" })
    let space = try #require(keys.first { $0.accessibilityLabel == "space" })
    #expect(letter.titleFontSize == 24 && space.titleFontSize == 16)
    set(app) { $0.contentSizeCategory = .accessibilityExtraExtraExtraLarge }
    #expect(letter.titleFontSize > 24)
    #expect(letter.titleFontSize <= min(letter.bounds.width, letter.bounds.height) * 0.62)
    #expect(space.titleFontSize == 21)
    field.resignFirstResponder()
  }

  @Test func tracksAreDarkWithIncreaseContrast() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let slider = Slider(frame: Rect(x: 20, y: 20, width: 200, height: 31))
    let toggle = Switch(frame: Rect(x: 20, y: 80, width: 51, height: 31))
    let progress = ProgressView(frame: Rect(x: 20, y: 140, width: 200, height: 4))
    for view in [slider, toggle, progress] as [View] { app.window.addSubview(view) }
    app.runUntilIdle()
    let light = Color(hex: 0xe5e5ea)
    #expect(slider.maximumTrack.fillColor == light && progress.track.fillColor == light)
    set(app) { $0.increaseContrast = true }
    let dark = Color(hex: 0x86868b)
    #expect(slider.maximumTrack.fillColor == dark && progress.track.fillColor == dark)
    #expect(toggle.offTrack.fillColor == dark)
    #expect(toggle.onTrack.fillColor == Color(hex: 0x248a3d))
    #expect(slider.minimumTrack.fillColor == Color(hex: 0x0040dd))
    #expect(try #require(slider.maximumTrack.fillColor).contrastRatio(to: .white) >= 3)
    set(app) { $0.increaseContrast = false }
    #expect(slider.maximumTrack.fillColor == light)
  }

  @Test func aDatePickersWheelsAreNamed() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let picker = DatePicker(frame: Rect(x: 0, y: 0, width: 320, height: 216))
    picker.datePickerMode = .time
    picker.locale = Locale(identifier: "en_GB")
    app.window.addSubview(picker)
    app.runUntilIdle()
    let wheels = AccessibilityTree.elements(in: app.window)
    #expect(wheels.map(\.accessibilityLabel) == ["Hours", "Minutes"])
    #expect(wheels.allSatisfy { $0.accessibilityTraits.contains(.adjustable) })
  }
}
