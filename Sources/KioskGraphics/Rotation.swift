internal import CPixman

/// How the logical screen is turned on the physical panel, clockwise. Rendering and touch
/// share this one transform: a panel mounted on its side is configured once, here.
public enum Rotation: Int, Sendable, CaseIterable, CustomStringConvertible {
  /// The panel shows the screen as drawn.
  case degrees0 = 0
  /// The screen is turned a quarter clockwise: its top edge runs down the panel's right edge.
  case degrees90 = 90
  /// The screen is upside down on the panel.
  case degrees180 = 180
  /// The screen is turned three quarters clockwise: its top edge runs up the panel's left edge.
  case degrees270 = 270

  /// The rotation for a number of degrees, or `nil` unless it is 0, 90, 180 or 270.
  public init?(degrees: Int) {
    self.init(rawValue: ((degrees % 360) + 360) % 360)
  }

  /// The angle in degrees.
  public var degrees: Int { rawValue }

  /// Whether width and height trade places between the screen and the panel.
  public var swapsAxes: Bool { self == .degrees90 || self == .degrees270 }

  /// The panel's size for a logical size.
  public func panelSize(forLogical width: Int, _ height: Int) -> (width: Int, height: Int) {
    swapsAxes ? (height, width) : (width, height)
  }

  /// Maps logical pixel coordinates (of a `width`×`height` screen) to panel pixel
  /// coordinates. Touch input uses the inverse.
  public func logicalToPanel(width: Double, height: Double) -> Transform {
    switch self {
    case .degrees0: .identity
    case .degrees90: Transform(a: 0, b: 1, c: -1, d: 0, tx: height, ty: 0)
    case .degrees180: Transform(a: -1, b: 0, c: 0, d: -1, tx: width, ty: height)
    case .degrees270: Transform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: width)
    }
  }

  /// The angle in degrees: `90°`.
  public var description: String { "\(rawValue)°" }
}

extension PixelBuffer {
  /// Copies the pixels of `region` (in `source`'s coordinates) from `source`, turned by
  /// `rotation`, into this buffer, whose size must be `source`'s size turned by `rotation`.
  /// This is how a composited frame reaches a scanout buffer: only damage is copied.
  public func copy(_ region: Region, from source: PixelBuffer, rotation: Rotation) {
    let toPanel = rotation.logicalToPanel(
      width: Double(source.width), height: Double(source.height))
    if rotation == .degrees0 {
      region.forEachRect { copy($0, from: source) }
      return
    }
    // pixman transforms map destination to source: the inverse of logical -> panel.
    var transform = pixman_transform_t()
    guard let inverse = toPanel.inverted else { return }
    transform.setAffine(inverse)
    pixman_image_set_transform(source.pixmanImage, &transform)
    pixman_image_set_filter(source.pixmanImage, PIXMAN_FILTER_NEAREST, nil, 0)
    region.forEachRect { rect in
      let panelRect = PixelRect(covering: rect.rect.applying(toPanel)).intersection(bounds)
      guard !panelRect.isEmpty else { return }
      pixman_image_composite32(
        PIXMAN_OP_SRC, source.pixmanImage, nil, pixmanImage, Int32(panelRect.x), Int32(panelRect.y),
        0, 0, Int32(panelRect.x), Int32(panelRect.y), Int32(panelRect.width),
        Int32(panelRect.height))
    }
    pixman_image_set_transform(source.pixmanImage, nil)
  }
}

extension pixman_transform_t {
  /// Sets an affine matrix in pixman's 16.16 fixed point.
  mutating func setAffine(_ t: Transform) {
    matrix.0 = (fixed(t.a), fixed(t.c), fixed(t.tx))
    matrix.1 = (fixed(t.b), fixed(t.d), fixed(t.ty))
    matrix.2 = (0, 0, 65536)  // 1.0 in 16.16
  }
}
