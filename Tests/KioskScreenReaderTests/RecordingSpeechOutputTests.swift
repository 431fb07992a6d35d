import KioskScreenReader
import KioskSpeech
import Testing

@MainActor @Suite struct RecordingSpeechOutputTests {
  @Test func aReaderSpeaksThroughItsOutput() {
    let speech = RecordingSpeechOutput()
    let reader = ScreenReader(speech: speech)
    reader.speech.speak(Utterance("Hello"))
    #expect(speech.texts == ["Hello"])
  }
}
