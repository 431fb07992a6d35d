import KioskGraphics

/// How a view's cached content follows changes of its bounds (UIKit's `UIView.ContentMode`).
public enum ContentMode: Sendable, CaseIterable {
  /// Scale the content to fill the bounds, changing its aspect ratio if needed (the default).
  case scaleToFill
  /// Scale the content to fit inside the bounds, keeping its aspect ratio.
  case scaleAspectFit
  /// Scale the content to cover the bounds, keeping its aspect ratio; it may overflow.
  case scaleAspectFill
  /// Redraw the content (call `draw(_:)` again) whenever the bounds change.
  case redraw
  /// Keep the content's size, centred.
  case center
  /// Keep the size, centred along the top edge.
  case top
  /// Keep the size, centred along the bottom edge.
  case bottom
  /// Keep the size, centred along the left edge.
  case left
  /// Keep the size, centred along the right edge.
  case right
  /// Keep the size, in the top-left corner.
  case topLeft
  /// Keep the size, in the top-right corner.
  case topRight
  /// Keep the size, in the bottom-left corner.
  case bottomLeft
  /// Keep the size, in the bottom-right corner.
  case bottomRight

  /// Whether this mode scales content (only scaling modes use `contentStretch`).
  public var scalesContent: Bool {
    switch self {
    case .scaleToFill, .scaleAspectFit, .scaleAspectFill, .redraw: true
    default: false
    }
  }

  /// Where content of `contentSize` goes inside `bounds` under this mode.
  public func placement(of contentSize: Size, in bounds: Rect) -> Rect {
    let b = bounds.standardized
    let w = contentSize.width
    let h = contentSize.height
    switch self {
    case .scaleToFill, .redraw:
      return b
    case .scaleAspectFit, .scaleAspectFill:
      guard w > 0, h > 0 else { return b }
      let sx = b.width / w
      let sy = b.height / h
      let s = self == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
      return Rect(x: b.midX - w * s / 2, y: b.midY - h * s / 2, width: w * s, height: h * s)
    case .center: return Rect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
    case .top: return Rect(x: b.midX - w / 2, y: b.minY, width: w, height: h)
    case .bottom: return Rect(x: b.midX - w / 2, y: b.maxY - h, width: w, height: h)
    case .left: return Rect(x: b.minX, y: b.midY - h / 2, width: w, height: h)
    case .right: return Rect(x: b.maxX - w, y: b.midY - h / 2, width: w, height: h)
    case .topLeft: return Rect(x: b.minX, y: b.minY, width: w, height: h)
    case .topRight: return Rect(x: b.maxX - w, y: b.minY, width: w, height: h)
    case .bottomLeft: return Rect(x: b.minX, y: b.maxY - h, width: w, height: h)
    case .bottomRight: return Rect(x: b.maxX - w, y: b.maxY - h, width: w, height: h)
    }
  }
}

/// One piece of content to composite: a rectangle of the source pixels and where it goes,
/// in the layer's coordinates.
struct ContentSlice: Equatable {
  var source: Rect
  var destination: Rect
}

/// Splits content into the slices that `contentStretch` asks for: the edges outside the
/// stretchable rectangle keep their size, the stretchable part scales to fill the rest.
/// `stretch` is in unit coordinates of the content; a unit rectangle scales everything.
/// Returns the number of slices written into `slices` (at most 9).
func stretchSlices(
  sourcePixels: Size, contentScale: Double, destination: Rect, stretch: Rect,
  into slices: inout [ContentSlice]
) {
  slices.removeAll(keepingCapacity: true)
  let s = stretch.standardized
  let unit = Rect(x: 0, y: 0, width: 1, height: 1)
  if s == unit || s.minX < 0 || s.minY < 0 || s.maxX > 1 || s.maxY > 1 {
    slices.append(
      ContentSlice(
        source: Rect(origin: .zero, size: sourcePixels), destination: destination))
    return
  }
  func axis(_ length: Double, _ lo: Double, _ hi: Double, _ dstStart: Double, _ dstLength: Double)
    -> [(src: Double, srcLen: Double, dst: Double, dstLen: Double)]
  {
    // Source cuts in pixels; a zero-width stretchable band stretches one pixel.
    var cut0 = (lo * length).rounded()
    var cut1 = (hi * length).rounded()
    if cut1 <= cut0 {
      cut0 = min(cut0, length - 1)
      cut1 = cut0 + 1
    }
    var head = cut0 / contentScale
    var tail = (length - cut1) / contentScale
    // When the destination is smaller than the fixed edges, shrink them proportionally.
    if head + tail > dstLength, head + tail > 0 {
      let k = dstLength / (head + tail)
      head *= k
      tail *= k
    }
    let middle = max(dstLength - head - tail, 0)
    return [
      (0, cut0, dstStart, head),
      (cut0, cut1 - cut0, dstStart + head, middle),
      (cut1, length - cut1, dstStart + head + middle, tail),
    ]
  }
  let d = destination.standardized
  let xs = axis(sourcePixels.width, s.minX, s.maxX, d.minX, d.width)
  let ys = axis(sourcePixels.height, s.minY, s.maxY, d.minY, d.height)
  for y in ys where y.srcLen > 0 && y.dstLen > 0 {
    for x in xs where x.srcLen > 0 && x.dstLen > 0 {
      slices.append(
        ContentSlice(
          source: Rect(x: x.src, y: y.src, width: x.srcLen, height: y.srcLen),
          destination: Rect(x: x.dst, y: y.dst, width: x.dstLen, height: y.dstLen)))
    }
  }
}
