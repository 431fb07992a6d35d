import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor @Suite struct AccessibilityLooksTests {
  private final class RecordingController: ViewController {
    var previous: [TraitCollection?] = []
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
      super.traitCollectionDidChange(previousTraitCollection)
      previous.append(previousTraitCollection)
    }
  }

  private final class RecordingView: View {
    var previous: [TraitCollection?] = []
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
      super.traitCollectionDidChange(previousTraitCollection)
      previous.append(previousTraitCollection)
    }
  }

  @Test func textStylesFollowTheHumanInterfaceGuidelines() {
    func size(_ style: Font.TextStyle, _ category: ContentSizeCategory) -> Double {
      var traits = TraitCollection()
      traits.preferredContentSizeCategory = category
      return Font.preferredFont(forTextStyle: style, compatibleWith: traits).pointSize
    }
    #expect(size(.body, .large) == 17)
    #expect(size(.body, .accessibilityExtraExtraExtraLarge) == 53)
    #expect(size(.largeTitle, .accessibilityMedium) == 44)
    #expect(size(.caption2, .extraSmall) == 11)
    #expect(size(.footnote, .extraLarge) == 15)
    #expect(size(.title1, .unspecified) == 28)
    #expect(Font.preferredFont(forTextStyle: .headline).weight == .semibold)
    var bold = TraitCollection()
    bold.legibilityWeight = .bold
    #expect(Font.preferredFont(forTextStyle: .body, compatibleWith: bold).weight == .semibold)
    #expect(Font.preferredFont(forTextStyle: .headline, compatibleWith: bold).weight == .bold)
  }

  @Test func changingTheSettingsTellsControllersAndViews() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let controller = RecordingController()
    app.window.rootViewController = controller
    let view = RecordingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    controller.view.addSubview(view)
    app.runUntilIdle()
    #expect(view.traitCollection.preferredContentSizeCategory == .large)
    app.application.accessibilitySettings.contentSizeCategory = .accessibilityLarge
    #expect(view.traitCollection.preferredContentSizeCategory == .accessibilityLarge)
    #expect(controller.previous.map { $0?.preferredContentSizeCategory } == [.large])
    #expect(view.previous.map { $0?.preferredContentSizeCategory } == [.large])
    Accessibility.settings.increaseContrast = true
    #expect(view.traitCollection.accessibilityContrast == .high)
    #expect(view.previous.last??.accessibilityContrast == .normal)
    #expect(controller.previous.count == 2)
  }

  /// A view kept out of its window while the settings change hears of the change when it
  /// is back in one (an offscreen controller's view, as the demo's examples are), once,
  /// with what it had when it left; a view whose traits did not change hears nothing.
  @Test func aViewOutOfItsWindowHearsOfTheChangeWhenItIsBack() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let holder = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let child = RecordingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    holder.addSubview(child)
    app.window.addSubview(holder)
    holder.removeFromSuperview()
    Accessibility.settings.increaseContrast = true
    #expect(child.previous.isEmpty)
    app.window.addSubview(holder)
    #expect(child.previous.count == 1)
    #expect(child.previous.first??.accessibilityContrast == .normal)
    // Out and back with nothing changed: no call.
    holder.removeFromSuperview()
    app.window.addSubview(holder)
    #expect(child.previous.count == 1)
  }

  @Test func labelThatAdjustsGrowsWithTheTextSize() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let adjusting = Label(frame: Rect(x: 0, y: 0, width: 300, height: 40))
    adjusting.font = .preferredFont(forTextStyle: .body)
    adjusting.adjustsFontForContentSizeCategory = true
    adjusting.text = "Departures"
    let fixed = Label(frame: Rect(x: 0, y: 50, width: 300, height: 40))
    fixed.font = .preferredFont(forTextStyle: .body)
    fixed.text = "Departures"
    app.window.addSubview(adjusting)
    app.window.addSubview(fixed)
    let before = adjusting.intrinsicContentSize
    Accessibility.settings.contentSizeCategory = .accessibilityExtraExtraExtraLarge
    #expect(adjusting.font.pointSize == 53)
    #expect(adjusting.intrinsicContentSize.height > before.height)
    #expect(fixed.font.pointSize == 17)
  }

  @Test func systemColoursTakeTheirHighContrastVariants() {
    var high = TraitCollection()
    high.accessibilityContrast = .high
    #expect(Color.systemBlue.resolvedColor(with: high) == Color(hex: 0x0040dd))
    #expect(Color.systemBlue.resolvedColor(with: TraitCollection()) == .systemBlue)
    #expect(
      Color.systemBlue.withAlphaComponent(0.35).resolvedColor(with: high)
        == Color(hex: 0x0040dd, alpha: 0.35))
    let custom = Color(hex: 0x123456)
    #expect(custom.resolvedColor(with: high) == custom)
    // Text on system backgrounds reaches WCAG's 4.5:1 in high contrast.
    #expect(Color.systemGray.resolvedColor(with: high).contrastRatio(to: .white) >= 4.5)
    #expect(Color.white.contrastRatio(to: Color.systemBlue.resolvedColor(with: high)) >= 4.5)
    #expect(Color.white.contrastRatio(to: Color.systemBlue) < 4.5)
    // KioskKit's default tint keeps 4.5:1 on white and on the bars' and alerts' greys,
    // and so do its secondary grey and its red under white text.
    for background in [Color.white, Color(hex: 0xf2f2f2), Color(hex: 0xf7f7f7)] {
      #expect(background.contrastRatio(to: .defaultTint) >= 4.5)
      #expect(background.contrastRatio(to: .secondaryLabel) >= 4.5)
    }
    #expect(Color.white.contrastRatio(to: .destructiveRed) >= 4.5)
  }

  @Test func buttonPlateTurnsDarkerInHighContrast() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let button = Button(frame: Rect(x: 10, y: 10, width: 120, height: 44))
    button.setTitle("Pay", for: .normal)
    app.window.addSubview(button)
    #expect(button.plate.fillColor == .defaultTint)
    Accessibility.settings.increaseContrast = true
    #expect(button.plate.fillColor == Color(hex: 0x0040dd))
  }

  @Test func reduceMotionCrossFadesAPushInsteadOfSliding() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let first = ViewController()
    let navigation = NavigationController(rootViewController: first)
    app.window.rootViewController = navigation
    app.runUntilIdle()
    Accessibility.settings.reduceMotion = true
    navigation.pushViewController(ViewController(), animated: true)
    app.advance(by: NavigationController.transitionDuration / 2)
    #expect(first.view.frame.minX == 0)
    #expect(first.view.alpha == 0)
    app.advance(by: NavigationController.transitionDuration)
    #expect(first.view.alpha == 1)
  }
}
