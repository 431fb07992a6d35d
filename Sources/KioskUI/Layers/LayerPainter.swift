import KioskGraphics

/// Paints one layer of a draw list: its background colour, then its contents placed by its
/// content mode and stretched by its `contentsStretch`.
@MainActor
final class LayerPainter {
  let painter: FramePainter
  private var slices: [ContentSlice] = []
  /// The pieces of a rounded background around its plain inside, kept so that painting
  /// them allocates nothing.
  var roundedEdgePieces: [PixelRect] = []

  init(painter: FramePainter) {
    self.painter = painter
  }

  /// Paints `entry` inside the painter's current clip and limit.
  func paint(_ entry: DrawEntry) {
    if entry.part != .layer { return paintStyled(entry) }
    let layer = entry.layer
    let state = layer.presented
    let t = entry.transform
    if let color = state.backgroundColor, color.alpha > 0 {
      if t.isRectilinear {
        painter.fill(PixelRect(rounding: state.bounds.applying(t)), with: color, alpha: entry.alpha)
      } else {
        painter.fill(state.bounds, transform: t, with: color, alpha: entry.alpha)
      }
    }
    if let contents = layer.contents {
      paintContents(contents, of: layer, state: state, transform: t, alpha: entry.alpha)
    }
  }

  func paintContents(
    _ contents: LayerContents, of layer: Layer, state: LayerState, transform: Transform,
    alpha: Double
  ) {
    let placement = contents.placement(in: state.bounds, mode: layer.contentsMode)
    let pixels = Size(width: Double(contents.buffer.width), height: Double(contents.buffer.height))
    let stretch =
      layer.contentsMode.scalesContent && contents.frame == nil
      ? state.contentsStretch : Rect(x: 0, y: 0, width: 1, height: 1)
    stretchSlices(
      sourcePixels: pixels, contentScale: contents.scale, destination: placement, stretch: stretch,
      into: &slices)
    if slices.count > 1 && !transform.isRectilinear {
      paintStretchedAndTurned(contents, placement: placement, transform: transform, alpha: alpha)
      return
    }
    if slices.count == 1 {
      // Unstretched: composite only the part that is not transparent.
      let visible = contents.visiblePixels.rect
      slices[0].source = slices[0].source.intersection(visible)
      guard !slices[0].source.isEmpty else { return }
      let whole = Rect(origin: .zero, size: pixels)
      // An opaque layer's contents fill its bounds (the promise of `isOpaque`), so they are
      // copied rather than blended.
      let isOpaque = layer.isOpaque && placement == state.bounds
      // A backing store is whole pixels: for bounds of a fractional pixel size it is up to
      // a pixel larger. Shown one to one (the extra fraction clipped) rather than squeezed
      // into the bounds, it stays crisp and is a plain copy instead of a filtered one.
      let target =
        layer.contentsMatchBounds ? Rect(origin: placement.origin, size: contents.size) : placement
      let mapping = Self.mapping(whole, to: target).concatenating(transform)
      guard isOpaque else {
        painter.composite(
          contents.buffer, sourceRect: slices[0].source, transform: mapping, alpha: alpha)
        return
      }
      // The promise covers the bounds, not that extra fraction of a pixel: the last column
      // and row, which the bounds only partly cover, are drawn partly transparent and must
      // be blended, or they show as a dark line (copied, their transparency is not seen).
      let solid = Rect(
        x: 0, y: 0, width: (state.bounds.width * contents.scale + 1e-6).rounded(.down),
        height: (state.bounds.height * contents.scale + 1e-6).rounded(.down))
      let source = slices[0].source
      painter.composite(
        contents.buffer, sourceRect: source.intersection(solid), transform: mapping,
        alpha: alpha, isOpaque: true)
      // The right column, then the bottom row under the solid part (no array: this runs
      // for every opaque layer in every frame's damage).
      let rightColumn = source.intersection(
        Rect(x: solid.width, y: 0, width: pixels.width - solid.width, height: pixels.height))
      if !rightColumn.isEmpty {
        painter.composite(
          contents.buffer, sourceRect: rightColumn, transform: mapping, alpha: alpha)
      }
      let bottomRow = source.intersection(
        Rect(x: 0, y: solid.height, width: solid.width, height: pixels.height - solid.height))
      if !bottomRow.isEmpty {
        painter.composite(contents.buffer, sourceRect: bottomRow, transform: mapping, alpha: alpha)
      }
      return
    }
    for slice in slices {
      painter.composite(
        contents.buffer, sourceRect: slice.source,
        transform: Self.mapping(slice.source, to: slice.destination).concatenating(transform),
        alpha: alpha)
    }
  }

  /// A rotated layer with stretchable content: stretch it upright into a scratch buffer
  /// first, then turn that, so the slices cannot overlap. Rare, so the allocation is fine.
  private func paintStretchedAndTurned(
    _ contents: LayerContents, placement: Rect, transform: Transform, alpha: Double
  ) {
    let pixels = Size(
      width: (placement.width * contents.scale).rounded(.up),
      height: (placement.height * contents.scale).rounded(.up))
    // Beyond what a buffer can be (PixelBuffer refuses more than 16384 a side), not drawn.
    guard pixels.width.isFinite, pixels.height.isFinite, pixels.width <= 16384,
      pixels.height <= 16384,
      let scratch = try? PixelBuffer(width: Int(pixels.width), height: Int(pixels.height))
    else { return }
    let upright = FramePainter(target: scratch)
    let toScratch = Transform(translationX: -placement.minX, y: -placement.minY)
      .concatenating(Transform(scaleX: contents.scale, y: contents.scale))
    for slice in slices {
      upright.composite(
        contents.buffer, sourceRect: slice.source,
        transform: Self.mapping(slice.source, to: slice.destination).concatenating(toScratch))
    }
    guard let fromScratch = toScratch.inverted else { return }
    painter.composite(
      scratch, sourceRect: Rect(origin: .zero, size: pixels),
      transform: fromScratch.concatenating(transform), alpha: alpha)
  }

  /// The transform taking `source` (pixels) onto `destination` (layer points).
  static func mapping(_ source: Rect, to destination: Rect) -> Transform {
    let sx = source.width > 0 ? destination.width / source.width : 1
    let sy = source.height > 0 ? destination.height / source.height : 1
    return Transform(
      a: sx, b: 0, c: 0, d: sy, tx: destination.minX - source.minX * sx,
      ty: destination.minY - source.minY * sy)
  }
}
