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
  /// Told after the display was switched off (`true`) or on.
  var changeHandler: (@MainActor (Bool) -> Void)?

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

  /// A touch or key press: returns whether it woke the display (and must be swallowed).
  func userActivity() -> Bool {
    lastActivity = monotonicSeconds()
    restartTimer()
    guard isBlanked else { return false }
    setBlanked(false)
    return true
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
    changeHandler?(blanked)
  }

  private func restartTimer() {
    timer?.cancel()
    guard let timeout else { return }
    timer = ScheduledAction.after(timeout) { [weak self] in
      guard let self else { return }
      let names = self.outputs.map(\.name).joined(separator: ", ")
      self.logger.info("no touch for \(timeout) s: switching \(names) off")
      self.setBlanked(true)
    }
  }
}
