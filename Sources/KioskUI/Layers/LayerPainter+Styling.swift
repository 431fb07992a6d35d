import KioskGraphics

extension LayerPainter {
  /// Paints a styled layer's part, from pixels rasterised once and kept in the layer's style
  /// cache while its shape, colours and scale stay the same: painting them is a copy.
  func paintStyled(_ entry: DrawEntry) {
    let layer = entry.layer
    switch entry.part {
    case .layer:
      paint(entry)
    case .styled:
      if let color = layer.presented.backgroundColor, color.alpha > 0 {
        paintRoundedBackground(entry, color: color)
      }
      if let contents = layer.contents {
        paintContents(
          contents, of: layer, state: layer.presented, transform: entry.transform,
          alpha: entry.alpha)
      }
    case .shadow, .border:
      paintRaster(entry)
    case .group:
      paintGroup(entry)
    }
  }

  /// Composites `buffer`, whose pixel (0, 0) is anchored pixel `origin` of a layer placed by
  /// `transform` with `bounds`.
  private func composite(
    _ buffer: PixelBuffer, at origin: PixelRect, transform: Transform, bounds: Rect,
    alpha: Double
  ) {
    let anchor = Compositor.anchored(transform, bounds: bounds)
    painter.composite(
      buffer,
      sourceRect: Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height)),
      transform: Transform(
        translationX: Double(origin.x + anchor.x), y: Double(origin.y + anchor.y)),
      alpha: alpha)
  }

  /// A rounded background: a plain fill of its colour inside the corners, and the raster
  /// only around it, where the arcs and the edges' partly covered pixels are. A fill writes
  /// without reading the raster, and a 168×200-pt card at scale 2 is nine-tenths inside its
  /// corners: a steady frame of kiosk-bench's scrolling grid of cards (q) took 7 % less.
  private func paintRoundedBackground(_ entry: DrawEntry, color: Color) {
    // The part that hides what is behind it: set by the compositor only for an opaque,
    // axis-aligned, fully visible layer, inset from its corners and edges.
    let limit = painter.limit
    let inside = entry.opaqueRect.intersection(limit)
    guard color.isOpaque, !inside.isEmpty else { return paintRaster(entry) }
    painter.fill(inside, with: color)
    guard let raster = styleRaster(for: entry) else { return }
    roundedEdgePieces.removeAll(keepingCapacity: true)
    limit.subtracting(inside, into: &roundedEdgePieces)
    for piece in roundedEdgePieces {
      painter.limit = piece
      composite(raster, of: entry)
    }
    painter.limit = limit
  }

  private func paintRaster(_ entry: DrawEntry) {
    guard let raster = styleRaster(for: entry) else { return }
    composite(raster, of: entry)
  }

  private func composite(_ raster: StyleRaster, of entry: DrawEntry) {
    composite(
      raster.buffer, at: raster.origin, transform: entry.transform,
      bounds: entry.layer.presented.bounds, alpha: entry.alpha)
  }

  /// The pixels of `entry`'s styled part, from the layer's style cache, rasterised anew
  /// when what they depend on changed.
  private func styleRaster(for entry: DrawEntry) -> StyleRaster? {
    let layer = entry.layer
    let state = layer.presented
    let cache = layer.makeStyleCache()
    // A shadow cast by the composited content is blurred from the group's pixels: they are
    // brought up to date first (the shadow is painted before the group).
    let content =
      entry.part == .shadow && layer.shadowFollowsContent
      ? Self.renderedGroup(of: layer, cache) : nil
    let key = StyleKey(
      transform: Compositor.anchored(entry.transform, bounds: state.bounds).local,
      bounds: state.bounds, styling: layer.styling, backgroundColor: state.backgroundColor,
      contentVersion: content?.version ?? 0)
    let kept: StyleRaster?
    switch entry.part {
    case .shadow: kept = cache.shadow
    case .border: kept = cache.border
    default: kept = cache.background
    }
    var raster = kept
    if kept?.key != key {
      raster = Self.rasterize(entry.part, of: layer, key: key, content: content)
      switch entry.part {
      case .shadow:
        cache.shadow = raster
        cache.shadowRasterizations += 1
      case .border:
        cache.border = raster
        cache.borderRasterizations += 1
      default:
        cache.background = raster
        cache.backgroundRasterizations += 1
      }
    }
    return raster
  }

  /// Draws a styled part in anchored pixels: the rounded background, the border, or the
  /// blurred shadow. `nil` when it covers no pixel or could not be allocated.
  static func rasterize(
    _ part: DrawPart, of layer: Layer, key: StyleKey, content: GroupRender? = nil
  ) -> StyleRaster? {
    let styling = key.styling
    let bounds = key.bounds
    let area = part == .shadow ? Compositor.shadowArea(of: layer) : bounds
    let origin = PixelRect(covering: area.applying(key.transform))
    guard !origin.isEmpty, origin.width <= 16384, origin.height <= 16384,
      let buffer = try? PixelBuffer(width: origin.width, height: origin.height)
    else { return nil }
    let context = GraphicsContext(buffer: buffer, scale: 1)
    context.translateBy(x: -Double(origin.x), y: -Double(origin.y))
    context.concatenate(key.transform)
    let radius = styling.cornerRadius
    switch part {
    case .shadow:
      context.translateBy(x: styling.shadowOffset.width, y: styling.shadowOffset.height)
      if let content {
        context.flush()
        drawShape(of: content, into: buffer, at: origin, key: key)
      } else if let path = styling.shadowPath {
        context.setFillColor(.white)
        context.addPath(path)
        context.fillPath()
      } else {
        if let color = key.backgroundColor {
          context.setFillColor(Color.white.withAlphaComponent(color.alpha))
          context.addRoundedRect(bounds, cornerRadius: radius)
          context.fillPath()
        }
        addBorder(to: context, bounds: bounds, styling: styling, color: .white)
      }
      context.flush()
      let t = key.transform
      let scale = abs(t.a * t.d - t.b * t.c).squareRoot()
      buffer.makeShadow(
        sigma: styling.shadowRadius * scale,
        color: styling.shadowColor.withAlphaComponent(
          styling.shadowColor.alpha * styling.shadowOpacity))
      return trimmedShadow(buffer, origin: origin, key: key)
    case .border:
      addBorder(to: context, bounds: bounds, styling: styling, color: styling.borderColor)
    default:
      context.setFillColor(key.backgroundColor ?? .clear)
      context.addRoundedRect(bounds, cornerRadius: radius)
      context.fillPath()
    }
    context.flush()
    return StyleRaster(buffer: buffer, origin: origin, key: key)
  }

  /// Copies a group's pixels (in anchored pixels) into a shadow's buffer lying at `origin`,
  /// moved by the shadow's offset: the blur that follows takes their alpha.
  private static func drawShape(
    of content: GroupRender, into buffer: PixelBuffer, at origin: PixelRect, key: StyleKey
  ) {
    guard let pixels = content.buffer else { return }
    let t = key.transform
    let offset = key.styling.shadowOffset
    let dx = t.a * offset.width + t.c * offset.height
    let dy = t.b * offset.width + t.d * offset.height
    let painter = FramePainter(target: buffer)
    painter.limit = buffer.bounds
    painter.composite(
      pixels,
      sourceRect: Rect(x: 0, y: 0, width: Double(pixels.width), height: Double(pixels.height)),
      transform: Transform(
        translationX: Double(content.rect.x - origin.x) + dx,
        y: Double(content.rect.y - origin.y) + dy),
      alpha: 1)
  }

  /// The shadow without its outer rows and columns that came out fully transparent: the
  /// blur's margin is three standard deviations, and a light shadow (a card's, at 18 %)
  /// rounds to nothing a deviation or more before that. Each frame that shows the shadow
  /// reads its pixels, and a grid of cards reads dozens of them.
  private static func trimmedShadow(
    _ buffer: PixelBuffer, origin: PixelRect, key: StyleKey
  ) -> StyleRaster {
    let visible = buffer.nonTransparentBounds()
    // A shadow too faint to show anything is kept as it is: a missing raster would be
    // drawn again every frame.
    guard !visible.isEmpty, visible != buffer.bounds,
      let trimmed = try? buffer.cropped(to: visible)
    else {
      return StyleRaster(buffer: buffer, origin: origin, key: key)
    }
    return StyleRaster(
      buffer: trimmed,
      origin: PixelRect(
        x: origin.x + visible.x, y: origin.y + visible.y, width: visible.width,
        height: visible.height),
      key: key)
  }

  /// Fills the border: the ring between the rounded bounds and the bounds inset by the
  /// border width, whose corners are rounded by what is left of the radius.
  private static func addBorder(
    to context: GraphicsContext, bounds: Rect, styling: LayerStyling, color: Color
  ) {
    let width = styling.borderWidth
    guard width > 0, color.alpha > 0 else { return }
    context.setFillColor(color)
    context.addRoundedRect(bounds, cornerRadius: styling.cornerRadius)
    let inner = bounds.insetBy(dx: width, dy: width)
    if inner.width > 0 && inner.height > 0 {
      context.addRoundedRect(inner, cornerRadius: max(styling.cornerRadius - width, 0))
    }
    context.fillPath(evenOdd: true)
  }

  /// Blends a group's pixels once, drawing them first if anything in the group changed.
  private func paintGroup(_ entry: DrawEntry) {
    let layer = entry.layer
    guard let cache = layer.styleCache, let group = Self.renderedGroup(of: layer, cache) else {
      return
    }
    guard let buffer = group.buffer else { return }
    composite(
      buffer, at: group.rect, transform: entry.transform, bounds: layer.presented.bounds,
      alpha: entry.alpha)
  }

  /// The layer's group with its pixels up to date (rendered if its list changed).
  static func renderedGroup(of layer: Layer, _ cache: LayerStyleCache) -> GroupRender? {
    guard let group = cache.group else { return nil }
    if group.isStale || group.buffer == nil {
      render(group, of: layer)
      cache.groupRenders += 1
    }
    return group
  }

  /// Draws a group's draw list into its buffer (kept when its size stays), and cuts it to
  /// the layer's rounded corners when the layer masks to its bounds.
  static func render(_ group: GroupRender, of layer: Layer) {
    group.isStale = false
    group.version &+= 1
    let rect = group.rect
    guard !rect.isEmpty, rect.width <= 16384, rect.height <= 16384 else {
      group.buffer = nil
      return
    }
    let buffer: PixelBuffer
    if let kept = group.buffer, kept.width == rect.width, kept.height == rect.height {
      kept.fill(.clear)
      buffer = kept
    } else {
      guard let made = try? PixelBuffer(width: rect.width, height: rect.height) else {
        group.buffer = nil
        return
      }
      buffer = made
    }
    group.buffer = buffer
    let target = FramePainter(target: buffer)
    let inside = LayerPainter(painter: target)
    let shift = Transform(translationX: -Double(rect.x), y: -Double(rect.y))
    for var entry in group.entries where entry.alpha >= Compositor.invisibleAlpha {
      entry.transform = entry.transform.concatenating(shift)
      target.limit = buffer.bounds
      inside.paint(entry)
    }
    let radius = layer.styling.cornerRadius
    if layer.masksToBounds && radius > 0 {
      let context = GraphicsContext(buffer: buffer, scale: 1)
      context.concatenate(group.transform.concatenating(shift))
      context.clear(outside: Path(roundedRect: layer.presented.bounds, cornerRadius: radius))
      context.flush()
    }
  }
}
