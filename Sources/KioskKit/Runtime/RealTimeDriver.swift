import Dispatch
import FoundationEssentials
import KioskUI

/// Real time on the main queue: commits at the end of each turn (the default scheduler),
/// scheduled actions on a dispatch timer re-armed whenever the earliest one changes.
@MainActor
enum RealTimeDriver {
  private static var timer: DispatchSourceTimer?

  static func start() {
    ScheduledAction.scheduleDidChange = { arm() }
    arm()
  }

  private static func arm() {
    timer?.cancel()
    timer = nil
    guard let next = ScheduledAction.nextFireTime else { return }
    let source = DispatchSource.makeTimerSource(queue: .main)
    let delay = max(next - Transaction.clock(), 0)
    source.schedule(deadline: .now() + delay)
    source.setEventHandler {
      MainActor.assumeIsolated {
        ScheduledAction.runDue(at: Transaction.clock())
        arm()
      }
    }
    source.resume()
    timer = source
  }
}
