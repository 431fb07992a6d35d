import Dispatch
import FoundationEssentials
import KioskGraphics
import KioskUI

/// An in-memory display: the output that development, the demo and every test run on. It
/// behaves like a real triple-buffered scanout (each buffer knows its age and receives only
/// the damage it missed), keeps the last presented frame, and can write frames as PNG files.
/// Its buffers are ordinary memory, so the compositor paints straight into them (direct
/// rendering) unless the screen is turned: no frame of the compositor's own, and no copy.
@MainActor
public final class VirtualOutput: DisplayOutput {
  /// Where refreshes come from.
  public enum Timing: Sendable {
    /// Refreshes happen only when `advance(to:)` moves time on (tests, simulated runs).
    case manual
    /// Refreshes happen in real time at `refreshRate`.
    case realTime
  }

  /// The output's name (`virtual-0` unless given).
  public let name: String
  /// The panel width in pixels.
  public let pixelWidth: Int
  /// The panel height in pixels.
  public let pixelHeight: Int
  /// Refreshes per second.
  public let refreshRate: Double
  /// Whether frames are shown; a disconnected or blanked virtual panel shows none.
  public var isActive = true
  /// Receives refreshes (the screen sets it).
  public var frameHandler: (@MainActor (Double) -> Void)?
  /// Where refreshes come from.
  public let timing: Timing

  private let swapchain: Swapchain
  private var frameRequested = false
  private lazy var refreshTimer = RefreshTimer(interval: 1 / refreshRate, paces: true) {
    [weak self] _ in
    self?.fireFrameEvent(at: Transaction.clock())
  }

  /// How many frames were presented.
  public private(set) var framesPresented = 0
  /// How many refreshes were asked for and delivered (presented or not: a refresh with
  /// nothing changed presents nothing), to check that something idle asks for none.
  public private(set) var refreshesDelivered = 0
  /// How many pixels of the back buffer the last frame brought up to date: copied from the
  /// compositor's frame, or painted straight into it (direct rendering).
  public var lastCopiedPixels: Int { swapchain.lastCopiedPixels }
  /// The age of the buffer the last frame went into (0: new buffer, repainted whole).
  public var lastBufferAge: Int { swapchain.lastBufferAge }
  /// Whether the compositor may paint into the buffers itself (see `beginDirectFrame`);
  /// off, every frame comes through `present` and is copied, as on DRM.
  public var allowsDirectRendering = true
  /// The buffer handed out for direct rendering and not shown yet.
  private var directIndex: Int?

  /// Whether every presented frame is kept (a copy each) in `recordedFrames`.
  public var recordsFrames = false
  /// The frames presented while `recordsFrames` was on, oldest first.
  public private(set) var recordedFrames: [PixelBuffer] = []

  /// Creates a virtual panel of `pixelWidth`×`pixelHeight` with `bufferCount` buffers.
  public init(
    name: String = "virtual-0", pixelWidth: Int, pixelHeight: Int, refreshRate: Double = 60,
    bufferCount: Int = 3, timing: Timing = .manual
  ) throws {
    self.name = name
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.refreshRate = refreshRate > 0 ? refreshRate : 60
    self.timing = timing
    swapchain = Swapchain(
      buffers: try (0..<max(bufferCount, 1)).map { _ in
        try PixelBuffer(
          width: pixelWidth, height: pixelHeight, format: .xrgb8888, holdsFrames: true)
      })
  }

  /// Creates the virtual panel that fits `screen` exactly.
  public convenience init(for screen: Screen, bufferCount: Int = 3, timing: Timing = .manual) throws
  {
    let native = screen.nativeBounds
    try self.init(
      pixelWidth: Int(native.width), pixelHeight: Int(native.height), bufferCount: bufferCount,
      timing: timing)
  }

  /// The buffer on screen now, or `nil` before the first frame.
  public var frontBuffer: PixelBuffer? {
    swapchain.front >= 0 ? swapchain.buffers[swapchain.front] : nil
  }

  /// Copies the damage the back buffer missed (turned by `rotation`) and shows it.
  public func present(_ frame: PixelBuffer, damage: Region, rotation: Rotation) throws {
    let (w, h) = rotation.panelSize(forLogical: frame.width, frame.height)
    guard w == pixelWidth, h == pixelHeight else {
      throw VirtualOutputError.sizeMismatch(
        frame: "\(w)×\(h)", panel: "\(pixelWidth)×\(pixelHeight)")
    }
    show(swapchain.prepareNext(from: frame, damage: damage, rotation: rotation))
  }

  /// The next buffer, for a frame painted straight into it, unless direct rendering is off,
  /// the screen is turned or the frame is not the panel's size.
  public func beginDirectFrame(
    width: Int, height: Int, damage: Region, rotation: Rotation, repaint: inout Region
  ) -> PixelBuffer? {
    guard allowsDirectRendering, rotation == .degrees0, width == pixelWidth,
      height == pixelHeight
    else { return nil }
    let index = swapchain.beginNext(damage: damage)
    directIndex = index
    repaint.set(swapchain.staleRegion)
    return swapchain.buffers[index]
  }

  /// Shows the buffer `beginDirectFrame` handed out.
  public func presentDirectFrame() throws {
    guard let index = directIndex else { return }
    directIndex = nil
    show(index)
  }

  private func show(_ index: Int) {
    swapchain.didShow(index)
    framesPresented += 1
    let shown = swapchain.buffers[index]
    if recordsFrames, let copy = try? shown.copy() { recordedFrames.append(copy) }
    presentObserver?(shown)
  }

  /// Called with the buffer now on screen after every present (for tools that time or
  /// inspect frames as they are shown, like kiosk-bench's touch-to-present latency).
  public var presentObserver: (@MainActor (PixelBuffer) -> Void)?

  /// A blanked virtual panel shows no frames until it is unblanked.
  public func setBlanked(_ blanked: Bool) throws {
    isActive = !blanked
  }

  /// Asks for one frame event at the next refresh.
  public func requestFrameEvent() {
    frameRequested = true
    // Manual timing: the harness or the simulated loop delivers it.
    if timing == .realTime { refreshTimer.arm() }
  }

  /// Whether a frame event was asked for and not delivered yet.
  public var isFrameEventPending: Bool { frameRequested }

  /// The first refresh strictly after `time`.
  public func nextRefresh(after time: Double) -> Double {
    // A refresh time k/rate times rate can come out a hair under k (k = 123 at 60 Hz):
    // without the nudge the next refresh after it would be itself, forever.
    ((time * refreshRate + 1e-6).rounded(.down) + 1) / refreshRate
  }

  /// Delivers the pending frame event (if any) as a refresh at `time`.
  public func fireFrameEvent(at time: Double) {
    guard frameRequested else { return }
    frameRequested = false
    refreshesDelivered += 1
    frameHandler?(time)
  }

  /// Writes the frame on screen as a PNG file.
  public func writePNG(to path: String) throws {
    guard let buffer = frontBuffer else { throw VirtualOutputError.noFrame }
    try buffer.writePNG(to: path)
  }
}

/// Errors of the virtual output.
public enum VirtualOutputError: Error, CustomStringConvertible {
  /// A frame does not fit the panel (the screen and output were set up with different sizes).
  case sizeMismatch(frame: String, panel: String)
  /// Nothing has been presented yet.
  case noFrame

  public var description: String {
    switch self {
    case .sizeMismatch(let frame, let panel):
      "a \(frame) frame cannot be shown on a \(panel) virtual panel"
    case .noFrame: "no frame has been presented yet"
    }
  }
}
