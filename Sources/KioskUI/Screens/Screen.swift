import KioskGraphics

/// A display the app draws on: a size in points, a scale (pixels per point), and how it is
/// turned on the panel. Touch and rendering both go through this one mapping. Turning the
/// screen at run time (`rotation`) changes its size in points; the panel stays as it is.
///
/// ```swift
/// let screen = Screen(pointSize: Size(width: 960, height: 540), scale: 2)
/// screen.nativeBounds   // (0, 0) 1920×1080
/// ```
@MainActor
public final class Screen {
  /// The screen apps draw on unless they choose another; the runtime sets it at launch.
  public static var main = Screen(pointSize: Size(width: 1024, height: 600), scale: 1)

  /// The screen's rectangle in points, origin at zero. It changes when the screen is turned.
  public internal(set) var bounds: Rect
  /// Pixels per point (1, 1.5, 2, 3…).
  public let scale: Double
  /// How the logical screen is turned on the panel. Setting it turns the screen at once
  /// (`setRotation(_:animated:)` can animate): the panel keeps its pixels, the screen's
  /// size in points follows (width and height trade places at a quarter turn), windows that
  /// fill the screen are resized with it, their controllers get
  /// `viewWillTransition(to:with:)` before and `traitCollectionDidChange(_:)` after, and
  /// the whole screen is repainted.
  ///
  /// ```swift
  /// screen.rotation = .degrees90   // a 1024×600 landscape panel shows a 600×1024 screen
  /// ```
  public var rotation: Rotation {
    get { currentRotation }
    set { setRotation(newValue, animated: false) }
  }
  /// Width of the logical screen in pixels.
  public internal(set) var pixelWidth: Int
  /// Height of the logical screen in pixels.
  public internal(set) var pixelHeight: Int

  /// The output showing this screen, if any.
  public private(set) var output: DisplayOutput?
  /// The compositor that turns this screen's windows into frames.
  public let compositor: Compositor
  /// Visible windows, back to front.
  public private(set) var windows: [Window] = []

  var currentRotation: Rotation
  /// Every window created on this screen, shown or not (held weakly): windows that fill the
  /// screen follow it when it turns.
  private var createdWindows: [WeakWindow] = []
  private var displayLinks: [DisplayLink] = []
  private var frameRequested = false
  /// What the output's buffer needs painted, with direct rendering (kept: no allocation a frame).
  private var directRepaint = Region()
  /// How the screen is magnified (Screen+Zoom.swift); scale 1 while Zoom is off.
  var zoomState: ScreenZoom
  /// Magnifies frames while Zoom is on; `nil` (no memory, no work) while it is off.
  var zoomRenderer: ZoomRenderer?
  /// Zoom's pan gesture among the touches on this screen.
  var zoomPanTracker = ZoomPanTracker()

  /// Creates a screen of `pointSize` points at `scale`, turned by `rotation` on its panel.
  public init(pointSize: Size, scale: Double = 1, rotation: Rotation = .degrees0) {
    let safeScale = scale > 0 && scale.isFinite ? scale : 1
    self.bounds = Rect(origin: .zero, size: pointSize)
    self.scale = safeScale
    self.currentRotation = rotation
    self.pixelWidth = max(1, Int((pointSize.width * safeScale).rounded()))
    self.pixelHeight = max(1, Int((pointSize.height * safeScale).rounded()))
    self.compositor = Compositor(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: safeScale)
    self.zoomState = ScreenZoom(scale: 1, center: bounds.center)
    self.compositor.screen = self
    syncZoomScale()
  }

  /// Creates the screen that fills a panel of `pixelWidth`×`pixelHeight` (as mounted) at
  /// `scale`, turned by `rotation`.
  public convenience init(panelWidth: Int, panelHeight: Int, scale: Double, rotation: Rotation) {
    let (w, h) = rotation.panelSize(forLogical: panelWidth, panelHeight)
    let s = scale > 0 && scale.isFinite ? scale : 1
    self.init(
      pointSize: Size(width: Double(w) / s, height: Double(h) / s), scale: s, rotation: rotation)
  }

  /// The panel's rectangle in pixels, as mounted (width and height swap at 90° and 270°).
  public var nativeBounds: Rect {
    let (w, h) = rotation.panelSize(forLogical: pixelWidth, pixelHeight)
    return Rect(x: 0, y: 0, width: Double(w), height: Double(h))
  }

  /// The scale of the panel's pixels to points (the same as `scale`).
  public var nativeScale: Double { scale }

  /// The transform from points to panel pixels: scale, then the rotation. Touch input maps
  /// panel pixels back to points with its inverse.
  public var pointsToPanel: Transform {
    Transform(scaleX: scale, y: scale).concatenating(
      rotation.logicalToPanel(width: Double(pixelWidth), height: Double(pixelHeight)))
  }

  /// Shows this screen on `output` from the next commit on (the whole screen is repainted).
  public func attach(_ output: DisplayOutput) {
    self.output?.frameHandler = nil
    self.output = output
    output.frameHandler = { [weak self] time in self?.handleFrameEvent(at: time) }
    output.repaintHandler = { [weak self] in
      self?.compositor.setNeedsFullRepaint()
      Transaction.setNeedsCommit()
    }
    output.sizeChangeHandler = { [weak self] width, height in
      self?.panelDidResize(width: width, height: height)
    }
    compositor.setNeedsFullRepaint()
    Transaction.register(self)
    // Zoom's setting may have changed while the screen was on no output.
    syncZoomScale()
    Transaction.setNeedsCommit()
  }

  /// Stops showing this screen on its output.
  public func detachOutput() {
    output?.frameHandler = nil
    output?.sizeChangeHandler = nil
    output = nil
  }

  // MARK: Windows

  /// The windows created on this screen that still exist.
  var trackedWindows: [Window] {
    createdWindows.removeAll { $0.window == nil }
    return createdWindows.compactMap(\.window)
  }

  func windowWasCreated(_ window: Window) {
    createdWindows.removeAll { $0.window == nil }
    createdWindows.append(WeakWindow(window: window))
  }

  func windowDidBecomeVisible(_ window: Window) {
    guard !windows.contains(where: { $0 === window }) else { return }
    let index = windows.firstIndex { $0.windowLevel > window.windowLevel } ?? windows.count
    windows.insert(window, at: index)
    window.layer.hostedBy = self
    window.layer.adoptScreen(self)
    window.layer.markChanged(.geometry)
    Transaction.register(self)
    compositor.needsWalk = true
    Transaction.setNeedsCommit()
  }

  func windowDidBecomeHidden(_ window: Window) {
    guard windows.contains(where: { $0 === window }) else { return }
    compositor.retire(window.layer)
    windows.removeAll { $0 === window }
    window.layer.hostedBy = nil
    compositor.needsWalk = true
    Transaction.setNeedsCommit()
  }

  // MARK: Commit

  func layoutWindows() {
    for window in windows {
      // A frame pinned by constraints may have moved without any view needing layout.
      LayoutEngine.solveTree(of: window)
      window.layoutSubtreeIfNeeded()
    }
  }

  /// Whether a commit would still find layout or compositing to do.
  var hasPendingWork: Bool {
    compositor.hasChanges || windows.contains { $0.needsLayout || $0.subtreeNeedsLayout }
  }

  func compositeAndPresent() {
    guard let output, output.isActive else { return }
    if let zoomRenderer {
      zoomState = zoomState.clamped(to: bounds)
      zoomRenderer.compositeAndPresent(
        screen: self, output: output,
        transform: zoomState.pixelTransform(
          pixelWidth: pixelWidth, pixelHeight: pixelHeight, pixelScale: scale))
      return
    }
    guard compositor.prepareFrame(windows: windows) else { return }
    do {
      // Straight into the output's buffer when it offers one: no frame of the compositor's
      // own, and no copy.
      if let target = output.beginDirectFrame(
        width: compositor.frame.width, height: compositor.frame.height,
        damage: compositor.pendingDamage, rotation: rotation, repaint: &directRepaint)
      {
        compositor.paintFrame(into: target, repainting: directRepaint)
        try output.presentDirectFrame()
      } else {
        compositor.paintFrame()
        try output.present(compositor.frame, damage: compositor.lastDamage, rotation: rotation)
      }
    } catch {
      // The frame did not reach the panel: repaint everything on the next one.
      compositor.setNeedsFullRepaint()
    }
  }

  // MARK: Frames

  /// Asks the output for a frame event (display link tick) at its next refresh.
  func requestFrame() {
    guard !frameRequested, let output else { return }
    frameRequested = true
    output.requestFrameEvent()
  }

  func add(_ link: DisplayLink) {
    if !displayLinks.contains(where: { $0 === link }) { displayLinks.append(link) }
    requestFrame()
  }

  func remove(_ link: DisplayLink) {
    displayLinks.removeAll { $0 === link }
  }

  /// A refresh happened: animations and display links step to `time`, then the changes
  /// are committed at once so the next frame shows them.
  func handleFrameEvent(at time: Double) {
    frameRequested = false
    AnimationEngine.tick(at: time, on: self)
    for link in displayLinks where !link.isPaused {
      link.fire(at: time, duration: 1 / (output?.refreshRate ?? 60))
    }
    Transaction.flush()
    if displayLinks.contains(where: { !$0.isPaused }) { requestFrame() }
  }
}

/// A window held weakly.
@MainActor
private struct WeakWindow {
  weak var window: Window?
}

/// Calls a closure at every refresh of a screen, in step with the output's frame events,
/// for as long as it is added and not paused (CADisplayLink).
@MainActor
public final class DisplayLink {
  private let callback: @MainActor (DisplayLink) -> Void
  private weak var screen: Screen?
  /// The time of the refresh being handled.
  public private(set) var timestamp: Double = 0
  /// The time of the next refresh.
  public private(set) var targetTimestamp: Double = 0
  /// Whether ticks are suspended.
  public var isPaused = false {
    didSet { if !isPaused { screen?.requestFrame() } }
  }

  /// Creates a display link that calls `callback` at each refresh.
  public init(_ callback: @escaping @MainActor (DisplayLink) -> Void) {
    self.callback = callback
  }

  /// Starts ticking with `screen`'s refreshes.
  public func add(to screen: Screen) {
    self.screen = screen
    screen.add(self)
  }

  /// Stops ticking for good.
  public func invalidate() {
    screen?.remove(self)
    screen = nil
  }

  func fire(at time: Double, duration: Double) {
    timestamp = time
    targetTimestamp = time + duration
    callback(self)
  }
}
