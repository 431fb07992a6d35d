import KioskGraphics

/// A place frames go: a DRM connector, an fbdev panel, or the virtual framebuffer. Each
/// backend fills this small interface; the compositor and the display link need no more.
@MainActor
public protocol DisplayOutput: AnyObject {
  /// A name for logs and `list` (e.g. `HDMI-A-1`, `virtual-0`).
  var name: String { get }
  /// The panel's width in pixels (as mounted, before the screen's rotation).
  var pixelWidth: Int { get }
  /// The panel's height in pixels.
  var pixelHeight: Int { get }
  /// Frames per second the panel refreshes at.
  var refreshRate: Double { get }
  /// Whether a frame can be shown now (false while disconnected, blanked or paused).
  var isActive: Bool { get }

  /// Shows `frame` (in the screen's logical pixels, before rotation). `damage` is what
  /// changed since the previous frame; the output copies into its next buffer whatever that
  /// buffer missed (buffer age), turned by `rotation`.
  func present(_ frame: PixelBuffer, damage: Region, rotation: Rotation) throws

  /// Asks for one call of the frame handler at the next refresh (vblank or page flip).
  func requestFrameEvent()

  /// Where the output reports refreshes: the time in seconds of the refresh.
  var frameHandler: (@MainActor (Double) -> Void)? { get set }

  /// Where the output asks for a repaint of the whole screen (after a display came back
  /// from a hotplug or a VT switch, its buffers hold nothing). Outputs that never lose
  /// their contents need not store it.
  var repaintHandler: (@MainActor () -> Void)? { get set }

  /// Where the output reports that its panel changed size (a display of another size was
  /// connected): the new width and height in panel pixels, as mounted. The screen attached
  /// to it takes the new size. Outputs whose size never changes need not store it.
  var sizeChangeHandler: (@MainActor (Int, Int) -> Void)? { get set }

  /// Turns the panel off (`true`) or on again; no frames are shown while it is off. Outputs
  /// that cannot switch their panel off ignore it.
  func setBlanked(_ blanked: Bool) throws

  /// Direct rendering: the buffer the compositor may paint the next frame into itself,
  /// instead of into a frame of its own that `present` then copies. The frame is
  /// `width`×`height` logical pixels; the buffer must be that size. `damage` is what changed
  /// since the previous frame (logical pixels); `repaint` is set to what of the returned
  /// buffer must be painted: that damage and whatever the buffer missed (buffer age). `nil`,
  /// the default, means "give me frames through `present`": outputs whose memory is slow to
  /// read (scanout buffers mapped write-combined, as on most DRM drivers, which is why
  /// Weston's pixman renderer keeps a shadow frame too) or that must turn frames by
  /// `rotation`.
  func beginDirectFrame(
    width: Int, height: Int, damage: Region, rotation: Rotation, repaint: inout Region
  ) -> PixelBuffer?

  /// Shows the buffer the last `beginDirectFrame` returned, now painted.
  func presentDirectFrame() throws
}

extension DisplayOutput {
  /// Panels that cannot be switched off stay on.
  public func setBlanked(_ blanked: Bool) throws {}

  /// Outputs take frames through `present` unless they offer their buffers.
  public func beginDirectFrame(
    width: Int, height: Int, damage: Region, rotation: Rotation, repaint: inout Region
  ) -> PixelBuffer? { nil }

  /// Never called for an output that offers no buffers.
  public func presentDirectFrame() throws {}

  /// Outputs that never lose their contents ignore the repaint handler.
  public var repaintHandler: (@MainActor () -> Void)? {
    get { nil }
    set {}
  }

  /// Outputs whose size never changes ignore the size-change handler.
  public var sizeChangeHandler: (@MainActor (Int, Int) -> Void)? {
    get { nil }
    set {}
  }
}
