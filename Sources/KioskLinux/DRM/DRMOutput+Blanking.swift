import Logging

extension DRMOutput {
  // MARK: Blanking

  /// Turns the panel off (`true`) or back on; frames are not shown while it is off. Behind
  /// a flip in flight, turning it off waits for the flip (a blocking modeset would fail with
  /// EBUSY), and turning it on cancels that wait.
  package func setBlanked(_ blanked: Bool) throws {
    switch state.requestBlanking(blanked) {
    case .none, .afterFlip:
      return
    case .now(let deviceCall):
      if deviceCall, swapchain.front >= 0 {
        try committer.setActive(!blanked, framebuffer: framebuffers[swapchain.front])
      }
    }
    state.blankingChanged(to: blanked)
    logger.info("\(name) \(blanked ? "blanked" : "unblanked")")
    if !blanked { repaintHandler?() }
  }

  /// Applies a blanking that waited for a flip; no caller is there to hear of a failure, so
  /// it is logged.
  func applyBlanking(_ blanked: Bool) {
    do { try setBlanked(blanked) } catch { logger.error("blanking \(name): \(error)") }
  }
}
