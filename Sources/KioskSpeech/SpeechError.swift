/// Why speech cannot be produced or played: each case says what is missing, so that the
/// reason can be logged and shown by `kioskctl status` while the rest of the kiosk runs.
public enum SpeechError: Error, Equatable, CustomStringConvertible {
  /// A shared library could not be loaded (`name`), with the loader's reason and the Debian
  /// package that provides it.
  case libraryMissing(name: String, reason: String, package: String)
  /// The synthesiser could not start (its data is missing or broken).
  case synthesizerFailed(String)
  /// No voice speaks `language` (a BCP 47 tag); `voice` is the name that was asked for.
  case voiceNotFound(language: String, voice: String)
  /// The sound output could not be opened or written.
  case audioFailed(String)

  public var description: String {
    switch self {
    case .libraryMissing(let name, let reason, let package):
      "cannot load \(name) (\(reason)): install Debian's \(package)"
    case .synthesizerFailed(let reason): reason
    case .voiceNotFound(let language, let voice):
      "no voice for \"\(language)\" (espeak-ng voice \"\(voice)\"): install espeak-ng-data"
    case .audioFailed(let reason): reason
    }
  }
}
