import KioskGraphics

/// Which part of a layer a draw-list entry paints.
enum DrawPart: UInt8 {
  /// The background colour and contents (an unstyled layer's only entry).
  case layer
  /// The background with rounded corners (cached pixels), then the contents.
  case styled
  /// The blurred shadow, below everything else of the layer.
  case shadow
  /// The border, above the contents and sublayers.
  case border
  /// The layer and its sublayers drawn as one group into a buffer, blended once.
  case group
}

/// Where the walk found a layer this frame, and what changed in it.
struct LayerVisit {
  var transform: Transform
  var alpha: Double
  var inheritedAlpha: Double
  var parent: Transform
  var parentClip: PixelRect
  var changes: LayerChanges
  var dirty: Bool
  /// Whether the layer may be a scroll container whose content only moved
  /// (`Compositor.mayScroll`).
  var mayScroll = false

  func entry(_ layer: Layer, extent: PixelRect, part: DrawPart) -> DrawEntry {
    DrawEntry(
      layer: layer, transform: transform, alpha: alpha, inheritedAlpha: inheritedAlpha,
      extent: extent, opaqueRect: .zero, parentTransform: parent, parentClip: parentClip,
      part: part)
  }
}

/// A group's draw list and pixels: the layer and its sublayers at full opacity, in the
/// layer's anchored pixels, drawn again only when the list or something in it changes.
@MainActor
final class GroupRender {
  /// The group's draw list of the last walk.
  var entries: [DrawEntry] = []
  /// The list being built (kept for its capacity).
  var building: [DrawEntry] = []
  /// The part of the anchored pixels the group covers (what `buffer` holds).
  var rect = PixelRect.zero
  /// The group layer's transform to anchored pixels.
  var transform = Transform.identity
  var buffer: PixelBuffer?
  /// Whether `buffer` no longer shows the draw list.
  var isStale = true
  /// Counts the renders: a shadow blurred from the pixels is blurred again when it moves.
  var version = 0
}

extension Compositor {
  /// Clips nothing: a group's layers are laid out in full, then cut to what can show.
  static let unclipped = PixelRect(x: -(1 << 28), y: -(1 << 28), width: 1 << 29, height: 1 << 29)

  /// `transform` less the whole pixels to the top-left of the layer's bounds on screen, and
  /// those pixels: cached pixels made for the remainder stay valid while a layer moves by
  /// whole pixels (which axis-aligned layers, snapped, always do).
  static func anchored(_ transform: Transform, bounds: Rect) -> (x: Int, y: Int, local: Transform) {
    let box = bounds.applying(transform)
    guard box.minX.isFinite, box.minY.isFinite else { return (0, 0, transform) }
    let limit = Double(1 << 30)
    let x = min(max(box.minX, -limit), limit).rounded(.down)
    let y = min(max(box.minY, -limit), limit).rounded(.down)
    return (Int(x), Int(y), transform.concatenating(Transform(translationX: -x, y: -y)))
  }

  /// The area `layer`'s shadow shape covers, in its coordinates, with room for the blur.
  static func shadowArea(of layer: Layer) -> Rect {
    let styling = layer.styling
    let shape = styling.shadowPath?.boundingBox ?? layer.presented.bounds
    let margin = 3 * styling.shadowRadius + 1
    return shape.offsetBy(dx: styling.shadowOffset.width, dy: styling.shadowOffset.height)
      .insetBy(dx: -margin, dy: -margin)
  }

  /// The part of an axis-aligned opaque rectangle that rounded corners of `radius` points
  /// leave opaque: inset by 0.3 of the radius on each side (a corner's arc passes
  /// 1 − 1/√2 ≈ 0.29 of the radius from both edges), and a pixel for antialiasing.
  static func insideCorners(_ rect: PixelRect, radius: Double, transform: Transform) -> PixelRect {
    let dx = Int((0.3 * radius * abs(transform.a + transform.c)).rounded(.up)) + 1
    let dy = Int((0.3 * radius * abs(transform.b + transform.d)).rounded(.up)) + 1
    guard rect.width > 2 * dx, rect.height > 2 * dy else { return .zero }
    return PixelRect(
      x: rect.x + dx, y: rect.y + dy, width: rect.width - 2 * dx, height: rect.height - 2 * dy)
  }

  /// Adds `layer`'s border to the draw list as the strips along its edges: inside them its
  /// raster is clear (the ring's inner edge and arcs lie within the border width or the
  /// corner radius of the bounds), and blending those clear pixels is no cheaper than
  /// opaque ones. The screen reader's focus ring around a wide row cost a tenth of a full
  /// frame (kiosk-bench (v)) until its inside was left out.
  func addBorderEntries(of layer: Layer, _ visit: LayerVisit, extent: PixelRect) {
    let styling = layer.styling
    let edge = max(styling.borderWidth, styling.cornerRadius)
    let bounds = layer.presented.bounds
    guard visit.transform.isRectilinear, bounds.width > 2 * edge, bounds.height > 2 * edge
    else {
      entries.append(visit.entry(layer, extent: extent, part: .border))
      return
    }
    let inside = PixelRect(inside: bounds.insetBy(dx: edge, dy: edge).applying(visit.transform))
    borderStrips.removeAll(keepingCapacity: true)
    extent.subtracting(inside, into: &borderStrips)
    for strip in borderStrips { entries.append(visit.entry(layer, extent: strip, part: .border)) }
  }

  /// Where `layer`'s shadow may land on screen, within `clip`.
  func shadowExtent(of layer: Layer, transform: Transform, clip: PixelRect) -> PixelRect {
    PixelRect(covering: Self.shadowArea(of: layer).applying(transform)).intersection(clip)
  }

  /// If `layer` forms a group (`Layer.formsGroup`), adds it to the draw list as one entry
  /// (and its shadow) and returns true; otherwise lets go of any group pixels it had (its
  /// opacity went back to 1) and returns false.
  func walkGroup(_ layer: Layer, _ visit: LayerVisit) -> Bool {
    guard layer.formsGroup else {
      layer.styleCache?.group = nil
      if layer.styleCache != nil && !layer.styling.isActive { layer.styleCache = nil }
      return false
    }
    let cache = layer.makeStyleCache()
    let group = cache.group ?? GroupRender()
    cache.group = group
    let anchor = Self.anchored(visit.transform, bounds: layer.presented.bounds)

    // The group's own draw list, at full opacity in anchored pixels. Its layers' changes
    // mark it changed; the layer's own move or fade does not change what it holds.
    swap(&entries, &group.building)
    entries.removeAll(keepingCapacity: true)
    let previousExtent = layer.lastExtent
    let outerChanged = groupChanged
    groupChanged = false
    groupDepth += 1
    let inside = LayerVisit(
      transform: anchor.local, alpha: 1, inheritedAlpha: 1, parent: anchor.local,
      parentClip: Self.unclipped, changes: visit.changes.subtracting([.geometry, .move]),
      dirty: false)
    walkLayer(layer, inside, castsShadow: false)
    groupDepth -= 1
    let changedInside = groupChanged
    groupChanged = outerChanged
    swap(&entries, &group.building)

    var rect = PixelRect.zero
    for entry in group.building { rect = rect.union(entry.extent) }
    let visible = visit.parentClip
    rect = rect.intersection(
      PixelRect(
        x: visible.x - anchor.x, y: visible.y - anchor.y, width: visible.width,
        height: visible.height))
    let unchanged =
      !changedInside && rect == group.rect && anchor.local.isNear(group.transform)
      && Self.sameDrawing(group.building, group.entries)
    swap(&group.entries, &group.building)
    group.building.removeAll(keepingCapacity: true)
    group.rect = rect
    group.transform = anchor.local
    if !unchanged { group.isStale = true }

    let extent = PixelRect(
      x: rect.x + anchor.x, y: rect.y + anchor.y, width: rect.width, height: rect.height)
    let shadow =
      layer.castsShadow
      ? shadowExtent(of: layer, transform: visit.transform, clip: visit.parentClip) : .zero
    let whole = extent.union(shadow)
    if visit.dirty || visit.changes.contains(.appearance) || !unchanged {
      noteDamage(previousExtent)
      noteDamage(whole)
    }
    layer.lastExtent = groupDepth > 0 ? .zero : whole
    layer.entryIndex = -1
    if !shadow.isEmpty { entries.append(visit.entry(layer, extent: shadow, part: .shadow)) }
    if !extent.isEmpty { entries.append(visit.entry(layer, extent: extent, part: .group)) }
    return true
  }

  /// Whether two draw lists paint the same pixels (given that none of their layers
  /// changed).
  static func sameDrawing(_ a: [DrawEntry], _ b: [DrawEntry]) -> Bool {
    guard a.count == b.count else { return false }
    for i in a.indices {
      let x = a[i]
      let y = b[i]
      guard x.layer === y.layer, x.part == y.part, x.alpha == y.alpha, x.extent == y.extent,
        x.transform.isNear(y.transform)
      else { return false }
    }
    return true
  }

  /// A layer inside groups is leaving: the groups' pixels and lists are stale (the lists
  /// are emptied, as they must not point at a layer that may go away), and where they are
  /// on screen is damaged (the layer's own last place is in its group's pixels, and the
  /// group may be gone by the next walk).
  func invalidateGroups(enclosing layer: Layer) {
    var current = layer.superlayer
    while let ancestor = current {
      if let group = ancestor.styleCache?.group {
        group.isStale = true
        group.entries.removeAll(keepingCapacity: true)
        damage.formUnion(ancestor.lastExtent)
      }
      current = ancestor.superlayer
    }
  }
}
