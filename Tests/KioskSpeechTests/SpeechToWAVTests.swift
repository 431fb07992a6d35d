import Foundation
import KioskSpeech
import Testing

@MainActor
@Suite struct SpeechToWAVTests {
  /// Speaks `texts` with espeak-ng through a queue into a WAV file; its samples.
  private func speakToWAV(_ texts: [String], language: String = "en") async throws -> (
    sampleRate: Int, samples: [Int16], transcript: [String]
  ) {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("speech.wav")
    let sink = WAVFileSink(path: file.path)
    let queue = SpeechQueue(synthesizer: try EspeakSynthesizer(), sink: sink)
    for text in texts { queue.speak(Utterance(text, language: language)) }
    #expect(await eventually { queue.isIdle && queue.transcript.count == texts.count })
    #expect(queue.status == .on)
    let wav = try #require(try readWAV(file))
    return (wav.sampleRate, wav.samples, queue.transcript.map(\.text))
  }

  @Test func aSpokenSequenceIsWrittenToAWAVInOrder() async throws {
    let texts = ["Recipes, heading", "Add recipe, button", "Name, text field"]
    let wav = try await speakToWAV(texts)
    #expect(wav.transcript == texts)
    #expect(wav.sampleRate == (try EspeakSynthesizer()).sampleRate)
    // Three short phrases: more than a second and a half of audio, and not silence.
    #expect(wav.samples.count > wav.sampleRate * 3 / 2)
    #expect(rms(wav.samples) > 1_000)
  }

  @Test func theAudioGrowsWithTheText() async throws {
    let short = try await speakToWAV(["Order"])
    let long = try await speakToWAV([
      "Order a large coffee with milk and two sugars, then pay at the counter"
    ])
    #expect(short.samples.count > 0)
    #expect(long.samples.count > short.samples.count * 3)
    #expect(rms(short.samples) > 1_000)
    #expect(rms(long.samples) > 1_000)
  }

  @Test func theSystemQueueCanSpeakIntoAFile() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("kiosk.wav")
    let queue = SpeechQueue.system(outputFile: file.path)
    #expect(queue.status == .on)
    queue.speak(Utterance("Bestellen", language: "de"))
    #expect(await eventually { queue.isIdle && queue.transcript.count == 1 })
    let wav = try #require(try readWAV(file))
    #expect(rms(wav.samples) > 1_000)
  }

  @Test func theFirstSampleComesSoonAfterSpeak() async throws {
    let queue = SpeechQueue(synthesizer: try EspeakSynthesizer(), sink: MemorySink())
    queue.speak(Utterance("Order, button"))
    #expect(await eventually { queue.isIdle && queue.transcript.count == 1 })
    let latency = try #require(queue.lastFirstSampleLatency)
    // Generous for a loaded test machine; kiosk-bench reports the real figure (≤ 50 ms).
    #expect(latency < .seconds(2))
    #expect(latency > .zero)
  }
}
