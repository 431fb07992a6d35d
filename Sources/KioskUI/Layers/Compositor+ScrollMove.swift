import KioskGraphics

/// A scroll container's content moved by whole pixels this frame: its pixels are moved in
/// the frame instead of painted again, and only what comes into view, and what changed, is
/// painted.
///
/// A scroll view's bounds origin changes and everything in it moves on screen: without this
/// the whole visible content is damaged and repainted (a grid of styled cards: six full
/// frames' worth of blending). With it the frame moves the container's pixels (a memmove
/// of the rectangle, or a copy from the last frame's buffer when frames go straight into
/// an output's buffers) and paints the strip that enters. The damage reported to outputs
/// still covers every pixel that changed: the whole rectangle.
///
/// It applies when the container masks to its bounds, paints an opaque colour of its own
/// (nothing behind it shows), has no contents, corners, border or shadow, sits outside any
/// group, did not move itself and is the only one to scroll this frame. Each sublayer that
/// did not change and whose placement moved by exactly the content's shift (placements are
/// snapped to whole pixels, so at a fractional scale every one is checked) keeps its pixels;
/// the others are damaged where they were, where their old pixels were moved to, and where
/// they are. Layers in front of the container that overlap it are damaged where they are
/// and where the move put their old pixels.
struct ScrollMove {
  /// The container's visible rectangle in logical pixels: what moves.
  var rect: PixelRect
  var dx: Int
  var dy: Int
  /// Entries from this index on were added after the container's subtree: layers in front.
  var entriesInFront = 0

  /// Where the move puts the pixels of `damaged` (within `rect`), clipped to `rect`.
  func moved(_ damaged: PixelRect) -> PixelRect {
    let inside = damaged.intersection(rect)
    guard !inside.isEmpty else { return .zero }
    return PixelRect(x: inside.x + dx, y: inside.y + dy, width: inside.width, height: inside.height)
      .intersection(rect)
  }

  /// The part of `rect` the move fills with moved pixels.
  var destination: PixelRect {
    rect.intersection(
      PixelRect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height))
  }
}

extension Compositor {
  /// Whether `layer`, walked with `transform`, may be a scroll container moving its content
  /// this frame (checked before its sublayers are walked; `planScrollMove` decides).
  func mayScroll(_ layer: Layer, changes: LayerChanges, inheritedDirty: Bool, alpha: Double)
    -> Bool
  {
    !inheritedDirty && changes == .geometry && groupDepth == 0 && scrollMove == nil
      && alpha >= 1 && layer.masksToBounds && !layer.styling.isActive && layer.contents == nil
      && layer.presented.backgroundColor?.isOpaque == true && !layer.sublayers.isEmpty
  }

  /// If `layer`'s content moved by whole pixels and nothing else about it changed, sets
  /// `scrollMove` (and moves the damage already noted with it) and returns true.
  func planScrollMove(of layer: Layer, transform: Transform, extent: PixelRect) -> Bool {
    guard transform.isRectilinear, !extent.isEmpty, extent == layer.lastExtent,
      Self.sameLinearPart(transform, layer.lastPlacement)
    else { return false }
    // The shift: the first unchanged sublayer's, which must be whole pixels. A jump beyond
    // any screen (a content offset of 1e20) is no move: it would not fit an Int, and nothing
    // of the last frame stays in view.
    guard
      let sublayer = layer.sublayers.first(where: { $0.changes.isEmpty && !$0.isHidden }),
      let (dx, dy) = shift(of: sublayer, in: transform),
      abs(dx) < Self.largestMove, abs(dy) < Self.largestMove,
      abs(dx - dx.rounded()) < Self.placementTolerance,
      abs(dy - dy.rounded()) < Self.placementTolerance
    else { return false }
    let move = ScrollMove(rect: extent, dx: Int(dx.rounded()), dy: Int(dy.rounded()))
    // Damage noted so far was of the last frame's pixels (a cell that left): the move
    // carries those pixels too.
    movedDamage.removeAll(keepingCapacity: true)
    damage.forEachRect { movedDamage.append(move.moved($0)) }
    for rect in movedDamage { damage.formUnion(rect) }
    scrollMove = move
    return true
  }

  /// Whether `sublayer` of the moving container keeps its pixels: it did not change and its
  /// placement moved by exactly the content's shift.
  func movesAlong(_ sublayer: Layer, in transform: Transform) -> Bool {
    guard let move = scrollMove, sublayer.changes.isEmpty,
      let (dx, dy) = shift(of: sublayer, in: transform)
    else { return false }
    return abs(dx - Double(move.dx)) < Self.placementTolerance
      && abs(dy - Double(move.dy)) < Self.placementTolerance
  }

  /// How far (pixels) `sublayer`, placed in `transform` now, moved since the last walk, if
  /// it only moved (its scale and rotation are as they were).
  private func shift(of sublayer: Layer, in transform: Transform) -> (Double, Double)? {
    let now = placement(of: sublayer.presented, in: transform)
    let before = sublayer.lastPlacement
    guard Self.sameLinearPart(now, before) else { return nil }
    return (now.tx - before.tx, now.ty - before.ty)
  }

  private static func sameLinearPart(_ x: Transform, _ y: Transform) -> Bool {
    x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d
  }

  /// After the walk: what comes into view, and the layers in front of the container, are
  /// damaged.
  func finishScrollMove() {
    guard let move = scrollMove else { return }
    // What enters: the rectangle less where the moved pixels land.
    movedDamage.removeAll(keepingCapacity: true)
    move.rect.subtracting(move.destination, into: &movedDamage)
    for rect in movedDamage { damage.formUnion(rect) }
    var index = move.entriesInFront
    while index < entries.count {
      let entry = entries[index]
      index += 1
      guard entry.alpha >= Self.invisibleAlpha, entry.extent.intersects(move.rect) else {
        continue
      }
      damage.formUnion(entry.extent.intersection(move.rect))
      damage.formUnion(move.moved(entry.extent))
    }
    frameDamage.formUnion(move.rect)
  }

  /// Moves the container's pixels into `buffer` before the damage is painted: from the last
  /// frame's buffer (the same one, or the output's previous buffer). Returns the part filled
  /// with moved pixels (empty when nothing could be moved: then the whole rectangle is
  /// damaged).
  func performScrollMove(_ move: ScrollMove, into buffer: PixelBuffer) -> PixelRect {
    let source = lastFrameBuffer
    let destination = move.destination
    guard source.width == buffer.width, source.height == buffer.height,
      source.format == buffer.format, !destination.isEmpty
    else {
      damage.formUnion(move.rect)
      return .zero
    }
    // Moved by less than half a pixel, into the same buffer: its pixels are in place.
    if source !== buffer || move.dx != 0 || move.dy != 0 {
      buffer.copy(destination, from: source, shiftedBy: move.dx, dy: move.dy)
    }
    scrollMovesPerformed += 1
    return destination
  }

  /// Placements differing by less than this (pixels) are the same.
  static let placementTolerance = 1e-6
  /// The longest move (pixels) made by moving pixels: past it nothing stays in view.
  static let largestMove = Double(1 << 24)
}
