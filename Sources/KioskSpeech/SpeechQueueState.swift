import FoundationEssentials
import KioskBase
import Logging

/// What a `SpeechQueue` shares with its worker and watchdog threads, behind one condition
/// lock: what waits, what was spoken, whether speech is on or paused. The main thread only
/// takes the lock for a few list operations, never across a call into the synthesiser or
/// the sink, so `speak` returns at once even while they hang.
final class SpeechQueueState: @unchecked Sendable {
  /// A synthesiser or sink call under way: which one (for the reason given if it hangs) and
  /// when it started or last made progress.
  struct Call {
    var component: String
    var since: ContinuousClock.Instant
  }

  let condition = Condition()
  let deadline: Duration
  let transcriptLimit: Int
  let logger: Logger?

  var pending: PendingUtterances
  var transcript: [Utterance] = []
  var status: SpeechStatus
  var isPaused = false
  /// Raised by every interruption: the utterance being spoken stops when its generation is
  /// no longer this one.
  var generation: UInt64 = 0
  /// The utterance being spoken.
  var current: Utterance?
  var call: Call?
  var isShutDown = false
  var lastFirstSampleLatency: Duration?
  var droppedWhileOff = 0

  init(
    capacity: Int, transcriptLimit: Int, deadline: Duration, status: SpeechStatus,
    logger: Logger?
  ) {
    pending = PendingUtterances(capacity: capacity)
    self.transcriptLimit = transcriptLimit
    self.deadline = deadline
    self.status = status
    self.logger = logger
  }

  /// Runs `body` holding the lock.
  func locked<T>(_ body: () throws -> T) rethrows -> T {
    condition.lock()
    defer { condition.unlock() }
    return try body()
  }

  // MARK: From the main thread

  func speak(_ utterance: Utterance) {
    let now = ContinuousClock.now
    locked {
      guard status.isOn, !isShutDown else {
        droppedWhileOff += 1
        return
      }
      if utterance.interrupts {
        interruptLocked()
        // What the person moved to is spoken even if speech was paused, as VoiceOver does.
        isPaused = false
      }
      pending.add(utterance, requestedAt: now)
      condition.broadcast()
    }
  }

  func stop() {
    locked {
      interruptLocked()
      condition.broadcast()
    }
  }

  func togglePause() {
    locked {
      isPaused.toggle()
      condition.broadcast()
    }
  }

  func shutDown() {
    locked {
      isShutDown = true
      interruptLocked()
      condition.broadcast()
    }
  }

  // MARK: Holding the lock

  /// Stops the utterance being spoken (at its next chunk) and drops what waits.
  func interruptLocked() {
    generation &+= 1
    pending.removeAll()
  }

  /// Turns speech off for `reason`: what waits is dropped and later utterances are too.
  func turnOffLocked(_ reason: String) {
    guard status.isOn else { return }
    status = .off(reason: reason)
    interruptLocked()
    logger?.error("Speech is off: \(reason)")
    condition.broadcast()
  }

  /// Adds `utterance` to the transcript, dropping the oldest past the limit.
  func recordLocked(_ utterance: Utterance) {
    transcript.append(utterance)
    if transcript.count > transcriptLimit {
      transcript.removeFirst(transcript.count - transcriptLimit)
    }
  }

  /// "5 s", "0.2 s": the deadline as the reason gives it.
  var deadlineText: String {
    let seconds =
      Double(deadline.components.seconds)
      + Double(deadline.components.attoseconds) / 1e18
    if seconds == seconds.rounded() { return "\(Int(seconds)) s" }
    return "\(seconds) s"
  }
}
