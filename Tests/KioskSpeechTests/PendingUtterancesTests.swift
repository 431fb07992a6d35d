import Testing

@testable import KioskSpeech

@Suite struct PendingUtterancesTests {
  private let now = ContinuousClock.now

  @Test func whenFullTheLeastUrgentOldestIsDropped() {
    var pending = PendingUtterances(capacity: 3)
    pending.add(Utterance("a", priority: .low), requestedAt: now)
    pending.add(Utterance("b", priority: .normal), requestedAt: now)
    pending.add(Utterance("c", priority: .low), requestedAt: now)
    pending.add(Utterance("d", priority: .normal), requestedAt: now)
    #expect(pending.items.map(\.utterance.text) == ["b", "c", "d"])
    // Among equals the oldest goes.
    pending.add(Utterance("e", priority: .low), requestedAt: now)
    pending.add(Utterance("f", priority: .low), requestedAt: now)
    #expect(pending.items.map(\.utterance.text) == ["b", "d", "f"])
    pending.add(Utterance("g", priority: .high), requestedAt: now)
    #expect(pending.items.map(\.utterance.text) == ["b", "d", "g"])
    // Everything waiting outranks a low one: the newcomer is the one dropped.
    pending.add(Utterance("h", priority: .low), requestedAt: now)
    #expect(pending.items.map(\.utterance.text) == ["b", "d", "g"])
    #expect(pending.droppedCount == 5)
    #expect(pending.removeNext()?.utterance.text == "g")
    #expect(pending.removeNext()?.utterance.text == "b")
  }

  @Test func theSameTextInAnotherLanguageIsNotMerged() {
    var pending = PendingUtterances(capacity: 8)
    pending.add(Utterance("Taxi", language: "en"), requestedAt: now)
    pending.add(Utterance("Taxi", language: "de"), requestedAt: now)
    pending.add(Utterance("Taxi", language: "en"), requestedAt: now)
    #expect(pending.count == 2)
    #expect(pending.droppedCount == 1)
  }

  @Test func chineseIsSpokenByMandarin() {
    #expect(EspeakEngine.voiceNames(for: "zh") == ["cmn"])
    #expect(EspeakEngine.voiceNames(for: "zh-CN") == ["cmn"])
    #expect(EspeakEngine.voiceNames(for: "zh_Hans_CN") == ["cmn"])
    #expect(EspeakEngine.voiceNames(for: "de-DE") == ["de-de", "de"])
    #expect(EspeakEngine.voiceNames(for: "ru") == ["ru"])
  }
}
