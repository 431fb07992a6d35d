import KioskGraphics

/// The lists the compositor culls with (`Compositor.cullAndPaint`): rectangles with their
/// capacity kept from frame to frame, so that culling allocates nothing.
struct CullingLists {
  /// The opaque rectangles of the layers in front of the one being culled.
  var opaqueRects: [PixelRect] = []
  /// What to paint, back to front once reversed: a layer's entry and a piece of it.
  var paintList: [PaintPiece] = []
  /// The result of `uncoveredPieces(of:)`.
  var pieces: [PixelRect] = []
  private var spare: [PixelRect] = []

  /// Sets `pieces` to what is left of `rect` after taking away every opaque rectangle.
  mutating func uncoveredPieces(of rect: PixelRect) {
    pieces.removeAll(keepingCapacity: true)
    guard !rect.isEmpty else { return }
    pieces.append(rect)
    // Most opaque rectangles lie wholly beside `rect`: they are passed over without the
    // piece lists' work.
    for cover in opaqueRects where cover.intersects(rect) {
      spare.removeAll(keepingCapacity: true)
      for piece in pieces { piece.subtracting(cover, into: &spare) }
      swap(&pieces, &spare)
      if pieces.isEmpty { return }
    }
  }
}

/// A part of a layer to paint this frame.
struct PaintPiece {
  var entry: Int
  var rect: PixelRect
}

extension PixelRect {
  /// Appends the parts of this rectangle outside `other` (at most four) to `result`.
  func subtracting(_ other: PixelRect, into result: inout [PixelRect]) {
    let overlap = intersection(other)
    guard !overlap.isEmpty else {
      result.append(self)
      return
    }
    if overlap.y > y { result.append(PixelRect(x: x, y: y, width: width, height: overlap.y - y)) }
    if overlap.maxY < maxY {
      result.append(PixelRect(x: x, y: overlap.maxY, width: width, height: maxY - overlap.maxY))
    }
    if overlap.x > x {
      result.append(PixelRect(x: x, y: overlap.y, width: overlap.x - x, height: overlap.height))
    }
    if overlap.maxX < maxX {
      result.append(
        PixelRect(x: overlap.maxX, y: overlap.y, width: maxX - overlap.maxX, height: overlap.height)
      )
    }
  }
}
