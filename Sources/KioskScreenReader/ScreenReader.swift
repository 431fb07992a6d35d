import KioskSpeech
import KioskUI

/// VoiceOver's model for KioskKit: a focus that moves through the accessibility tree by
/// touch and by keypad, spoken through a `SpeechOutput`. (Being built: see issue 36.)
@MainActor
public final class ScreenReader {
  /// Where what it says goes.
  public let speech: any SpeechOutput

  /// A reader speaking through `speech`.
  public init(speech: any SpeechOutput) {
    self.speech = speech
  }
}
