import Foundation
import KioskSpeech
import Testing

@MainActor
@Suite struct SpeechQueueTests {
  @Test func theTranscriptListsTheUtterancesInOrder() async {
    let synthesizer = FakeSynthesizer()
    let sink = MemorySink()
    let queue = SpeechQueue(
      synthesizer: synthesizer, sink: sink, deadline: patientDeadline)
    let texts = ["Recipes, heading", "Add, button", "Name, text field", "Save, button"]
    for text in texts { queue.speak(Utterance(text)) }
    #expect(await eventually { queue.isIdle && queue.transcript.count == texts.count })
    #expect(queue.transcript.map(\.text) == texts)
    #expect(synthesizer.texts == texts)
    #expect(sink.finishedCount == texts.count)
    #expect(sink.sampleCount == texts.count * synthesizer.chunkCount * 160)
    #expect(queue.lastFirstSampleLatency != nil)
  }

  @Test func anInterruptingUtteranceStopsTheCurrentOneAndDropsWhatWaits() async {
    let synthesizer = FakeSynthesizer(held: ["Welcome"])
    let sink = MemorySink()
    let queue = SpeechQueue(
      synthesizer: synthesizer, sink: sink, deadline: patientDeadline)
    queue.speak(Utterance("Welcome"))
    #expect(await eventually { synthesizer.texts == ["Welcome"] })
    queue.speak(Utterance("Menu, heading"))
    queue.speak(Utterance("Coffee, button"))
    #expect(queue.waitingCount == 2)
    queue.speak(Utterance("Tea, button", interrupts: true))
    #expect(queue.waitingCount == 1)
    synthesizer.release()
    #expect(await eventually { queue.isIdle && queue.transcript.count == 2 })
    #expect(queue.transcript.map(\.text) == ["Welcome", "Tea, button"])
    #expect(synthesizer.texts == ["Welcome", "Tea, button"])
    #expect(synthesizer.stoppedTexts == ["Welcome"])
    #expect(sink.discardedCount == 1)
    #expect(sink.finishedCount == 1)
  }

  @Test func stopSpeakingDropsWhatWaits() async {
    let synthesizer = FakeSynthesizer(held: ["One"])
    let queue = SpeechQueue(
      synthesizer: synthesizer, sink: MemorySink(), deadline: patientDeadline)
    queue.speak(Utterance("One"))
    #expect(await eventually { synthesizer.texts == ["One"] })
    queue.speak(Utterance("Two"))
    queue.stopSpeaking()
    synthesizer.release()
    #expect(await eventually { queue.isIdle })
    #expect(synthesizer.texts == ["One"])
    #expect(synthesizer.stoppedTexts == ["One"])
  }

  @Test func whatWaitsIsSpokenByPriorityThenInOrder() async {
    let synthesizer = FakeSynthesizer(held: ["Start"])
    let queue = SpeechQueue(
      synthesizer: synthesizer, sink: MemorySink(), deadline: patientDeadline)
    queue.speak(Utterance("Start"))
    #expect(await eventually { synthesizer.texts == ["Start"] })
    queue.speak(Utterance("low 1", priority: .low))
    queue.speak(Utterance("normal 1", priority: .normal))
    queue.speak(Utterance("high 1", priority: .high))
    queue.speak(Utterance("low 2", priority: .low))
    queue.speak(Utterance("high 2", priority: .high))
    queue.speak(Utterance("normal 2", priority: .normal))
    synthesizer.release()
    #expect(await eventually { queue.isIdle && queue.transcript.count == 7 })
    #expect(
      queue.transcript.map(\.text) == [
        "Start", "high 1", "high 2", "normal 1", "normal 2", "low 1", "low 2",
      ])
  }

  @Test func pausedSpeechWaitsUntilResumed() async {
    let synthesizer = FakeSynthesizer()
    let queue = SpeechQueue(
      synthesizer: synthesizer, sink: MemorySink(), deadline: patientDeadline)
    queue.togglePause()
    #expect(queue.isPaused)
    queue.speak(Utterance("Paused"))
    try? await Task.sleep(for: .milliseconds(100))
    #expect(queue.transcript.isEmpty)
    #expect(queue.waitingCount == 1)
    queue.togglePause()
    #expect(await eventually { queue.isIdle && queue.transcript.count == 1 })
    #expect(synthesizer.texts == ["Paused"])
  }

  @Test func aBurstOfTenThousandStaysBounded() async {
    let synthesizer = FakeSynthesizer(held: ["Busy"])
    let queue = SpeechQueue(
      synthesizer: synthesizer, sink: MemorySink(), deadline: patientDeadline)
    queue.speak(Utterance("Busy"))
    #expect(await eventually { synthesizer.texts == ["Busy"] })
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for index in 0..<10_000 {
        let priority: SpeechPriority = index == 5_000 ? .high : .low
        queue.speak(Utterance("Value \(index)", priority: priority))
      }
    }
    #expect(elapsed < .seconds(2))
    #expect(queue.waitingCount == SpeechQueue.defaultCapacity)
    #expect(queue.droppedCount == 10_000 - SpeechQueue.defaultCapacity)
    synthesizer.release()
    #expect(await eventually { queue.isIdle })
    let spoken = queue.transcript.map(\.text)
    #expect(spoken.count == 1 + SpeechQueue.defaultCapacity)
    // The announcement outranks the values: it survives and is spoken first.
    #expect(spoken.dropFirst().first == "Value 5000")
    // The newest values are kept: the oldest low-priority ones were dropped.
    #expect(spoken.last == "Value 9999")
  }

  @Test func aBurstOfTheSameTextIsMergedIntoOne() async {
    let synthesizer = FakeSynthesizer(held: ["Busy"])
    let queue = SpeechQueue(
      synthesizer: synthesizer, sink: MemorySink(), deadline: patientDeadline)
    queue.speak(Utterance("Busy"))
    #expect(await eventually { synthesizer.texts == ["Busy"] })
    for _ in 0..<10_000 { queue.speak(Utterance("Loading", priority: .low)) }
    queue.speak(Utterance("Loading", priority: .high))
    queue.speak(Utterance("Ready", priority: .normal))
    #expect(queue.waitingCount == 2)
    synthesizer.release()
    #expect(await eventually { queue.isIdle })
    // Merged at the higher priority: "Loading" goes before "Ready".
    #expect(queue.transcript.map(\.text) == ["Busy", "Loading", "Ready"])
  }

  @Test func theTranscriptKeepsOnlyTheLatest() async {
    let queue = SpeechQueue(
      synthesizer: FakeSynthesizer(chunkCount: 1), sink: MemorySink(), deadline: patientDeadline)
    for batch in 0..<6 {
      for index in 0..<50 { queue.speak(Utterance("Item \(batch * 50 + index)")) }
      #expect(await eventually { queue.isIdle })
    }
    let transcript = queue.transcript.map(\.text)
    #expect(transcript.count == SpeechQueue.defaultTranscriptLimit)
    #expect(transcript.first == "Item 100")
    #expect(transcript.last == "Item 299")
  }

  @Test func aMegabyteLabelIsCutBeforeItReachesTheSynthesizer() async {
    let synthesizer = FakeSynthesizer(chunkCount: 1)
    let queue = SpeechQueue(
      synthesizer: synthesizer, sink: MemorySink(), deadline: patientDeadline)
    let label = String(repeating: "Milk chocolate ", count: 70_000)
    #expect(label.utf8.count > 1_000_000)
    queue.speak(Utterance(label))
    #expect(await eventually { queue.isIdle && synthesizer.texts.count == 1 })
    let spoken = synthesizer.texts.first ?? ""
    #expect(spoken.count <= Utterance.maximumLength)
    #expect(spoken.hasPrefix("Milk chocolate"))
    #expect(queue.transcript.first?.text.count ?? .max <= Utterance.maximumLength)
  }
}
