/// Where synthesised speech goes: the sound card (`ALSASink`) or a file (`WAVFileSink`).
///
/// `SpeechQueue` calls a sink from its worker thread only, one call at a time: `open` once
/// before the first samples, then `write` for each chunk and `finishUtterance` after each
/// utterance (or `discard` when it was interrupted), and `close` at the end.
public protocol AudioSink: AnyObject, Sendable {
  /// What the sink writes to, as reasons name it ("ALSA device default").
  var name: String { get }
  /// Prepares the output for 16-bit mono samples at `sampleRate`.
  func open(sampleRate: Int) throws(SpeechError)
  /// Writes `samples` (blocking while the output's buffer is full).
  func write(_ samples: UnsafeBufferPointer<Int16>) throws(SpeechError)
  /// The utterance is complete: lets what was written play out.
  func finishUtterance() throws(SpeechError)
  /// The utterance was interrupted: drops what was written and not yet played.
  func discard()
  /// Releases the output.
  func close()
}
