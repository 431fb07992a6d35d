import Glibc
import KioskGraphics

/// What to open: which card, connector and mode, and how.
package struct DRMConfiguration: Sendable {
  /// A card node (`/dev/dri/card1`), or `nil` for the first card with a connected connector.
  package var card: String?
  /// A connector name (`HDMI-A-1`, `DSI-1`), or `nil` for the first connected one.
  package var connector: String?
  /// A mode `WxH` or `WxH@Hz`, or `nil` for the connector's preferred mode.
  package var mode: String?
  /// Whether to use the legacy API even where atomic is offered (`KIOSK_DRM_NO_ATOMIC=1`).
  package var forceLegacy: Bool
  /// How long to wait for a card at boot before giving up, in seconds.
  package var waitForCard: Double
  /// The panel size (pixels) to run at while no display is connected and no `mode` is
  /// given; the display's own mode replaces it when one is connected.
  package var provisionalSize: (width: Int, height: Int) = (1024, 600)
  /// Turn frames with the plane's `rotation` property (where the driver offers it) instead
  /// of in the compositor; `nil` or `.degrees0`: the compositor turns them, as usual.
  package var planeRotation: Rotation?

  /// Creates a configuration; `forceLegacy` defaults to the `KIOSK_DRM_NO_ATOMIC` variable.
  package init(
    card: String? = nil, connector: String? = nil, mode: String? = nil, forceLegacy: Bool? = nil,
    waitForCard: Double = 10
  ) {
    self.card = card
    self.connector = connector
    self.mode = mode
    self.forceLegacy =
      forceLegacy ?? (getenv("KIOSK_DRM_NO_ATOMIC").map { String(cString: $0) } == "1")
    self.waitForCard = waitForCard
    self.planeRotation = nil
  }
}
