import KioskGraphics
import KioskScreenReader
import KioskSpeech
import KioskUI
import Testing

@MainActor @Suite struct ElementDescriberTests {
  private func element(
    _ label: String?, value: String? = nil, traits: AccessibilityTraits = [], hint: String? = nil
  ) -> View {
    let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    view.isAccessibilityElement = true
    view.accessibilityLabel = label
    view.accessibilityValue = value
    view.accessibilityTraits = traits
    view.accessibilityHint = hint
    return view
  }

  @Test func labelValueAndTraitWordsAreJoinedInVoiceOversOrder() {
    let describer = ElementDescriber()
    #expect(describer.describe(element("Order", traits: .button)) == "Order, button")
    #expect(
      describer.describe(element("Volume", value: "50%", traits: .adjustable))
        == "Volume, 50%, adjustable")
    #expect(
      describer.describe(element("Name", value: "Ada", traits: [.textEntry, .isEditing]))
        == "Name, Ada, text field, is editing")
    #expect(
      describer.describe(element("Wi-Fi", value: "on", traits: [.button, .toggleButton]))
        == "Wi-Fi, on, switch button")
    #expect(
      describer.describe(element("Home", traits: [.tab, .selected, .button]))
        == "Home, button, tab, selected")
    #expect(
      describer.describe(element("Pay", traits: [.button, .notEnabled])) == "Pay, button, dimmed")
    #expect(describer.describe(element("Recipes", traits: .header)) == "Recipes, heading")
    #expect(describer.describe(element(nil, traits: [.image, .link])) == "link, image")
  }

  @Test func theHintFollowsAfterAPauseAsASecondUtterance() {
    let describer = ElementDescriber()
    let utterances = describer.utterances(
      for: element("Add", traits: .button, hint: "Adds the recipe"), interrupting: true)
    #expect(utterances.map(\.text) == ["Add, button", "Adds the recipe"])
    #expect(utterances.map(\.interrupts) == [true, false])
  }

  @Test func theElementsLanguageWinsOverTheDefault() {
    let describer = ElementDescriber(defaultLanguage: "fr")
    let german = element("Bestellen", traits: .button)
    german.accessibilityLanguage = "de"
    #expect(describer.utterances(for: german, interrupting: false).first?.language == "de")
    #expect(
      describer.utterances(for: element("Commander"), interrupting: false).first?.language
        == "fr")
  }
}
