/// What a DRM output keeps about itself whatever it is doing: why it may be dark and whether
/// the mode it set still stands. A dark output (blanked, its seat paused or its display
/// unplugged, any number at once) shows nothing; it comes back to life when the last reason
/// goes.
struct DRMOutputHold: Equatable, Sendable {
  /// The panel was turned off (`setBlanked(true)`).
  var isBlanked = false
  /// The seat was disabled (a VT switch away): no DRM master, no frames.
  var isSeatPaused = false
  /// A display is plugged into the connector.
  var isConnected = true
  /// The mode this output set still stands: the next frame flips instead of setting it.
  var isLit = false

  /// Whether nothing may be shown for one reason or more.
  var isDark: Bool { isBlanked || isSeatPaused || !isConnected }
}
