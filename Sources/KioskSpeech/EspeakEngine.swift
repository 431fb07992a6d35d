internal import CEspeakNG
import FoundationEssentials
import Glibc
import Synchronization

/// espeak-ng, loaded and set up once per process: espeak-ng keeps its voice, its buffers and
/// its callback in process-wide state, so every `EspeakSynthesizer` shares this one and its
/// calls take turns under `lock`.
final class EspeakEngine: @unchecked Sendable {
  typealias SynthCallback =
    @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) ->
    Int32

  /// The file espeak-ng is loaded from (Debian's `libespeak-ng1`).
  static let libraryName = "libespeak-ng.so.1"
  /// Milliseconds of audio in each chunk espeak-ng hands over: short, so that the first
  /// sample reaches the sound card soon and an interruption takes effect soon.
  static let chunkMilliseconds: Int32 = 40

  /// Samples a second of espeak-ng's output.
  let sampleRate: Int

  private let setVoiceByName: @convention(c) (UnsafePointer<CChar>?) -> espeak_ng_STATUS
  private let synthesize:
    @convention(c) (
      UnsafeRawPointer?, Int, UInt32, espeak_POSITION_TYPE, UInt32, UInt32,
      UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?
    ) -> espeak_ng_STATUS
  private let statusMessage:
    @convention(c) (espeak_ng_STATUS, UnsafeMutablePointer<CChar>?, Int) -> Void
  /// The voice set last (espeak-ng loads a voice's files when it is set): nil before the
  /// first utterance.
  private var currentVoice: String?

  /// Every call into espeak-ng holds it.
  static let lock = Mutex(())
  nonisolated(unsafe) private static var shared: EspeakEngine?
  /// Where the callback hands samples while `speak` runs (under `lock`), and whether it asked
  /// to stop.
  nonisolated(unsafe) private static var consumer: ((UnsafeBufferPointer<Int16>) -> Bool)?
  nonisolated(unsafe) private static var consumerStopped = false

  /// The engine of this process, loaded and initialised on first use; `dataPath` (the folder
  /// holding espeak-ng-data, nil for the library's own) counts only on that first call.
  static func start(dataPath: String?) throws(SpeechError) -> EspeakEngine {
    return try lock.withLock { _ throws(SpeechError) in
      if let shared { return shared }
      let engine = try EspeakEngine(dataPath: dataPath)
      shared = engine
      return engine
    }
  }

  private init(dataPath: String?) throws(SpeechError) {
    guard let library = dlopen(Self.libraryName, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
      throw .libraryMissing(name: "espeak-ng", reason: reason, package: "libespeak-ng1")
    }
    // The library stays loaded for the process: its state lives in it.
    func load<T>(_ name: String, as type: T.Type) throws(SpeechError) -> T {
      guard let symbol = dlsym(library, name) else {
        throw .synthesizerFailed("\(Self.libraryName) has no \(name)")
      }
      return unsafeBitCast(symbol, to: type)
    }
    let initializePath = try load(
      "espeak_ng_InitializePath", as: (@convention(c) (UnsafePointer<CChar>?) -> Void).self)
    let initialize = try load(
      "espeak_ng_Initialize",
      as: (@convention(c) (UnsafeMutablePointer<espeak_ng_ERROR_CONTEXT?>?) -> espeak_ng_STATUS)
        .self)
    let initializeOutput = try load(
      "espeak_ng_InitializeOutput",
      as: (@convention(c) (espeak_ng_OUTPUT_MODE, Int32, UnsafePointer<CChar>?) ->
        espeak_ng_STATUS).self)
    let getSampleRate = try load(
      "espeak_ng_GetSampleRate", as: (@convention(c) () -> Int32).self)
    let setCallback = try load(
      "espeak_SetSynthCallback", as: (@convention(c) (SynthCallback?) -> Void).self)
    let clearContext = try load(
      "espeak_ng_ClearErrorContext",
      as: (@convention(c) (UnsafeMutablePointer<espeak_ng_ERROR_CONTEXT?>?) -> Void).self)
    setVoiceByName = try load("espeak_ng_SetVoiceByName", as: type(of: setVoiceByName))
    synthesize = try load("espeak_ng_Synthesize", as: type(of: synthesize))
    statusMessage = try load("espeak_ng_GetStatusCodeMessage", as: type(of: statusMessage))

    initializePath(dataPath)
    var context: espeak_ng_ERROR_CONTEXT?
    let status = initialize(&context)
    clearContext(&context)
    guard status == ENS_OK else {
      throw .synthesizerFailed("espeak-ng cannot start: \(Self.message(status, statusMessage))")
    }
    let output = initializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, Self.chunkMilliseconds, nil)
    guard output == ENS_OK else {
      throw .synthesizerFailed(
        "espeak-ng cannot start its output: \(Self.message(output, statusMessage))")
    }
    sampleRate = Int(getSampleRate())
    setCallback(Self.deliver)
  }

  /// Speaks `text` in the espeak-ng voice for `language`, handing each chunk to `chunk`.
  func speak(
    _ text: String, language: String, chunk: (UnsafeBufferPointer<Int16>) -> Bool
  ) throws(SpeechError) {
    return try Self.lock.withLock { _ throws(SpeechError) in
      try selectVoice(for: language)
      let status = withoutActuallyEscaping(chunk) { chunk in
        Self.consumer = chunk
        Self.consumerStopped = false
        defer { Self.consumer = nil }
        return text.withCString { bytes in
          synthesize(
            bytes, strlen(bytes) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil)
        }
      }
      // espeak-ng reports a stop the callback asked for as an interruption, not a failure.
      guard status == ENS_OK || Self.consumerStopped else {
        throw .synthesizerFailed("espeak-ng failed: \(Self.message(status, statusMessage))")
      }
    }
  }

  /// Sets the voice for `language` unless it is set already: the tag itself ("en-us"), then
  /// its language alone ("de" for "de-DE"); Chinese is Mandarin, espeak-ng's "cmn".
  private func selectVoice(for language: String) throws(SpeechError) {
    let candidates = Self.voiceNames(for: language)
    if let currentVoice, candidates.contains(currentVoice) { return }
    for name in candidates where setVoiceByName(name) == ENS_OK {
      currentVoice = name
      return
    }
    currentVoice = nil
    throw .voiceNotFound(language: language, voice: candidates.last ?? language)
  }

  /// The espeak-ng voice names that may speak the BCP 47 tag `language`, best first.
  static func voiceNames(for language: String) -> [String] {
    let tag = language.lowercased().replacing("_", with: "-")
    let primary = String(tag.prefix { $0 != "-" })
    if primary == "zh" { return ["cmn"] }
    return tag == primary ? [tag] : [tag, primary]
  }

  /// espeak-ng's synth callback: hands the samples to the consumer; returns 1 (stop) once the
  /// consumer asked to stop.
  private static let deliver: SynthCallback = { samples, count, _ in
    guard !consumerStopped else { return 1 }
    guard let samples, count > 0, let consumer else { return 0 }
    if !consumer(UnsafeBufferPointer(start: samples, count: Int(count))) {
      consumerStopped = true
      return 1
    }
    return 0
  }

  private static func message(
    _ status: espeak_ng_STATUS,
    _ statusMessage: @convention(c) (espeak_ng_STATUS, UnsafeMutablePointer<CChar>?, Int) -> Void
  ) -> String {
    var buffer = [UInt8](repeating: 0, count: 512)
    buffer.withUnsafeMutableBytes { bytes in
      statusMessage(status, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
    }
    return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
  }
}
