internal import CALSA
import FoundationEssentials

/// A sink that plays speech on a sound card through ALSA (libasound, loaded with dlopen on
/// first use). PipeWire and PulseAudio are reached through their ALSA plugins, which the
/// device "default" goes to when they run; without them "default" is the first sound card.
///
/// Opening fails with `SpeechError` (never a crash) when libasound is missing or there is no
/// such device, for instance no sound card at all.
public final class ALSASink: AudioSink, @unchecked Sendable {
  /// The ALSA device name ("default", "plughw:1,0", "pipewire").
  public let device: String
  /// How much audio ALSA holds ahead of what is heard, in microseconds: also how long an
  /// interruption or the end of an utterance can take to be heard.
  public static let latencyMicroseconds: UInt32 = 100_000

  private var library: ALSALibrary?
  private var pcm: OpaquePointer?

  /// A sink for `device`; nothing is opened before `open`.
  public init(device: String = "default") {
    self.device = device
  }

  deinit { close() }

  public var name: String { "ALSA device \(device)" }

  public func open(sampleRate: Int) throws(SpeechError) {
    close()
    let library = try ALSALibrary.load()
    var handle: OpaquePointer?
    let opened = library.open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
    guard opened >= 0, let handle else {
      throw .audioFailed("cannot open \(name): \(library.describe(opened))")
    }
    // Resampling allowed: a card that does not play espeak-ng's 22 050 Hz gets it converted.
    let configured = library.setParameters(
      handle, SND_PCM_FORMAT_S16, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(sampleRate), 1,
      Self.latencyMicroseconds)
    guard configured >= 0 else {
      _ = library.close(handle)
      throw .audioFailed(
        "cannot play 16-bit mono at \(sampleRate) Hz on \(name): \(library.describe(configured))")
    }
    self.library = library
    pcm = handle
  }

  public func write(_ samples: UnsafeBufferPointer<Int16>) throws(SpeechError) {
    guard let library, let pcm, let base = samples.baseAddress else { return }
    var written = 0
    while written < samples.count {
      let result = library.writeInterleaved(pcm, base + written, UInt(samples.count - written))
      if result >= 0 {
        written += result
        continue
      }
      // An underrun between utterances (EPIPE) or a suspended card: ALSA's recovery, quietly.
      let recovered = library.recover(pcm, Int32(result), 1)
      guard recovered >= 0 else {
        throw .audioFailed("cannot play on \(name): \(library.describe(recovered))")
      }
    }
  }

  public func finishUtterance() throws(SpeechError) {
    guard let library, let pcm else { return }
    // Waits for what was written to play (at most the latency), so that a short utterance
    // that never filled ALSA's start threshold is heard at all.
    _ = library.drain(pcm)
    _ = library.prepare(pcm)
  }

  public func discard() {
    guard let library, let pcm else { return }
    _ = library.drop(pcm)
    _ = library.prepare(pcm)
  }

  public func close() {
    if let library, let pcm { _ = library.close(pcm) }
    pcm = nil
  }
}
