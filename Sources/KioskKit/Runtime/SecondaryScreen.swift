import KioskUI
import KioskVirtual

/// A screen besides the main one (`--screen`, `[[output]]` tables), with the output that
/// shows it. It is in `Screen.screens` while its display is connected.
@MainActor
struct SecondaryScreen {
  let spec: SecondaryScreenSpec
  let screen: Screen
  /// Where its frames go (a DRM connector, or a second virtual framebuffer).
  let output: DisplayOutput
  /// The virtual framebuffer, when there is no panel.
  let virtual: VirtualOutput?
  let frameStatistics: FrameStatistics
  /// Lets go of the output on exit.
  let shutDown: @MainActor () -> Void
}
