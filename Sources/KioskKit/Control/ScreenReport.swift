import KioskLinux
import KioskUI
import KioskVirtual

/// One screen as `kioskctl status` and the metrics describe it: the main screen first,
/// then every other configured screen, connected or not.
@MainActor
struct ScreenReport {
  /// The output's name (the connector on DRM).
  var output: String
  var isMain: Bool
  /// Whether a display is connected (and so whether the screen is in `Screen.screens`).
  var isConnected: Bool
  var pixelWidth: Int
  var pixelHeight: Int
  var refreshRate: Double
  var pointWidth: Double
  var pointHeight: Double
  var scale: Double
  var rotation: Int
  var framesPresented: Int
  var framesFailed: Int
  /// Recent frame intervals (seconds), for percentiles.
  var frameIntervals: SampleRing

  /// The report of `screen` shown on `output` with its frame counts.
  init(screen: Screen, output: DisplayOutput, statistics: FrameStatistics, isMain: Bool) {
    let base = (output as? FrameRecordingOutput)?.base ?? output
    self.output = output.name
    self.isMain = isMain
    isConnected = (base as? DRMOutput)?.isConnected ?? true
    pixelWidth = output.pixelWidth
    pixelHeight = output.pixelHeight
    refreshRate = output.refreshRate
    pointWidth = screen.bounds.width
    pointHeight = screen.bounds.height
    scale = screen.scale
    rotation = screen.rotation.degrees
    // The virtual framebuffer counts its own frames (its screen shows it unrecorded in
    // simulated time).
    framesPresented = max(
      statistics.framesPresented, (base as? VirtualOutput)?.framesPresented ?? 0)
    framesFailed = statistics.presentFailures
    frameIntervals = statistics.intervals
  }
}
