/// A speech synthesiser: turns text into 16-bit mono PCM at `sampleRate`. `EspeakSynthesizer`
/// is KioskKit's; another engine plugs into `SpeechQueue` by conforming to this protocol.
///
/// `SpeechQueue` calls `synthesize` on its worker thread, never on the main thread, one call
/// at a time; a call may take as long as the text needs, but each chunk should follow the
/// previous within the queue's deadline, or the queue abandons the synthesiser.
public protocol SpeechSynthesizer: Sendable {
  /// The engine's name, as the reasons in `SpeechStatus` give it ("espeak-ng").
  var name: String { get }
  /// Samples a second of the audio `synthesize` delivers.
  var sampleRate: Int { get }
  /// Speaks `text` in `language` (BCP 47: "en", "de", "ru", "zh"), handing the audio to
  /// `chunk` in pieces as it is made; `chunk` returns false to stop early (the utterance was
  /// interrupted), after which no more chunks come.
  ///
  /// - Throws: `SpeechError.voiceNotFound` when no voice speaks `language`, or another
  ///   `SpeechError` when the engine fails.
  func synthesize(
    _ text: String, language: String, chunk: (UnsafeBufferPointer<Int16>) -> Bool
  ) throws(SpeechError)
}
