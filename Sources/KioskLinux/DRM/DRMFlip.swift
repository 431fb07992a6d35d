/// A page flip in flight and what waits for it: never more than one commit is in flight, so
/// a frame presented meanwhile is queued and a blanking waits (a blocking modeset would fail
/// with EBUSY behind a pending flip).
struct DRMFlip: Equatable {
  /// The swapchain buffer the flip puts on screen.
  var buffer: Int
  /// The frame to submit when the flip completes.
  var queued: DRMQueuedFrame?
  /// Whether to turn the panel off when the flip completes.
  var blankAfter = false
  /// Whether the mode still stands (a fault while the flip was in flight clears it: the
  /// next frame sets the mode again).
  var isLit = true
}
