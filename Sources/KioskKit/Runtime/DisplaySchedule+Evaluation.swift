extension DisplaySchedule {
  /// Whether the display is within its hours at a moment, and when that next changes.
  struct Evaluation: Sendable, Equatable {
    /// Within the hours.
    var isOpen: Bool
    /// The next moment it changes (seconds since 1970-01-01 UTC), or nil when it does not
    /// within `DisplaySchedule.horizonDays` (a schedule that never opens, or always is).
    var nextChange: Int?
  }

  /// How many days ahead a next change is looked for.
  static let horizonDays = 400

  /// The schedule at `instant` in `zone`. Each day's ranges become moments by the local
  /// clocks of that day, so a daylight-saving change moves them as it moves the clocks;
  /// ranges of consecutive days that touch join (`22:00-24:00` then `00:00-06:00`).
  func evaluate(at instant: Int, in zone: some ScheduleTimeZone) -> Evaluation {
    let today = zone.day(of: instant)
    var intervals: [(start: Int, end: Int)] = []
    // Yesterday's ranges may cross midnight into today.
    for day in (today - 1)...(today + Self.horizonDays) {
      for span in spans(onDay: day) {
        let start = zone.instant(wall: day * 86_400 + span.start * 60)
        let end = zone.instant(wall: day * 86_400 + span.end * 60)
        if end > start { intervals.append((start, end)) }
      }
      // Nothing of later days starts before the next midnight: decide once that is enough.
      let nextMidnight = zone.instant(wall: (day + 1) * 86_400)
      if let decided = Self.decide(intervals, at: instant, before: nextMidnight) {
        return decided
      }
    }
    let merged = Self.merge(intervals)
    return Evaluation(
      isOpen: merged.contains { $0.start <= instant && instant < $0.end }, nextChange: nil)
  }

  /// The evaluation at `instant` when the intervals known so far decide it: later ones all
  /// start at `limit` or after.
  private static func decide(
    _ intervals: [(start: Int, end: Int)], at instant: Int, before limit: Int
  ) -> Evaluation? {
    let merged = merge(intervals)
    if let current = merged.first(where: { $0.start <= instant && instant < $0.end }) {
      return current.end < limit ? Evaluation(isOpen: true, nextChange: current.end) : nil
    }
    if let next = merged.first(where: { $0.start > instant }) {
      return Evaluation(isOpen: false, nextChange: next.start)
    }
    return nil
  }

  /// The union of `intervals`, sorted; touching ones join.
  private static func merge(_ intervals: [(start: Int, end: Int)]) -> [(start: Int, end: Int)] {
    var merged: [(start: Int, end: Int)] = []
    for interval in intervals.sorted(by: { $0.start < $1.start }) {
      if let last = merged.last, interval.start <= last.end {
        merged[merged.count - 1].end = max(last.end, interval.end)
      } else {
        merged.append(interval)
      }
    }
    return merged
  }
}
