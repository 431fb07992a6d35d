import Logging

/// Follows a seat's disable and enable (VT switches) for the runtime's display and input:
/// on disable, the outputs stop showing frames and drop DRM master, input is paused, and
/// the seat manager is told; on enable, input resumes and the outputs take master back and
/// repaint the whole screen.
@MainActor
package final class SeatSession {
  package let seat: Seat
  private let logger: Logger
  private var outputs: [DRMOutput] = []
  private var inputs: [LibinputSource] = []
  /// Told after each change, with whether the seat is enabled (for the service status).
  package var changeHandler: (@MainActor (Bool) -> Void)?

  package init(seat: Seat, logger: Logger) {
    self.seat = seat
    self.logger = logger
    seat.disableHandler = { [weak self] in self?.disable() }
    seat.enableHandler = { [weak self] in self?.enable() }
  }

  /// Pauses and resumes `output` with the seat.
  package func add(_ output: DRMOutput) { outputs.append(output) }

  /// Pauses and resumes `input` with the seat.
  package func add(_ input: LibinputSource) { inputs.append(input) }

  private func disable() {
    for input in inputs { input.seatDisabled() }
    for output in outputs { output.seatDisabled() }
    seat.acknowledgeDisable()
    changeHandler?(false)
  }

  private func enable() {
    for input in inputs { input.seatEnabled() }
    for output in outputs { output.seatEnabled() }
    changeHandler?(true)
  }
}
