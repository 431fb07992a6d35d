import KioskGraphics

/// Magnifies a screen's composited frame into the frame the panel shows, while Zoom is on.
///
/// The compositor paints the windows into its own frame as always (at zoom 1 it is the only
/// step, and nothing here exists); this scales the visible part of that frame with one
/// pixman transform and a bilinear filter, the way a GPU compositor applies a zoom as the
/// last transform. Damage is carried through the transform: a change anywhere in the
/// content repaints only its magnified area (one content pixel more on each side, which the
/// filter blends into it). A change of the zoom (scale or centre) repaints the whole frame.
///
/// Why the magnified area rather than the whole frame, measured on this machine (debug
/// build, a 1024×600 screen of 40 labels, a 44-point view changing colour, mean of 50
/// frames): without zoom 0.41 ms a frame; at 2× with the magnified area 0.45 ms; at 2×
/// repainting the whole frame 2.5 ms (a pan: 3.0 ms). Scaling the whole frame costs about
/// six times a small change, for every change; carrying the damage costs a few rectangle
/// operations. `ZoomTests.aChangeRepaintsOnlyItsMagnifiedArea` checks the damage.
@MainActor
final class ZoomRenderer {
  /// The magnified frame, for outputs that copy frames (not used with direct rendering).
  private var frame: PixelBuffer?
  private var painter: FramePainter?
  /// What the last magnified frame repainted (logical pixels of the panel's frame).
  private(set) var lastDamage = Region()
  /// Whether the next frame repaints everything (the zoom or the screen changed).
  var needsFullRepaint = true
  /// The magnified frame's transform that the frame on the panel was painted with.
  private var paintedTransform: Transform?
  /// What the output's buffer needs painted, with direct rendering (kept between frames).
  private var directRepaint = Region()

  /// Composites `screen` and presents the magnified frame by `transform` (content pixels to
  /// panel frame pixels) on `output`.
  func compositeAndPresent(screen: Screen, output: DisplayOutput, transform: Transform) {
    let compositor = screen.compositor
    // The content is painted into the compositor's own frame, never an output's buffer.
    let contentChanged = compositor.prepareFrame(windows: screen.windows)
    if contentChanged { compositor.paintFrame() }
    if paintedTransform != transform {
      paintedTransform = transform
      needsFullRepaint = true
    }
    let source = compositor.frame
    let bounds = source.bounds
    lastDamage.removeAll()
    if needsFullRepaint {
      lastDamage.formUnion(bounds)
    } else if contentChanged {
      compositor.lastDamage.forEachRect { rect in
        lastDamage.formUnion(Self.magnified(rect, by: transform).intersection(bounds))
      }
    }
    guard !lastDamage.isEmpty else { return }
    needsFullRepaint = false
    do {
      if let target = output.beginDirectFrame(
        width: source.width, height: source.height, damage: lastDamage,
        rotation: screen.rotation, repaint: &directRepaint)
      {
        paint(source, into: target, transform: transform, region: directRepaint)
        try output.presentDirectFrame()
      } else {
        let frame = try ownFrame(width: source.width, height: source.height)
        paint(source, into: frame, transform: transform, region: lastDamage)
        try output.present(frame, damage: lastDamage, rotation: screen.rotation)
      }
    } catch {
      // The frame did not reach the panel (or no buffer could be had): all of it next time.
      needsFullRepaint = true
    }
  }

  /// The pixels of the magnified frame that `rect` of the content reaches through the
  /// bilinear filter: its magnified area grown by one content pixel on each side.
  static func magnified(_ rect: PixelRect, by transform: Transform) -> PixelRect {
    let grown = Rect(
      x: Double(rect.x - 1), y: Double(rect.y - 1), width: Double(rect.width + 2),
      height: Double(rect.height + 2))
    return PixelRect(covering: grown.applying(transform))
  }

  private func ownFrame(width: Int, height: Int) throws -> PixelBuffer {
    if let frame, frame.width == width, frame.height == height { return frame }
    let made = try PixelBuffer(width: width, height: height, format: .argb8888)
    frame = made
    needsFullRepaint = true
    return made
  }

  private func paint(
    _ source: PixelBuffer, into target: PixelBuffer, transform: Transform, region: Region
  ) {
    let painter: FramePainter
    if let existing = self.painter {
      painter = existing
      if painter.target !== target { painter.target = target }
    } else {
      painter = FramePainter(target: target)
      self.painter = painter
    }
    let whole = Rect(x: 0, y: 0, width: Double(source.width), height: Double(source.height))
    region.intersection(Region(target.bounds)).forEachRect { rect in
      painter.limit = rect
      painter.composite(source, sourceRect: whole, transform: transform, isOpaque: true)
    }
    painter.limit = target.bounds
  }
}
