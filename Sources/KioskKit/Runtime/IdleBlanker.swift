import KioskUI
import Logging

/// Switches the displays off after a time without user activity, and on again at the next
/// touch, which is swallowed (a person touching a dark kiosk wants to wake it, not press
/// whatever is under their finger). Every screen's display goes off and on together: a
/// customer display beside an idle kiosk has nothing to show either.
@MainActor
final class IdleBlanker {
  private let outputs: [DisplayOutput]
  /// Seconds without activity before blanking; `nil` blanks only when asked. A new value
  /// counts from now (`reload-config` of `display.blank-after`).
  var timeout: Double? {
    didSet { restartTimer() }
  }
  private let logger: Logger
  private var timer: ScheduledAction?
  private(set) var isBlanked = false
  /// When the last touch or key press came (monotonic seconds), or nil: none yet.
  private(set) var lastActivity: Double?
  /// Puts the TV in standby when the displays go off and wakes it when they come on, over
  /// HDMI-CEC (`display.cec`); nil: no CEC. Requests never wait for the bus.
  var cec: CECController?
  /// Told after the display was switched off (`true`) or on.
  var changeHandler: (@MainActor (Bool) -> Void)?
  /// Whether the display schedule's hours are over (`DisplayScheduler`): the display is
  /// off, and a touch wakes it for `wakeDuration` seconds at a time.
  private(set) var isOutsideSchedule = false
  /// Outside the schedule's hours, how long a touch wakes the display (seconds; 0: a touch
  /// is swallowed and the display stays off).
  var wakeDuration: Double = 60 {
    didSet { if isOutsideSchedule { restartTimer() } }
  }

  /// `timeout`: seconds without activity before blanking; `nil` blanks only when asked.
  /// `others`: the outputs of the screens besides the main one.
  init(output: DisplayOutput, others: [DisplayOutput] = [], timeout: Double?, logger: Logger) {
    self.outputs = [output] + others
    self.timeout = timeout
    self.logger = logger
  }

  /// Starts counting idle time.
  func start() {
    restartTimer()
  }

  /// A touch or key press: returns whether it must be swallowed (it woke the display, or
  /// the display stays off outside the schedule's hours).
  func userActivity() -> Bool {
    lastActivity = monotonicSeconds()
    if isOutsideSchedule, isBlanked, wakeDuration <= 0 { return true }
    restartTimer()
    guard isBlanked else { return false }
    setBlanked(false)
    return true
  }

  /// The schedule's hours ended (`true`: the display goes off) or began (it comes on, and
  /// idle time counts from now).
  func setOutsideSchedule(_ outside: Bool) {
    guard outside != isOutsideSchedule else { return }
    isOutsideSchedule = outside
    setBlanked(outside)
    restartTimer()
  }

  /// Blanks or unblanks now (the control interface's `blank` and `unblank`).
  func setBlanked(_ blanked: Bool) {
    guard blanked != isBlanked else { return }
    var failures = 0
    for output in outputs {
      do {
        try output.setBlanked(blanked)
      } catch {
        failures += 1
        logger.error("cannot \(blanked ? "blank" : "unblank") \(output.name): \(error)")
      }
    }
    // One display that refuses does not keep the others from following.
    guard failures < outputs.count else { return }
    isBlanked = blanked
    cec?.request(blanked ? .standby : .on)
    changeHandler?(blanked)
  }

  private func restartTimer() {
    timer?.cancel()
    // Outside the hours a woken display goes off again after the wake time.
    let delay = isOutsideSchedule ? (wakeDuration > 0 ? wakeDuration : nil) : timeout
    guard let timeout = delay else { return }
    timer = ScheduledAction.after(timeout) { [weak self] in
      guard let self else { return }
      let names = self.outputs.map(\.name).joined(separator: ", ")
      self.logger.info("no touch for \(timeout) s: switching \(names) off")
      self.setBlanked(true)
    }
  }
}
