import Foundation
import KioskSpeech
import Testing

@Suite struct EspeakSynthesizerTests {
  /// The samples espeak-ng makes of `text` in `language`.
  private func samples(_ text: String, language: String) throws -> [Int16] {
    let synthesizer = try EspeakSynthesizer()
    var samples: [Int16] = []
    try synthesizer.synthesize(text, language: language) { chunk in
      samples.append(contentsOf: chunk)
      return true
    }
    return samples
  }

  @Test(arguments: [
    ("en", "Order a coffee"), ("de", "Kaffee bestellen"), ("ru", "Заказать кофе"),
    ("zh", "订购咖啡"), ("zh-CN", "你好"), ("en-US", "Hello, and welcome"),
  ])
  func eachLanguageOfTheKeyboardIsSpoken(language: String, text: String) throws {
    let synthesizer = try EspeakSynthesizer()
    let spoken = try samples(text, language: language)
    // Half a second at least, and far louder than silence.
    #expect(spoken.count > synthesizer.sampleRate / 2)
    #expect(rms(spoken) > 1_000)
  }

  @Test func aMissingVoiceIsATypedError() throws {
    #expect(throws: SpeechError.voiceNotFound(language: "xx-KIOSK", voice: "xx")) {
      _ = try samples("Hello", language: "xx-KIOSK")
    }
    // The engine still speaks afterwards.
    #expect(try samples("Hello", language: "en").count > 0)
  }

  @Test func synthesisStopsWhenTheChunkClosureSaysSo() throws {
    let synthesizer = try EspeakSynthesizer()
    let long = String(repeating: "This sentence is long enough to take many chunks. ", count: 8)
    var whole = 0
    try synthesizer.synthesize(long, language: "en") { chunk in
      whole += chunk.count
      return true
    }
    var chunks = 0
    try synthesizer.synthesize(long, language: "en") { _ in
      chunks += 1
      return false
    }
    #expect(chunks == 1)
    #expect(whole > synthesizer.sampleRate * 5)
  }
}
