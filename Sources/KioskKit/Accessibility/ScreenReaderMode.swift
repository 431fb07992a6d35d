import ArgumentParser

/// When the screen reader runs (`[accessibility] screen-reader`, `--screen-reader`). Whatever
/// the mode, the start key, the start gesture and `kioskctl screen-reader on` start it too.
public enum ScreenReaderMode: String, CaseIterable, Sendable, ExpressibleByArgument {
  /// Only when someone starts it (start key, start gesture, kioskctl).
  case off
  /// From start-up, always.
  case on
  /// While a headset is plugged in: a blind visitor plugs in and hears the screen, and the
  /// next visitor, unplugged, gets the touch screen as it was.
  case headset
}

/// The touch gesture that starts or stops the screen reader (`[accessibility]
/// start-gesture`). VoiceOver has no such gesture (iOS starts it with a triple click of
/// the side button); KioskKit takes a three-finger triple tap, which neither the reader's
/// gestures (VoiceOver's three-finger triple tap is Screen Curtain, which a kiosk has not)
/// nor an app's usual ones use.
public enum AccessibilityStartGesture: String, CaseIterable, Sendable, ExpressibleByArgument {
  /// Three fingers tapping together three times in quick succession.
  case threeFingerTripleTap = "three-finger-triple-tap"
  /// No gesture starts the reader.
  case none
}
