import Dispatch
import FoundationEssentials
import KioskLinux

/// What runs beside the app once it is launched; held for the life of the process.
@MainActor
struct RunningServices {
  let input: LibinputSource?
  let settings: LiveSettings
  let service: ServiceState
  let control: ControlServer?
  let metrics: MetricsTextfileWriter?
  let hangUp: DispatchSourceSignal?
  /// The screen reader, its speech and the looks.
  let accessibility: AccessibilityService
  /// The headphone jack's switch, when the sound card has one.
  let headphones: HeadphoneSwitch?
}
