import Foundation
import KioskSpeech

/// A sink that keeps the samples in memory: the queue's tests need no sound card.
final class MemorySink: AudioSink, @unchecked Sendable {
  let name = "memory"
  private let lock = NSLock()
  private var samples: [Int16] = []
  private var finished = 0
  private var discarded = 0

  var sampleCount: Int { lock.withLock { samples.count } }
  var finishedCount: Int { lock.withLock { finished } }
  var discardedCount: Int { lock.withLock { discarded } }

  func open(sampleRate: Int) throws(SpeechError) {}

  func write(_ chunk: UnsafeBufferPointer<Int16>) throws(SpeechError) {
    lock.withLock { samples.append(contentsOf: chunk) }
  }

  func finishUtterance() throws(SpeechError) { lock.withLock { finished += 1 } }

  func discard() { lock.withLock { discarded += 1 } }

  func close() {}
}
