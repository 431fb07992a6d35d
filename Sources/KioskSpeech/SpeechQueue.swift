import FoundationEssentials
import KioskBase
import Logging

/// The speech output a kiosk uses: a queue in front of a synthesiser (espeak-ng) and a sink
/// (the sound card), as VoiceOver speaks.
///
/// `speak` returns at once: a worker thread synthesises and plays, so the interface never
/// waits on speech. What waits is spoken by priority (high first, in order within one); an
/// utterance that `interrupts` stops the one being spoken at its next chunk and drops what
/// waits, and also resumes paused speech (VoiceOver speaks the element moved to). At most
/// `capacity` utterances wait: one with the same text and language as one waiting is merged
/// into it (at the higher priority), and when the queue is full the lowest priority is
/// dropped, oldest first, so a burst of 10,000 announcements holds no more memory than 64.
/// The transcript keeps the last `transcriptLimit`.
///
/// When the synthesiser or the sink fails, or a call into either makes no progress within
/// `deadline`, speech turns off with the reason in `status` (and the log), and further
/// utterances are dropped rather than piled up behind a hung engine.
@MainActor
public final class SpeechQueue: SpeechOutput {
  /// How many utterances may wait by default.
  public static let defaultCapacity = 64
  /// How many utterances the transcript keeps by default.
  public static let defaultTranscriptLimit = 200
  /// How long a call into the synthesiser or the sink may go without progress by default.
  public static let defaultDeadline: Duration = .seconds(5)

  private let state: SpeechQueueState

  /// A queue speaking through `synthesizer` into `sink`, with at most `capacity`
  /// utterances waiting, the last `transcriptLimit` spoken kept, and `deadline` for each
  /// call into either. Its worker thread starts now and opens the sink at once, so that a
  /// missing sound card shows in `status` before anything is said.
  public init(
    synthesizer: any SpeechSynthesizer, sink: any AudioSink,
    capacity: Int = defaultCapacity, transcriptLimit: Int = defaultTranscriptLimit,
    deadline: Duration = defaultDeadline, logger: Logger? = nil
  ) {
    let state = SpeechQueueState(
      capacity: capacity, transcriptLimit: transcriptLimit, deadline: deadline, status: .on,
      logger: logger)
    self.state = state
    startThread(name: "kiosk-speech") { state.runWorker(synthesizer: synthesizer, sink: sink) }
    startThread(name: "kiosk-speech-watchdog") { state.runWatchdog() }
  }

  /// A queue with speech off from the start for `reason` (espeak-ng is not installed): it
  /// drops what it is given, and `status` says why.
  public init(off reason: String, logger: Logger? = nil) {
    state = SpeechQueueState(
      capacity: 1, transcriptLimit: 0, deadline: Self.defaultDeadline,
      status: .off(reason: reason), logger: logger)
    logger?.error("Speech is off: \(reason)")
  }

  /// The kiosk's queue: espeak-ng into the ALSA `device`, or into the WAV file `outputFile`
  /// when one is named. Without espeak-ng the queue has speech off, with the reason.
  public static func system(
    device: String = "default", outputFile: String? = nil, logger: Logger? = nil
  ) -> SpeechQueue {
    do {
      let synthesizer = try EspeakSynthesizer()
      let sink: any AudioSink =
        outputFile.map { WAVFileSink(path: $0) } ?? ALSASink(device: device)
      return SpeechQueue(synthesizer: synthesizer, sink: sink, logger: logger)
    } catch {
      return SpeechQueue(off: error.description, logger: logger)
    }
  }

  deinit { state.shutDown() }

  public func speak(_ utterance: Utterance) { state.speak(utterance) }

  public func stopSpeaking() { state.stop() }

  public func togglePause() { state.togglePause() }

  /// The utterances spoken or being spoken, oldest first: the last `transcriptLimit`.
  public var transcript: [Utterance] { state.locked { state.transcript } }

  /// Whether speech is on, or off and why: `kioskctl status` shows it.
  public var status: SpeechStatus { state.locked { state.status } }

  /// Whether speech is paused.
  public var isPaused: Bool { state.locked { state.isPaused } }

  /// How many utterances wait.
  public var waitingCount: Int { state.locked { state.pending.count } }

  /// Whether nothing is being spoken and nothing waits.
  public var isIdle: Bool { state.locked { state.current == nil && state.pending.isEmpty } }

  /// How many utterances were not spoken because others were merged with them, a full queue
  /// dropped them, or speech was off.
  public var droppedCount: Int {
    state.locked { state.pending.droppedCount + state.droppedWhileOff }
  }

  /// The time from `speak` to the first sample of that utterance written to the sink, for
  /// the last utterance that reached the sink: kiosk-bench's focus-to-speech latency.
  public var lastFirstSampleLatency: Duration? { state.locked { state.lastFirstSampleLatency } }
}
