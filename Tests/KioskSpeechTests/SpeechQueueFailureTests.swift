import Foundation
import KioskSpeech
import Testing

@MainActor
@Suite struct SpeechQueueFailureTests {
  @Test func aHungSynthesizerTurnsSpeechOffAndSpeakStillReturnsAtOnce() async {
    let synthesizer = FakeSynthesizer(held: ["Stuck"])
    defer { synthesizer.release() }
    let queue = SpeechQueue(
      synthesizer: synthesizer, sink: MemorySink(), deadline: .milliseconds(200))
    queue.speak(Utterance("Stuck"))
    queue.speak(Utterance("Waiting"))
    #expect(await eventually { !queue.status.isOn })
    #expect(queue.status == .off(reason: "fake synthesiser did not answer within 0.2 s"))
    #expect(queue.waitingCount == 0)
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for index in 0..<1_000 { queue.speak(Utterance("Later \(index)")) }
    }
    #expect(elapsed < .seconds(1))
    #expect(queue.waitingCount == 0)
    #expect(queue.droppedCount >= 1_000)
    #expect(synthesizer.texts == ["Stuck"])
  }

  @Test func aHungSoundCardTurnsSpeechOffNamingIt() async {
    let synthesizer = FakeSynthesizer()
    let sink = MemorySink(hangs: true)
    defer { sink.release() }
    let queue = SpeechQueue(synthesizer: synthesizer, sink: sink, deadline: .milliseconds(200))
    queue.speak(Utterance("Hello"))
    #expect(await eventually { !queue.status.isOn })
    #expect(queue.status == .off(reason: "memory did not answer within 0.2 s"))
    queue.speak(Utterance("Later"))
    #expect(queue.waitingCount == 0)
    #expect(synthesizer.texts == ["Hello"])
  }

  @Test func aSlowButSteadySynthesizerIsNotAbandoned() async {
    // Each chunk within the deadline, the whole utterance well past it: progress, not a hang.
    // 250 ms a chunk against a deadline of 1 s: room for a busy machine's late wake-ups.
    let synthesizer = FakeSynthesizer(chunkCount: 5, chunkDelay: .milliseconds(250))
    let queue = SpeechQueue(
      synthesizer: synthesizer, sink: MemorySink(), deadline: .seconds(1))
    queue.speak(Utterance("Steady"))
    queue.speak(Utterance("Again"))
    #expect(await eventually { queue.isIdle && queue.transcript.count == 2 })
    #expect(queue.status == .on)
    #expect(synthesizer.stoppedTexts.isEmpty)
  }

  @Test func aPauseLongerThanTheDeadlineIsNotAHang() async {
    let synthesizer = FakeSynthesizer()
    let sink = MemorySink()
    let queue = SpeechQueue(synthesizer: synthesizer, sink: sink, deadline: .milliseconds(300))
    // Paused before it starts: nothing is under way, so nothing may count as a hang. (A
    // synthesiser held mid-utterance counts until released, and on a busy machine the
    // test could not release it within any short deadline.)
    queue.togglePause()
    queue.speak(Utterance("Long"))
    try? await Task.sleep(for: .milliseconds(1_000))
    #expect(queue.status == .on)
    #expect(!queue.isIdle)
    #expect(sink.sampleCount == 0)
    queue.togglePause()
    #expect(await eventually { queue.isIdle })
    #expect(queue.status == .on)
    #expect(sink.sampleCount == synthesizer.chunkCount * 160)
    #expect(synthesizer.stoppedTexts.isEmpty)
  }

  @Test func aMissingSoundCardTurnsSpeechOffWithTheReason() async {
    let queue = SpeechQueue(
      synthesizer: FakeSynthesizer(), sink: ALSASink(device: "kioskkit_no_such_device"))
    queue.speak(Utterance("Hello"))
    #expect(await eventually { !queue.status.isOn })
    guard case .off(let reason) = queue.status else { return }
    #expect(reason.contains("cannot open ALSA device kioskkit_no_such_device"))
    #expect(queue.transcript.isEmpty)
  }

  @Test func aQueueMadeOffDropsWhatItIsGiven() {
    let queue = SpeechQueue(off: "cannot load espeak-ng")
    queue.speak(Utterance("Hello"))
    #expect(queue.status == .off(reason: "cannot load espeak-ng"))
    #expect(queue.status.description == "off (cannot load espeak-ng)")
    #expect(queue.waitingCount == 0)
    #expect(queue.droppedCount == 1)
    #expect(queue.transcript.isEmpty)
  }
}
