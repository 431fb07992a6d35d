/// espeak-ng, KioskKit's speech synthesiser (Debian's `libespeak-ng1` and `espeak-ng-data`),
/// with voices for the on-screen keyboard's languages: English ("en"), German ("de"),
/// Russian ("ru") and Mandarin ("zh", spoken by espeak-ng's "cmn").
///
/// espeak-ng is loaded with dlopen when the first synthesiser is made, not linked, so that a
/// panel without it still starts (the initialiser throws, and speech stays off with the
/// reason). espeak-ng is one engine per process: every synthesiser shares it and their calls
/// take turns.
public struct EspeakSynthesizer: SpeechSynthesizer {
  private let engine: EspeakEngine

  /// Loads and starts espeak-ng; `dataPath` names the folder that holds `espeak-ng-data`
  /// (nil: where Debian installs it). Only the first synthesiser of a process sets it.
  ///
  /// - Throws: `SpeechError.libraryMissing` without libespeak-ng, or
  ///   `.synthesizerFailed` when its data cannot be read.
  public init(dataPath: String? = nil) throws(SpeechError) {
    engine = try EspeakEngine.start(dataPath: dataPath)
  }

  public var name: String { "espeak-ng" }

  public var sampleRate: Int { engine.sampleRate }

  public func synthesize(
    _ text: String, language: String, chunk: (UnsafeBufferPointer<Int16>) -> Bool
  ) throws(SpeechError) {
    try engine.speak(text, language: language, chunk: chunk)
  }
}
