/// An utterance waiting to be spoken, with when it was asked for.
struct PendingUtterance: Sendable {
  /// What to say.
  var utterance: Utterance
  /// When `speak` was called, for the latency to the first sample.
  var requestedAt: ContinuousClock.Instant
}

/// The utterances waiting, bounded: the highest priority is spoken first, the oldest first
/// among equals. A burst (10,000 announcements) cannot grow it past `capacity`: an utterance
/// of the same text and language as one waiting is merged into it (at the higher priority),
/// and when it is full the lowest priority, oldest first, is dropped.
struct PendingUtterances: Sendable {
  /// The most utterances waiting.
  let capacity: Int
  /// What waits, in arrival order (so the first of equal priority is the oldest).
  private(set) var items: [PendingUtterance] = []
  /// How many utterances were merged into others or dropped since the start.
  private(set) var droppedCount = 0

  init(capacity: Int) {
    precondition(capacity > 0, "a speech queue holds at least one utterance")
    self.capacity = capacity
  }

  var count: Int { items.count }
  var isEmpty: Bool { items.isEmpty }

  /// Adds `utterance`, merging it into an equal one waiting, or making room by dropping the
  /// lowest priority (or itself, when everything waiting is more urgent).
  mutating func add(_ utterance: Utterance, requestedAt: ContinuousClock.Instant) {
    if let same = items.firstIndex(where: {
      $0.utterance.text == utterance.text && $0.utterance.language == utterance.language
    }) {
      items[same].utterance.priority = max(items[same].utterance.priority, utterance.priority)
      droppedCount += 1
      return
    }
    if items.count >= capacity, let victim = indexOfLeastUrgent() {
      droppedCount += 1
      guard items[victim].utterance.priority <= utterance.priority else { return }
      items.remove(at: victim)
    }
    items.append(PendingUtterance(utterance: utterance, requestedAt: requestedAt))
  }

  /// Takes the next to speak: the highest priority, the oldest among equals.
  mutating func removeNext() -> PendingUtterance? {
    guard var best = items.indices.first else { return nil }
    for index in items.indices.dropFirst()
    where items[index].utterance.priority > items[best].utterance.priority {
      best = index
    }
    return items.remove(at: best)
  }

  /// Drops everything waiting (an interruption; speech turned off).
  mutating func removeAll() {
    items.removeAll()
  }

  /// The lowest priority waiting, the oldest among equals.
  private func indexOfLeastUrgent() -> Int? {
    guard var least = items.indices.first else { return nil }
    for index in items.indices.dropFirst()
    where items[index].utterance.priority < items[least].utterance.priority {
      least = index
    }
    return least
  }
}
