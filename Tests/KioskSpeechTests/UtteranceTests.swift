import KioskSpeech
import Testing

@Suite struct UtteranceTests {
  @Test func aLongTextIsCutAtAWordNearTheLimit() {
    let words = String(repeating: "word ", count: 100_000)
    let utterance = Utterance(words)
    #expect(utterance.text.count <= Utterance.maximumLength)
    #expect(utterance.text.count > Utterance.maximumLength * 9 / 10)
    #expect(utterance.text.hasSuffix("word"))
  }

  @Test func aLongWordIsCutAtTheLimit() {
    let utterance = Utterance(String(repeating: "x", count: 1 << 20))
    #expect(utterance.text.count == Utterance.maximumLength)
  }

  @Test func shortTextIsKeptWhole() {
    #expect(Utterance("Order, button", language: "en").description == "[en] Order, button")
  }
}
