import Foundation
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
}
