import KioskUI
import KioskVirtual

/// The screen made in the second phase and what shows it.
@MainActor
struct ShownScreen {
  let screen: Screen
  /// The output frames go to (the panel's, or the virtual framebuffer's).
  let output: DisplayOutput
  /// The virtual framebuffer, when there is no panel.
  let virtual: VirtualOutput?
  /// Simulated time, on the virtual framebuffer without `--realtime`.
  let simulatedLoop: SimulatedRunLoop?
  let frameStatistics: FrameStatistics
}
