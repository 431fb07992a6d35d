import KioskGraphics

/// A layer's corners, border, shadow and group opacity, as `CALayer` has them.
struct LayerStyling: Equatable {
  var cornerRadius = 0.0
  var borderWidth = 0.0
  var borderColor = Color.black
  var shadowColor = Color.black
  var shadowOpacity = 0.0
  var shadowOffset = Size(width: 0, height: -3)
  var shadowRadius = 3.0
  var shadowPath: Path? = nil
  var allowsGroupOpacity = true
  var rasterizes = false

  /// Whether anything is drawn beyond the plain layer: rounded corners, a border or a
  /// shadow.
  var isActive: Bool { cornerRadius > 0 || borderWidth > 0 || casts }

  /// Whether the shadow settings show a shadow at all.
  var casts: Bool { shadowOpacity > 0 && shadowColor.alpha > 0 }
}

/// The pixels the compositor made for a styled layer, kept while what they show does not
/// change: a shadow is blurred once, not every frame.
@MainActor
final class LayerStyleCache {
  var background: StyleRaster?
  var border: StyleRaster?
  var shadow: StyleRaster?
  /// The layer's subtree drawn as one group (group opacity, clipping to rounded corners).
  var group: GroupRender?

  /// How many times each part was drawn anew (tests check that nothing is redrawn while
  /// nothing changes).
  var backgroundRasterizations = 0
  var borderRasterizations = 0
  var shadowRasterizations = 0
  var groupRenders = 0
}

/// Pixels of one styled part, in the layer's anchored pixel space (see
/// `Compositor.anchored`), and what they were drawn for.
struct StyleRaster {
  var buffer: PixelBuffer
  /// Where `buffer` lies in anchored pixels.
  var origin: PixelRect
  var key: StyleKey
}

/// What a styled part's pixels depend on; a part is drawn again when this changes.
struct StyleKey: Equatable {
  var transform: Transform
  var bounds: Rect
  var styling: LayerStyling
  var backgroundColor: Color?
  /// For a shadow cast by the layer's composited content: the version of the group pixels
  /// it was blurred from (0 otherwise).
  var contentVersion = 0

  static func == (lhs: StyleKey, rhs: StyleKey) -> Bool {
    lhs.bounds == rhs.bounds && lhs.styling == rhs.styling
      && lhs.backgroundColor == rhs.backgroundColor && lhs.transform.isNear(rhs.transform)
      && lhs.contentVersion == rhs.contentVersion
  }
}

extension Transform {
  /// Equal but for rounding noise (a layer moved by whole pixels gives the same fractions
  /// only up to it).
  func isNear(_ other: Transform) -> Bool {
    abs(a - other.a) < 1e-9 && abs(b - other.b) < 1e-9 && abs(c - other.c) < 1e-9
      && abs(d - other.d) < 1e-9 && abs(tx - other.tx) < 1e-6 && abs(ty - other.ty) < 1e-6
  }
}

extension Layer {
  // The styling is drawn by the compositor from cached pixels; changing it takes effect at
  // the next commit and is not animated (CALayer animates these; KioskKit does not yet).

  /// The radius of the rounded corners of the background and the border, in points
  /// (default 0). Contents and sublayers are clipped to the rounded corners only when
  /// `masksToBounds` is true, as in Core Animation. Limited to half the shorter side when
  /// drawn; negative values are taken as 0, a value that is not finite is refused (logged).
  ///
  /// ```swift
  /// card.layer.cornerRadius = 12
  /// card.layer.masksToBounds = true   // the photo inside gets the rounded corners too
  /// ```
  public var cornerRadius: Double {
    get { styling.cornerRadius }
    set { setStyle(\.cornerRadius, max(newValue, 0), "cornerRadius", valid: newValue.isFinite) }
  }

  /// The width of the border, drawn inside the bounds above the contents and sublayers, in
  /// points (default 0: no border). Negative values are taken as 0.
  public var borderWidth: Double {
    get { styling.borderWidth }
    set { setStyle(\.borderWidth, max(newValue, 0), "borderWidth", valid: newValue.isFinite) }
  }

  /// The colour of the border (default black).
  public var borderColor: Color {
    get { styling.borderColor }
    set { setStyle(\.borderColor, newValue, "borderColor", valid: true) }
  }

  /// The colour of the shadow (default black).
  public var shadowColor: Color {
    get { styling.shadowColor }
    set { setStyle(\.shadowColor, newValue, "shadowColor", valid: true) }
  }

  /// The opacity of the shadow from 0 to 1 (default 0: no shadow, as in Core Animation);
  /// values outside are clamped.
  ///
  /// Without `shadowPath` the shadow takes the shape of what the layer shows, as in UIKit:
  /// the alpha of the layer composited with its contents and sublayers (a cell without a
  /// background whose rounded, clipped content view is white casts the shadow of that
  /// rounded card). Such a layer is drawn as a group — its subtree into pixels of its own,
  /// kept while nothing in it changes — and the shadow is blurred from those pixels once,
  /// so a card that only moves costs a copy of each. KioskKit casts the shadow of what lies
  /// within the layer's bounds; give a `shadowPath` to cast more, or to save the group's
  /// pixels. A layer without sublayers or contents casts its background's shape (with its
  /// rounded corners and its colour's alpha) and border. A layer that masks to its bounds
  /// casts no shadow (in UIKit the mask cuts it away).
  public var shadowOpacity: Double {
    get { styling.shadowOpacity }
    set {
      setStyle(\.shadowOpacity, newValue.clamped(0, 1), "shadowOpacity", valid: !newValue.isNaN)
    }
  }

  /// How far the shadow is moved from the layer, in points of the layer's coordinates
  /// (default (0, −3), Core Animation's: y grows downwards in KioskKit as in UIKit, so the
  /// default shadow sits 3 points above the layer, which is what UIKit shows on screen).
  /// Cards usually set a downward offset such as `Size(width: 0, height: 4)`.
  public var shadowOffset: Size {
    get { styling.shadowOffset }
    set { setStyle(\.shadowOffset, newValue, "shadowOffset", valid: newValue.isFinite) }
  }

  /// The blur radius of the shadow in points (default 3): the standard deviation of the
  /// Gaussian blur, which reaches about three times as far. Negative values are taken as 0
  /// (a sharp shadow).
  public var shadowRadius: Double {
    get { styling.shadowRadius }
    set { setStyle(\.shadowRadius, max(newValue, 0), "shadowRadius", valid: newValue.isFinite) }
  }

  /// The shape of the shadow in the layer's coordinates (default `nil`: the layer's own
  /// shape). When set, the shadow takes this shape, filled opaquely, instead of the
  /// background's shape and alpha, as Core Animation's `shadowPath`.
  ///
  /// ```swift
  /// card.layer.shadowPath = Path(roundedRect: card.bounds, cornerRadius: 12)
  /// ```
  public var shadowPath: Path? {
    get { styling.shadowPath }
    set { setStyle(\.shadowPath, newValue, "shadowPath", valid: true) }
  }

  /// Whether a layer with `opacity` below 1 and sublayers is blended as one group (default
  /// true, as `allowsGroupOpacity` since iOS 7): the layer and its sublayers are drawn at
  /// full opacity into a buffer of their own, which is blended once with the opacity, so
  /// overlapping sublayers do not show through each other. False blends each layer on its
  /// own with the product of the opacities (cheaper, and what UIKit did before iOS 7).
  public var allowsGroupOpacity: Bool {
    get { styling.allowsGroupOpacity }
    set { setStyle(\.allowsGroupOpacity, newValue, "allowsGroupOpacity", valid: true) }
  }

  /// Whether the layer and its sublayers are drawn once into a bitmap of their own and
  /// blended from it while nothing in them changes (default false), as UIKit's
  /// `shouldRasterize`: worth it for a subtree that is costly to blend and moves or fades as
  /// a whole. The bitmap is drawn again when a layer in the subtree changes.
  ///
  /// KioskKit rasterizes at the screen's scale, so the result is the pixels the subtree
  /// would paint (UIKit's `rasterizationScale` defaults to 1 and blurs on a 2× screen; it is
  /// not offered), and a shadow cast by the layer stays outside the bitmap (it is cached on
  /// its own already).
  public var shouldRasterize: Bool {
    get { styling.rasterizes }
    set { setStyle(\.rasterizes, newValue, "shouldRasterize", valid: true) }
  }

  /// Sets a styling property that passed its check, and has the layer composited anew.
  private func setStyle<Value: Equatable>(
    _ keyPath: WritableKeyPath<LayerStyling, Value>, _ value: Value, _ name: String,
    valid: Bool
  ) {
    guard GeometryGuard.accepts(valid, "layer \(name)", "\(value)"),
      styling[keyPath: keyPath] != value
    else { return }
    styling[keyPath: keyPath] = value
    markChanged(.geometry)
  }

  /// The layer's style cache, made when first needed.
  func makeStyleCache() -> LayerStyleCache {
    if let cache = styleCache { return cache }
    let cache = LayerStyleCache()
    styleCache = cache
    return cache
  }

  /// Whether the layer is drawn as one group: its subtree into a buffer of its own, blended
  /// once (group opacity), or clipped as a whole to its rounded corners.
  var formsGroup: Bool {
    let hasSublayers = !sublayers.isEmpty
    return (hasSublayers && presented.opacity < 1 && styling.allowsGroupOpacity)
      || (masksToBounds && styling.cornerRadius > 0 && (hasSublayers || contents != nil))
      || shadowFollowsContent || (styling.rasterizes && (hasSublayers || contents != nil))
  }

  /// Whether the walk should ask `formsGroup` (cheap checks first: most layers form none).
  var mayFormGroup: Bool {
    presented.opacity < 1 || styling.cornerRadius > 0 || styleCache?.group != nil
      || shadowFollowsContent || styling.rasterizes
  }

  /// Whether the layer casts a shadow this frame.
  var castsShadow: Bool {
    styling.casts && !masksToBounds
      && (styling.shadowPath != nil || presented.backgroundColor != nil || styling.borderWidth > 0
        || shadowFollowsContent)
  }

  /// Whether the layer's shadow is blurred from its composited content (its group's
  /// pixels): it casts one, without a `shadowPath`, and has sublayers or contents.
  var shadowFollowsContent: Bool {
    styling.casts && styling.shadowPath == nil && !masksToBounds
      && (!sublayers.isEmpty || contents != nil)
  }
}
