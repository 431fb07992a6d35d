import KioskScreenReader
import KioskSpeech
import KioskUI
import Logging

/// Owns the screen reader's life in a running kiosk: starts it when the configuration says
/// `on`, while a headset is plugged in (`headset`), when the start key is pressed three
/// times or three fingers tap three times (`AccessibilityShortcut`), or on
/// `kioskctl screen-reader on`; stops it again the same ways. A reader the headset started
/// stops when the headset is unplugged; one started another way keeps running.
///
/// Speech is made by `makeSpeech` when the reader first starts, and made anew whenever a
/// headset is plugged in or out while it runs: `SpeechQueue` opens its sink once, and the
/// ALSA device behind `default` may have changed with the jack.
@MainActor
public final class AccessibilityService {
  /// What started (or asks to start or stop) the reader.
  public enum Trigger: String, Sendable {
    /// `[accessibility] screen-reader = "on"`.
    case configuration
    /// A headset plugged in with `screen-reader = "headset"`.
    case headset
    /// The start key pressed three times.
    case key
    /// The three-finger triple tap.
    case gesture
    /// `kioskctl screen-reader on`.
    case control
  }

  /// What the reader's speech is made with.
  public struct SpeechSettings: Sendable, Equatable {
    /// The ALSA device (`[accessibility] speech-device`).
    public var device: String
    /// The language of text that names none (`speech-language`).
    public var language: String
  }

  /// Makes the speech output for `SpeechSettings`; tests hand in a `RecordingSpeechOutput`.
  public typealias SpeechFactory = @MainActor (SpeechSettings) -> any SpeechOutput

  /// The kiosk's speech: espeak-ng into the ALSA device (`SpeechQueue.system`).
  public static func systemSpeech(logger: Logger?) -> SpeechFactory {
    { SpeechQueue.system(device: $0.device, logger: logger) }
  }

  private let application: Application
  private let makeSpeech: SpeechFactory
  private let logger: Logger?
  /// The options it was started with, with the live changes since.
  public private(set) var options: RuntimeOptions
  /// The running reader, if any.
  public private(set) var reader: ScreenReader?
  /// The speech output made last (it outlives a stopped reader, so `kioskctl speech` can
  /// still show what was said).
  public private(set) var speech: (any SpeechOutput)?
  /// What started the running reader.
  public private(set) var startedBy: Trigger?
  /// Whether a headset is plugged in (nil: no headphone switch known).
  public private(set) var headsetPlugged: Bool?
  /// Called after the reader started (`true`) or stopped: the runtime lengthens the idle
  /// blanking while it runs.
  public var readerDidChange: (@MainActor (Bool) -> Void)?

  /// A service for `application` with `options`' `[accessibility]` settings; nothing
  /// starts before `start()`.
  public init(
    application: Application, options: RuntimeOptions,
    makeSpeech: @escaping SpeechFactory, logger: Logger? = nil
  ) {
    self.application = application
    self.options = options
    self.makeSpeech = makeSpeech
    self.logger = logger
  }

  /// Whether the reader runs.
  public var isReaderRunning: Bool { reader?.isRunning ?? false }

  /// Applies the looks, listens for the start key and gesture, and starts the reader when
  /// the configuration says `on`.
  public func start() {
    application.accessibilitySettings = options.accessibilitySettings
    application.idleTimeoutMultiplierWithScreenReader = options.screenReaderIdleMultiplier
    application.accessibilityShortcutFilter = AccessibilityShortcut(
      keyCode: AccessibilityStartKey.code(named: options.screenReaderKey),
      gesture: options.screenReaderGesture
    ) { [weak self] trigger in self?.toggle(by: trigger) }
    if options.screenReader == .on { startReader(by: .configuration) }
  }

  /// Stops the reader and the shortcut: the app gets its input as without the service.
  public func shutDown() {
    stopReader()
    if application.accessibilityShortcutFilter is AccessibilityShortcut {
      application.accessibilityShortcutFilter = nil
    }
  }

  /// Starts the reader (a running one keeps running, and what started it first).
  public func startReader(by trigger: Trigger) {
    guard !isReaderRunning else { return }
    let speech = self.speech ?? makeSpeech(speechSettings)
    self.speech = speech
    let reader = ScreenReader(speech: speech, defaultLanguage: options.speechLanguage)
    reader.start(on: application)
    self.reader = reader
    startedBy = trigger
    logger?.notice("accessibility: screen reader started (\(trigger.rawValue))")
    readerDidChange?(true)
  }

  /// Stops the reader, if it runs.
  public func stopReader() {
    guard let reader else { return }
    reader.stop()
    self.reader = nil
    startedBy = nil
    logger?.notice("accessibility: screen reader stopped")
    readerDidChange?(false)
  }

  /// The start key or gesture: starts a stopped reader, stops a running one.
  public func toggle(by trigger: Trigger) {
    if isReaderRunning { stopReader() } else { startReader(by: trigger) }
  }

  /// The headphone switch changed (`HeadphoneSwitch`): with `screen-reader = "headset"` a
  /// plug starts the reader and an unplug stops the reader it started; a running reader
  /// gets new speech either way, so that it speaks on the device the jack now selects.
  public func headsetChanged(plugged: Bool) {
    let previous = headsetPlugged
    headsetPlugged = plugged
    guard previous != plugged else { return }
    guard previous != nil else {
      // The switch's first report, at start-up: nothing was plugged or unplugged.
      if plugged, options.screenReader == .headset { startReader(by: .headset) }
      return
    }
    logger?.info("accessibility: headset \(plugged ? "plugged in" : "unplugged")")
    if !plugged, startedBy == .headset {
      stopReader()
      speech = nil
      return
    }
    if isReaderRunning, let trigger = startedBy {
      stopReader()
      speech = nil
      startReader(by: trigger)
    } else {
      speech = nil
      if plugged, options.screenReader == .headset { startReader(by: .headset) }
    }
  }

  /// Takes new options (`reload-config`, `kioskctl accessibility set`): the looks at once,
  /// and the mode: `on` starts the reader, `off` stops one the configuration started.
  public func apply(_ new: RuntimeOptions) {
    let old = options
    options = new
    if new.accessibilitySettings != old.accessibilitySettings {
      application.accessibilitySettings = new.accessibilitySettings
    }
    if new.screenReaderIdleMultiplier != old.screenReaderIdleMultiplier {
      application.idleTimeoutMultiplierWithScreenReader = new.screenReaderIdleMultiplier
      if isReaderRunning { readerDidChange?(true) }
    }
    guard new.screenReader != old.screenReader else { return }
    switch new.screenReader {
    case .on: startReader(by: .configuration)
    case .headset:
      if headsetPlugged == true { startReader(by: .headset) }
    case .off:
      if startedBy == .configuration || startedBy == .headset { stopReader() }
    }
  }

  private var speechSettings: SpeechSettings {
    SpeechSettings(device: options.speechDevice, language: options.speechLanguage)
  }
}
