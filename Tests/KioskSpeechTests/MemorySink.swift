import Foundation
import KioskSpeech

/// A sink that keeps the samples in memory: the queue's tests need no sound card. One made
/// with `hangs` blocks in its first `write` until `release()`, as a stalled sound server would.
final class MemorySink: AudioSink, @unchecked Sendable {
  let name = "memory"
  let hangs: Bool
  private let gate = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var samples: [Int16] = []
  private var finished = 0
  private var discarded = 0

  init(hangs: Bool = false) {
    self.hangs = hangs
  }

  /// Lets a hung `write` return.
  func release() { gate.signal() }

  var sampleCount: Int { lock.withLock { samples.count } }
  var finishedCount: Int { lock.withLock { finished } }
  var discardedCount: Int { lock.withLock { discarded } }

  func open(sampleRate: Int) throws(SpeechError) {}

  func write(_ chunk: UnsafeBufferPointer<Int16>) throws(SpeechError) {
    if hangs { gate.wait() }
    lock.withLock { samples.append(contentsOf: chunk) }
  }

  func finishUtterance() throws(SpeechError) { lock.withLock { finished += 1 } }

  func discard() { lock.withLock { discarded += 1 } }

  func close() {}
}
