/// The damage of the last few frames, so that an output with several buffers can repaint
/// into a buffer exactly what changed since that buffer was last shown ("buffer age").
public struct DamageHistory: Sendable {
  private var recent: [Region]
  private var next = 0
  private var filled = 0

  /// Keeps the damage of the last `depth` frames (at least the number of buffers).
  public init(depth: Int = 4) {
    recent = Array(repeating: Region(), count: max(depth, 1))
  }

  /// Records the damage of a frame just composited.
  public mutating func record(_ damage: Region) {
    recent[next].set(damage)
    next = (next + 1) % recent.count
    filled = min(filled + 1, recent.count)
  }

  /// What a buffer of `age` must repaint to show the newest frame: the union of the newest
  /// `age` damages (the newest frame included). `nil` means everything: the age is 0
  /// (unknown or new buffer) or older than the history remembers.
  public func damage(forBufferAge age: Int, into result: inout Region) -> Bool {
    guard age > 0, age <= filled else { return false }
    result.removeAll()
    for back in 1...age {
      result.formUnion(recent[(next - back + recent.count) % recent.count])
    }
    return true
  }

  /// Forgets everything, e.g. after a mode change, so the next frames repaint whole buffers.
  public mutating func reset() {
    filled = 0
  }
}
