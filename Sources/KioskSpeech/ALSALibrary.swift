internal import CALSA
import FoundationEssentials
import Glibc
import Synchronization

/// libasound's PCM calls, loaded with dlopen once per process (Debian's `libasound2`,
/// `libasound2t64` from trixie on).
struct ALSALibrary: @unchecked Sendable {
  /// The file libasound is loaded from.
  static let libraryName = "libasound.so.2"

  let open:
    @convention(c) (
      UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, snd_pcm_stream_t, Int32
    ) -> Int32
  let setParameters:
    @convention(c) (
      OpaquePointer?, snd_pcm_format_t, snd_pcm_access_t, UInt32, UInt32, Int32, UInt32
    ) -> Int32
  let writeInterleaved: @convention(c) (OpaquePointer?, UnsafeRawPointer?, UInt) -> Int
  let recover: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
  let drain: @convention(c) (OpaquePointer?) -> Int32
  let drop: @convention(c) (OpaquePointer?) -> Int32
  let prepare: @convention(c) (OpaquePointer?) -> Int32
  let close: @convention(c) (OpaquePointer?) -> Int32
  private let errorText: @convention(c) (Int32) -> UnsafePointer<CChar>?

  private static let lock = Mutex(())
  nonisolated(unsafe) private static var loaded: Result<ALSALibrary, SpeechError>?

  /// libasound, loaded on first use; the outcome (or the failure) stays for the process.
  static func load() throws(SpeechError) -> ALSALibrary {
    let result = lock.withLock { _ in
      if let loaded { return loaded }
      let result = Result { () throws(SpeechError) in try ALSALibrary() }
      loaded = result
      return result
    }
    return try result.get()
  }

  private init() throws(SpeechError) {
    guard let library = dlopen(Self.libraryName, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
      throw .libraryMissing(name: "ALSA", reason: reason, package: "libasound2t64")
    }
    func load<T>(_ name: String, as type: T.Type) throws(SpeechError) -> T {
      guard let symbol = dlsym(library, name) else {
        throw .audioFailed("\(Self.libraryName) has no \(name)")
      }
      return unsafeBitCast(symbol, to: type)
    }
    open = try load("snd_pcm_open", as: type(of: open))
    setParameters = try load("snd_pcm_set_params", as: type(of: setParameters))
    writeInterleaved = try load("snd_pcm_writei", as: type(of: writeInterleaved))
    recover = try load("snd_pcm_recover", as: type(of: recover))
    drain = try load("snd_pcm_drain", as: type(of: drain))
    drop = try load("snd_pcm_drop", as: type(of: drop))
    prepare = try load("snd_pcm_prepare", as: type(of: prepare))
    close = try load("snd_pcm_close", as: type(of: close))
    errorText = try load("snd_strerror", as: type(of: errorText))
  }

  /// ALSA's text for the negative error code `code`.
  func describe(_ code: Int32) -> String {
    errorText(code).map { String(cString: $0) } ?? "error \(code)"
  }
}
