import KioskGraphics

/// One layer to paint this frame, with everything the paint pass needs precomputed.
struct DrawEntry {
  unowned(unsafe) let layer: Layer
  /// Layer coordinates (points) to the screen's logical pixels.
  var transform: Transform
  /// Opacity including all ancestors' (0 for a hidden leaf, which keeps its entry so that
  /// showing it again is an in-place change).
  var alpha: Double
  /// The ancestors' opacity, for recomputing `alpha` when only the layer's own changes.
  var inheritedAlpha: Double
  /// Where the layer's pixels may land (clipped by masking ancestors and the screen).
  var extent: PixelRect
  /// The part the layer paints opaquely, which hides everything behind it.
  var opaqueRect: PixelRect
  /// The superlayer's transform and the clip of the masking ancestors, for moving a leaf in
  /// place.
  var parentTransform: Transform
  var parentClip: PixelRect
  /// Which part of the layer this entry paints (a styled layer has several).
  var part = DrawPart.layer
}

/// Turns a screen's layer trees into frames, repainting only what changed.
///
/// Each commit it walks the layers, compares where each is now with where it was last frame
/// and collects the difference as damage; then, front to back, it takes away from each
/// layer's damaged part whatever opaque layers in front of it cover, and paints what is left,
/// back to front. No damage, no frame.
@MainActor
public final class Compositor {
  /// The compositor's own frame in the screen's logical pixels (unrotated), for outputs that
  /// copy frames into their buffers. With an output that lets the compositor paint into
  /// its buffers (direct rendering), it is never painted and takes no memory (its pages are
  /// never touched).
  public private(set) var frame: PixelBuffer
  /// The buffer the last frame was painted into, whole and up to date, in logical pixels:
  /// `frame`, or the output's buffer with direct rendering (screenshots copy it).
  public private(set) var lastFrameBuffer: PixelBuffer
  /// Whether frames were painted into an output's buffers since `frame` was last painted.
  private var ownFrameIsStale = false
  /// The damage of the last frame produced.
  @exclusivity(unchecked) public private(set) var lastDamage = Region()
  /// How many frames were produced.
  public private(set) var framesComposited = 0
  /// How many frames moved a scroll container's pixels instead of repainting them.
  var scrollMovesPerformed = 0
  /// Pixels painted in the last frame, summed over layers (a measure of overdraw).
  public private(set) var lastPaintedArea = 0
  /// How many times the whole layer tree was walked (tests check that changes made in
  /// place, such as a button's highlight colour, do not walk it).
  private(set) var treeWalks = 0

  weak var screen: Screen?
  let scale: Double
  /// Set when layers moved, appeared or disappeared: the next frame walks the whole tree.
  var needsWalk = true
  // The lists and regions marked `@exclusivity(unchecked)` change many times a frame, and
  // checking each access for exclusivity at run time was about a tenth of a button's
  // highlight frame. Only the compositor's own methods touch them, on the main actor, and
  // no closure given to one of them touches that same property (`forEachRect`'s closures
  // append to another list).

  /// Layers whose colour or drawn pixels changed in place since the last frame; when
  /// nothing moved, only these are looked at (the draw list of the last walk still holds).
  @exclusivity(unchecked) private var changedLayers: [Layer] = []
  @exclusivity(unchecked) var damage = Region()
  /// What changes on screen this frame: the damage, and the pixels a scroll move moves.
  @exclusivity(unchecked) var frameDamage = Region()
  /// This frame's scroll move, if a scroll container's content only moved
  /// (`Compositor+ScrollMove.swift`).
  var scrollMove: ScrollMove?
  /// Rectangles of damage being moved or added by a scroll move (kept for its capacity).
  @exclusivity(unchecked) var movedDamage: [PixelRect] = []
  @exclusivity(unchecked) var entries: [DrawEntry] = []
  /// How many groups (`Layer.formsGroup`) the walk is inside: their layers' changes mark
  /// the group changed (`groupChanged`) instead of damaging the screen.
  var groupDepth = 0
  var groupChanged = false
  /// The culling's lists, kept from frame to frame for their capacity.
  @exclusivity(unchecked) private var culling = CullingLists()
  @exclusivity(unchecked) private var damageRects: [PixelRect] = []
  /// A border's strips while the walk adds them (`addBorderEntries`).
  @exclusivity(unchecked) var borderStrips: [PixelRect] = []
  private var painter: FramePainter
  private var layerPainter: LayerPainter

  /// Why no frame of the screen's size could be made (too large, out of memory); the
  /// compositor then produces no frames. The runtime checks this at start-up.
  public private(set) var frameError: PixelBufferError?

  init(pixelWidth: Int, pixelHeight: Int, scale: Double) {
    let buffer: PixelBuffer
    do {
      buffer = try PixelBuffer(
        width: pixelWidth, height: pixelHeight, format: .argb8888, holdsFrames: true)
      frameError = nil
    } catch {
      frameError =
        error as? PixelBufferError ?? .invalidSize(width: pixelWidth, height: pixelHeight)
      buffer = Self.placeholderFrame()
    }
    frame = buffer
    lastFrameBuffer = buffer
    self.scale = scale
    painter = FramePainter(target: buffer)
    layerPainter = LayerPainter(painter: painter)
    damage.formUnion(buffer.bounds)
  }

  /// A one-pixel frame standing in for one that could not be allocated.
  private static func placeholderFrame() -> PixelBuffer {
    do {
      return try PixelBuffer(width: 1, height: 1)
    } catch {
      // 64 bytes could not be allocated: nothing in this process can go on.
      preconditionFailure("out of memory allocating a 1×1 pixel buffer")
    }
  }

  /// Makes frames of a new size from the next commit on (the screen turned), repainted
  /// whole. Outputs keep their panels; they turn these frames as before.
  func resize(pixelWidth: Int, pixelHeight: Int) {
    if pixelWidth != frame.width || pixelHeight != frame.height {
      do {
        frame = try PixelBuffer(
          width: pixelWidth, height: pixelHeight, format: .argb8888, holdsFrames: true)
        frameError = nil
      } catch {
        frameError =
          error as? PixelBufferError ?? .invalidSize(width: pixelWidth, height: pixelHeight)
        frame = Self.placeholderFrame()
      }
      lastFrameBuffer = frame
      ownFrameIsStale = false
      painter = FramePainter(target: frame)
      layerPainter = LayerPainter(painter: painter)
      // The draw list and the damage were in the old frame's pixels.
      entries.removeAll(keepingCapacity: true)
      changedLayers.removeAll(keepingCapacity: true)
      damage.removeAll()
    }
    setNeedsFullRepaint()
  }

  /// Repaints the whole screen at the next commit (after a mode change or hotplug).
  public func setNeedsFullRepaint() {
    damage.formUnion(frame.bounds)
    needsWalk = true
  }

  /// Whether a commit has compositing to do.
  var hasChanges: Bool { needsWalk || !changedLayers.isEmpty }

  /// Notes a change of `layer` (`first`: its first since the last frame).
  func layerChanged(_ layer: Layer, _ kind: LayerChanges, first: Bool) {
    if kind.contains(.geometry) {
      needsWalk = true
    } else if first && !needsWalk {
      changedLayers.append(layer)
    }
  }

  /// Damages whatever `layer` and its sublayers covered, because they are leaving.
  func retire(_ layer: Layer) {
    invalidateGroups(enclosing: layer)
    retireSubtree(layer)
  }

  private func retireSubtree(_ layer: Layer) {
    if !layer.lastExtent.isEmpty {
      damage.formUnion(layer.lastExtent)
      layer.lastExtent = .zero
    }
    layer.changes.insert(.geometry)
    layer.styleCache = nil
    for sublayer in layer.sublayers { retireSubtree(sublayer) }
    needsWalk = true
  }

  /// Works out what changed since the last frame (`pendingDamage`); returns whether there
  /// is a frame to paint. `paintFrame` paints it.
  func prepareFrame(windows: [Window]) -> Bool {
    guard frameError == nil else { return false }
    scrollMove = nil
    if !needsWalk && !changedLayers.isEmpty { updateChangedLayersInPlace() }
    if needsWalk {
      needsWalk = false
      treeWalks += 1
      changedLayers.removeAll(keepingCapacity: true)
      entries.removeAll(keepingCapacity: true)
      let toPixels = Transform(scaleX: scale, y: scale)
      for window in windows {
        walk(window.layer, parent: toPixels, alpha: 1, clip: frame.bounds, inheritedDirty: false)
      }
    }
    damage.formIntersection(frame.bounds)
    frameDamage.set(damage)
    // A move's rectangle lies inside the frame (it was clipped to it in the walk).
    finishScrollMove()
    return !frameDamage.isEmpty
  }

  /// What changes on screen in the frame `prepareFrame` found, in logical pixels: its
  /// damage, and the pixels a scroll move moves.
  var pendingDamage: Region { frameDamage }

  /// Paints the prepared frame into `target`, an output's buffer of the frame's size (direct
  /// rendering), or into the compositor's own frame (`nil`). `repaint` replaces the damage
  /// as what is painted: a buffer of the output's needs what it missed as well.
  func paintFrame(into target: PixelBuffer? = nil, repainting repaint: Region? = nil) {
    lastDamage.set(frameDamage)
    let buffer = target ?? frame
    if painter.target !== buffer { painter.target = buffer }
    var move = scrollMove
    scrollMove = nil
    if target == nil && ownFrameIsStale {
      // Frames went into the output's buffers meanwhile: this one has missed them all.
      ownFrameIsStale = false
      move = nil
      damage.formUnion(frame.bounds)
      lastDamage.set(damage)
    }
    // The moved pixels come whole from the last frame: of what the buffer missed (a
    // direct frame's repaint), only the rest needs painting.
    let moved = move.map { performScrollMove($0, into: buffer) } ?? .zero
    if let repaint {
      movedDamage.removeAll(keepingCapacity: true)
      damage.forEachRect { movedDamage.append($0) }
      damage.set(repaint)
      damage.subtract(moved)
      for rect in movedDamage { damage.formUnion(rect) }
    }
    if target != nil { ownFrameIsStale = true }
    damage.formIntersection(buffer.bounds)
    cullAndPaint()
    damage.removeAll()
    lastFrameBuffer = buffer
    framesComposited += 1
  }

  // MARK: Walk: where is everything, and what changed

  /// Nothing but leaves moved: damage where the changed layers were and are, and refresh
  /// their entries. A layer without an entry (it had nothing to draw) may now need one:
  /// then the tree is walked.
  private func updateChangedLayersInPlace() {
    for layer in changedLayers {
      let index = layer.entryIndex
      guard index >= 0, index < entries.count, entries[index].layer === layer,
        !layer.changes.contains(.move) || layer.sublayers.isEmpty
      else {
        needsWalk = true
        return
      }
    }
    for layer in changedLayers {
      let changes = layer.changes
      layer.changes = []
      let index = layer.entryIndex
      var entry = entries[index]
      if changes.contains(.move) {
        // Where it was, if it showed; the new place is damaged below.
        if entry.alpha >= Self.invisibleAlpha { damage.formUnion(layer.lastExtent) }
        entry.transform = placement(of: layer.presented, in: entry.parentTransform)
        let clip = ownClip(of: layer, transform: entry.transform, within: entry.parentClip)
        entry.extent = extent(of: layer, transform: entry.transform, clip: clip)
        layer.lastExtent = entry.extent
      }
      if changes.contains(.appearance) || changes.contains(.move) {
        entry.alpha = layer.isHidden ? 0 : entry.inheritedAlpha * layer.presented.opacity
        entry.opaqueRect = opaqueRect(
          of: layer, transform: entry.transform, alpha: entry.alpha, clip: entry.extent)
        if changes.contains(.appearance) || entry.alpha >= Self.invisibleAlpha {
          damage.formUnion(entry.extent)
        }
      } else if changes.contains(.contents) {
        damageContents(of: layer, transform: entry.transform, extent: entry.extent)
      }
      entries[index] = entry
      layer.contentsDamage = nil
    }
    changedLayers.removeAll(keepingCapacity: true)
  }

  /// A layer's transform to screen pixels, given its superlayer's; an axis-aligned layer is
  /// snapped to whole pixels.
  func placement(of state: LayerState, in parent: Transform) -> Transform {
    let transform = Transform(translationX: -state.bounds.midX, y: -state.bounds.midY)
      .concatenating(state.transform)
      .concatenating(Transform(translationX: state.position.x, y: state.position.y))
      .concatenating(parent)
    return transform.isRectilinear ? snapped(transform, origin: state.bounds.origin) : transform
  }

  /// The clip for a layer's own pixels and its sublayers: its superlayer's, and its bounds if
  /// it masks. Exact for axis-aligned layers; a rotated masking layer clips to its bounding
  /// box.
  func ownClip(of layer: Layer, transform: Transform, within clip: PixelRect)
    -> PixelRect
  {
    guard layer.masksToBounds else { return clip }
    return clip.intersection(PixelRect(rounding: layer.presented.bounds.applying(transform)))
  }

  /// Where a layer's own pixels (background and contents) may land, within `clip`.
  func extent(of layer: Layer, transform: Transform, clip: PixelRect) -> PixelRect {
    let state = layer.presented
    guard state.backgroundColor != nil || layer.contents != nil else { return .zero }
    var area = state.bounds
    if let contents = layer.contents {
      area = area.union(contents.placement(in: state.bounds, mode: layer.contentsMode))
    }
    return PixelRect(covering: area.applying(transform)).intersection(clip)
  }

  func damageContents(of layer: Layer, transform: Transform, extent: PixelRect) {
    if let rect = layer.contentsDamage, layer.contentsMatchBounds {
      noteDamage(PixelRect(covering: rect.applying(transform)).intersection(extent))
    } else {
      noteDamage(extent)
    }
  }

  /// The pixels `layer` paints opaquely (hiding what is behind), or empty.
  func opaqueRect(
    of layer: Layer, transform: Transform, alpha: Double, clip: PixelRect
  )
    -> PixelRect
  {
    let state = layer.presented
    guard alpha >= 1, transform.isRectilinear,
      state.backgroundColor?.isOpaque == true || (layer.isOpaque && layer.contents != nil)
    else { return .zero }
    return PixelRect(inside: state.bounds.applying(transform)).intersection(clip)
  }

  func walk(
    _ layer: Layer, parent: Transform, alpha: Double, clip: PixelRect, inheritedDirty: Bool
  ) {
    let state = layer.presented
    let changes = layer.changes
    layer.changes = []
    let dirty = inheritedDirty || !changes.isDisjoint(with: [.geometry, .move])
    var effectiveAlpha = alpha * state.opacity
    if layer.isHidden || effectiveAlpha < Self.invisibleAlpha {
      // A hidden leaf keeps an entry (painting nothing), so that showing it again, or
      // fading it in, is an in-place change rather than another walk.
      guard layer.sublayers.isEmpty else {
        if dirty {
          noteDamage(.zero)
          retireHidden(layer)
        }
        return
      }
      effectiveAlpha = 0
    }
    let transform = placement(of: state, in: parent)
    var visit = LayerVisit(
      transform: transform, alpha: effectiveAlpha, inheritedAlpha: alpha, parent: parent,
      parentClip: clip, changes: changes, dirty: dirty)
    // Read by the next walk's scroll move, after this one's (its sublayers' are compared
    // while this layer is walked).
    defer { if groupDepth == 0 { layer.lastPlacement = transform } }
    if layer.mayFormGroup, walkGroup(layer, visit) { return }
    visit.mayScroll = mayScroll(
      layer, changes: changes, inheritedDirty: inheritedDirty, alpha: effectiveAlpha)
    walkLayer(layer, visit, castsShadow: true)
  }

  /// Adds `layer`'s entries (and its sublayers') to the draw list and damages what changed.
  func walkLayer(_ layer: Layer, _ visit: LayerVisit, castsShadow: Bool) {
    let transform = visit.transform
    let clip = ownClip(of: layer, transform: transform, within: visit.parentClip)
    let extent = extent(of: layer, transform: transform, clip: clip)
    let styled = layer.styling.isActive
    let rounded = styled && layer.styling.cornerRadius > 0
    var opaque =
      extent.isEmpty
      ? .zero : opaqueRect(of: layer, transform: transform, alpha: visit.alpha, clip: clip)
    if rounded && !opaque.isEmpty {
      opaque = Self.insideCorners(opaque, radius: layer.styling.cornerRadius, transform: transform)
    }
    var whole = extent
    var shadow = PixelRect.zero
    var border = PixelRect.zero
    if styled {
      if castsShadow && layer.castsShadow {
        shadow = shadowExtent(of: layer, transform: transform, clip: visit.parentClip)
      }
      if layer.styling.borderWidth > 0 {
        border = PixelRect(covering: layer.presented.bounds.applying(transform))
          .intersection(clip)
      }
      whole = whole.union(shadow).union(border)
    }
    let scrolls = visit.mayScroll && planScrollMove(of: layer, transform: transform, extent: extent)
    if scrolls {
      // Its own pixels, one opaque colour, stay where they were.
    } else if visit.dirty || visit.changes.contains(.appearance) {
      noteDamage(layer.lastExtent)
      noteDamage(whole)
    } else if visit.changes.contains(.contents) {
      damageContents(of: layer, transform: transform, extent: extent)
    }
    layer.contentsDamage = nil
    // Inside a group the layer's pixels are the group's: its place on screen is the group's.
    layer.lastExtent = groupDepth > 0 ? .zero : whole
    // A styled layer has several entries, and a grouped one paints off screen: their
    // changes take a walk rather than an in-place update.
    layer.entryIndex = extent.isEmpty || styled || groupDepth > 0 ? -1 : entries.count
    if !shadow.isEmpty { entries.append(visit.entry(layer, extent: shadow, part: .shadow)) }
    if !extent.isEmpty {
      var entry = visit.entry(layer, extent: extent, part: rounded ? .styled : .layer)
      entry.opaqueRect = opaque
      entries.append(entry)
    }
    for sublayer in layer.sublayers {
      let dirty = scrolls ? !movesAlong(sublayer, in: transform) : visit.dirty
      walk(sublayer, parent: transform, alpha: visit.alpha, clip: clip, inheritedDirty: dirty)
    }
    if scrolls { scrollMove?.entriesInFront = entries.count }
    if !border.isEmpty { addBorderEntries(of: layer, visit, extent: border) }
  }

  /// Damages `rect` of the screen, or, inside a group, marks the group changed.
  func noteDamage(_ rect: PixelRect) {
    if groupDepth > 0 {
      groupChanged = true
    } else {
      damage.formUnion(rect)
      // During a scroll move the last frame's pixels there may have been moved as well.
      if let scrollMove { damage.formUnion(scrollMove.moved(rect)) }
    }
  }

  /// Below this opacity a layer would change no pixel (half a step of 255), so it is not
  /// painted.
  static let invisibleAlpha = 0.5 / 255

  /// A hidden layer's subtree leaves the screen: damage where it was.
  func retireHidden(_ layer: Layer) {
    if !layer.lastExtent.isEmpty {
      noteDamage(layer.lastExtent)
      layer.lastExtent = .zero
    }
    layer.styleCache?.group = nil
    layer.changes = []
    for sublayer in layer.sublayers { retireHidden(sublayer) }
  }

  /// Moves an axis-aligned layer by less than a pixel so its top-left corner lands on a
  /// whole pixel: crisp edges and exact copies instead of resampling. Halves round up, on
  /// either side of zero, so that layers moved together by whole pixels, as a scroll moves
  /// its content, stay the same distance apart (rounding away from zero would round a layer
  /// above the screen's edge the other way).
  private func snapped(_ t: Transform, origin: Point) -> Transform {
    let p = origin.applying(t)
    var result = t
    result.tx += (p.x + 0.5).rounded(.down) - p.x
    result.ty += (p.y + 0.5).rounded(.down) - p.y
    return result
  }

  // MARK: Cull and paint

  /// Paints the damage, one rectangle of it at a time: each is culled and painted on its
  /// own, so every paint covers exactly damaged pixels and needs no clip region (pixman
  /// allocates when it intersects a clip of several rectangles with each paint).
  private func cullAndPaint() {
    damageRects.removeAll(keepingCapacity: true)
    if damage.rectCount <= Self.mostDamageRects {
      damage.forEachRect { damageRects.append($0) }
    } else {
      // Many small rectangles: one box around them all costs less than culling each. What
      // is repainted outside the damage comes out as it was.
      damageRects.append(damage.extents)
    }
    var painted = 0
    var lists = CullingLists()
    swap(&lists, &culling)
    for rect in damageRects { painted += cullAndPaint(rect, &lists) }
    swap(&lists, &culling)
    lastPaintedArea = painted
  }

  /// Beyond this many rectangles of damage, their bounding box is painted instead.
  static let mostDamageRects = 16

  /// Paints `rect` of the frame anew: returns how many pixels were painted, summed over
  /// layers (overdraw counts). `lists` are the compositor's, moved out of it for the frame:
  /// a class's arrays are checked for exclusive access at every use, locals are not, and
  /// this loop runs over every layer for every rectangle of damage.
  private func cullAndPaint(_ rect: PixelRect, _ lists: inout CullingLists) -> Int {
    // Front to back: each layer keeps the pieces of its damaged part that no opaque layer in
    // front of it covers. Rectangle lists with kept capacity instead of pixman regions:
    // region operations allocate, and this runs every frame.
    lists.opaqueRects.removeAll(keepingCapacity: true)
    lists.paintList.removeAll(keepingCapacity: true)
    let entries = self.entries
    var index = entries.count - 1
    while index >= 0 {
      let entry = entries[index]
      index -= 1
      // Most layers lie wholly beside a small damage: passed over before any list's work.
      guard entry.alpha >= Self.invisibleAlpha, entry.extent.intersects(rect) else { continue }
      lists.uncoveredPieces(of: rect.intersection(entry.extent))
      for piece in lists.pieces {
        lists.paintList.append(PaintPiece(entry: index + 1, rect: piece))
      }
      if !lists.pieces.isEmpty && Self.isWorthCulling(entry.opaqueRect) {
        lists.opaqueRects.append(entry.opaqueRect)
      }
    }
    var painted = 0
    // Behind everything: black where no opaque layer covers the damage.
    lists.uncoveredPieces(of: rect)
    for piece in lists.pieces {
      painter.limit = piece
      painter.fillBlack(piece)
      painted += piece.area
    }
    for piece in lists.paintList.reversed() {
      painter.limit = piece.rect
      layerPainter.paint(entries[piece.entry])
      painted += piece.rect.area
    }
    painter.limit = painter.target.bounds
    return painted
  }

  /// Whether the layers behind `opaque` leave out the pixels it covers. A thin one (a
  /// separator, a focus ring's edge) would cut each of them into as many as four pieces,
  /// each a painting call of its own, to save a few pixels: they are painted under it
  /// instead, and it paints over them (the frame's pixels are the same either way).
  static func isWorthCulling(_ opaque: PixelRect) -> Bool {
    opaque.width >= leastCullingSide && opaque.height >= leastCullingSide
  }

  /// The narrowest opaque rectangle (pixels) that the layers behind it are cut around.
  static let leastCullingSide = 16
}

extension Layer {
  /// Whether the backing store maps onto the bounds one to one (so a redrawn part of it
  /// damages just that part of the screen).
  var contentsMatchBounds: Bool {
    guard let contents, contents.frame == nil else { return false }
    let size = contents.size
    let bounds = presented.bounds
    return abs(size.width - bounds.width) < 1 / contents.scale
      && abs(size.height - bounds.height) < 1 / contents.scale && presented.contentsStretch.isUnit
  }
}

extension Rect {
  var isUnit: Bool { self == Rect(x: 0, y: 0, width: 1, height: 1) }
}
