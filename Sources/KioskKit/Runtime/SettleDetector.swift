/// When the screen has come to rest: new frames since the last report, then none, and
/// nothing pending, for `quietPeriod` seconds by the clock. The clock, not a count of timer
/// ticks: after a long turn of the main queue (a slow start's first frame) a late tick and
/// the next one can come milliseconds apart, and two ticks that saw the same frame count
/// would then report a frame a display with deferred I/O (fbdev on DRM) does not show yet.
struct SettleDetector {
  /// Seconds without frames (or pending work) before the screen counts as settled.
  var quietPeriod = 0.3
  private var lastFrames = -1
  private var reportedFrames = 0
  private var quietSince = 0.0

  /// Looks at the frame count at `time`; returns whether the screen has settled since the
  /// last report (and counts this as one).
  mutating func hasSettled(frames: Int, busy: Bool, at time: Double) -> Bool {
    if frames != lastFrames || busy {
      lastFrames = frames
      quietSince = time
      return false
    }
    guard frames > reportedFrames, time - quietSince >= quietPeriod else { return false }
    reportedFrames = frames
    return true
  }
}
