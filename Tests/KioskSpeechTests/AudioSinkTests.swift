import Foundation
import KioskSpeech
import Testing

@Suite struct AudioSinkTests {
  @Test func anALSADeviceThatDoesNotExistFailsToOpenCleanly() {
    let sink = ALSASink(device: "kioskkit_no_such_device")
    #expect(sink.device == "kioskkit_no_such_device")
    #expect {
      try sink.open(sampleRate: 22_050)
    } throws: { error in
      guard case .audioFailed(let reason) = error as? SpeechError else { return false }
      return reason.hasPrefix("cannot open ALSA device kioskkit_no_such_device")
    }
  }

  @MainActor @Test func speechPlaysThroughALSAsNullDevice() async throws {
    // ALSA's "null" device takes samples like a sound card and discards them: the whole
    // path (open, write, drain, drop) runs without one.
    let sink = ALSASink(device: "null")
    let queue = SpeechQueue(synthesizer: try EspeakSynthesizer(), sink: sink)
    queue.speak(Utterance("Order, button"))
    queue.speak(Utterance("Pay, button", interrupts: true))
    queue.speak(Utterance("Total, 4 euros"))
    #expect(await eventually { queue.isIdle && queue.transcript.count >= 2 })
    #expect(queue.status == .on)
    #expect(queue.transcript.last?.text == "Total, 4 euros")
    #expect(queue.lastFirstSampleLatency != nil)
  }

  @Test func theWAVFileIsValidAfterEachUtterance() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("out.wav")
    let sink = WAVFileSink(path: file.path)
    try sink.open(sampleRate: 16_000)
    let first: [Int16] = [0, 1_000, -1_000, Int16.max, Int16.min]
    try first.withUnsafeBufferPointer { try sink.write($0) }
    try sink.finishUtterance()
    #expect(try readWAV(file)?.samples == first)
    try first.withUnsafeBufferPointer { try sink.write($0) }
    try sink.finishUtterance()
    let wav = try #require(try readWAV(file))
    #expect(wav.sampleRate == 16_000)
    #expect(wav.samples == first + first)
    #expect(sink.samplesWritten == 10)
    sink.close()
  }
}
