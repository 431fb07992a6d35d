import KioskGraphics

/// A gesture of VoiceOver's that the screen reader recognised in raw touches.
public enum ReaderGesture: Sendable, Equatable {
  /// Which way a flick went, on screen.
  public enum Direction: Sendable, Equatable {
    /// Towards the top of the screen.
    case up
    /// Towards the bottom.
    case down
    /// Towards the left edge.
    case left
    /// Towards the right edge.
    case right
  }

  /// One finger resting or dragging at a point (screen points): what is under it is
  /// focused and spoken.
  case explore(Point)
  /// One finger tapping once at a point: as `explore`.
  case tap(Point)
  /// One finger tapping twice: the focus is activated.
  case doubleTap
  /// One finger flicking: right/left move to the next/previous element, up/down adjust.
  case flick(Direction)
  /// Two fingers tapping: speech pauses or resumes.
  case twoFingerTap
  /// Three fingers flicking: the content scrolls by a page.
  case threeFingerFlick(Direction)
  /// Two fingers moving left-right-left or right-left-right quickly (a Z): escape, back.
  case scrub
}
