import Foundation
import KioskSpeech

/// A synthesiser for the queue's tests: each utterance is `chunkCount` chunks of a tone, and
/// each takes `chunkDelay` to make, and an utterance whose text is in `held` waits (inside `synthesize`, as a hung engine would)
/// until `release()`.
final class FakeSynthesizer: SpeechSynthesizer, @unchecked Sendable {
  let name = "fake synthesiser"
  let sampleRate = 16_000
  let held: Set<String>
  let chunkCount: Int
  let chunkDelay: Duration
  private let gate = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var spoken: [String] = []
  private var stopped: [String] = []

  init(held: Set<String> = [], chunkCount: Int = 4, chunkDelay: Duration = .zero) {
    self.held = held
    self.chunkCount = chunkCount
    self.chunkDelay = chunkDelay
  }

  /// Lets every held utterance go on (and every later one).
  func release() {
    for _ in 0..<64 { gate.signal() }
  }

  /// The texts synthesised, in order.
  var texts: [String] { lock.withLock { spoken } }
  /// The texts whose synthesis stopped early because the chunk closure said so.
  var stoppedTexts: [String] { lock.withLock { stopped } }

  func synthesize(
    _ text: String, language: String, chunk: (UnsafeBufferPointer<Int16>) -> Bool
  ) throws(SpeechError) {
    lock.withLock { spoken.append(text) }
    if held.contains(text) { gate.wait() }
    let samples = (0..<160).map { Int16(8_000 * sin(Double($0) / 160 * 2 * .pi * 4)) }
    for _ in 0..<chunkCount {
      if chunkDelay > .zero {
        Thread.sleep(forTimeInterval: Double(chunkDelay / .milliseconds(1)) / 1_000)
      }
      let goOn = samples.withUnsafeBufferPointer { chunk($0) }
      if !goOn {
        lock.withLock { stopped.append(text) }
        return
      }
    }
  }
}
