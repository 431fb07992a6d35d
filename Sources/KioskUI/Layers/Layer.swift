import KioskGraphics

/// Pixels a layer shows: a backing store it drew, or an image's pixels.
public struct LayerContents {
  /// The pixels, premultiplied ARGB.
  public var buffer: PixelBuffer
  /// Pixels per point of the content.
  public var scale: Double
  /// The part of `buffer` that is not fully transparent; only this part is composited.
  public var visiblePixels: PixelRect
  /// Where the contents sit in the layer's bounds when they cover only part of them: a
  /// backing store kept to the part its drawing can reach (`LayerDelegate.drawingArea(of:)`,
  /// a label's text), the rest transparent without taking memory. `nil`: the content mode
  /// places them.
  public var frame: Rect?

  /// Creates contents from a pixel buffer at a scale; `visiblePixels` defaults to a scan of
  /// the buffer for pixels that are not fully transparent.
  public init(
    buffer: PixelBuffer, scale: Double, visiblePixels: PixelRect? = nil, frame: Rect? = nil
  ) {
    self.buffer = buffer
    self.scale = scale
    self.visiblePixels = visiblePixels ?? Self.scanVisiblePixels(buffer)
    self.frame = frame
  }

  /// Where the contents land in `bounds` with `mode`: their frame, or the content mode's
  /// placement.
  func placement(in bounds: Rect, mode: ContentMode) -> Rect {
    guard let frame else { return mode.placement(of: size, in: bounds) }
    return frame.offsetBy(dx: bounds.minX, dy: bounds.minY)
  }

  /// The non-transparent part of a drawn buffer. Small buffers are not scanned: the scan
  /// would cost more than compositing their transparent margins saves.
  static func scanVisiblePixels(_ buffer: PixelBuffer) -> PixelRect {
    buffer.width * buffer.height <= 16_384 ? buffer.bounds : buffer.nonTransparentBounds()
  }

  /// The content's size in points.
  public var size: Size {
    Size(width: Double(buffer.width) / scale, height: Double(buffer.height) / scale)
  }
}

/// The object a layer asks for its content: in KioskKit, its view.
@MainActor
public protocol LayerDelegate: AnyObject {
  /// Whether the layer has content to draw at all (a plain view has none: it is a flat colour).
  func layerDrawsContent(_ layer: Layer) -> Bool
  /// Draws the layer's content; `rect` is the part to redraw, in the layer's bounds
  /// coordinates. Returns `false` if it turned out there is nothing to draw at all.
  func draw(_ layer: Layer, in rect: Rect, context: GraphicsContext) -> Bool
  /// The layer's bounds changed size.
  func layerBoundsSizeDidChange(_ layer: Layer)
  /// The part of the layer's bounds (bounds coordinates) that drawing can reach, or `nil`
  /// for all of it. The backing store then covers only that part: a label 880 points wide
  /// showing "Recipe 1" keeps the pixels of its text, not of its whole width.
  func drawingArea(of layer: Layer) -> Rect?
}

extension LayerDelegate {
  /// Drawing may reach all of the bounds.
  public func drawingArea(of layer: Layer) -> Rect? { nil }
}

/// The object that puts a view on screen: geometry, opacity, colour and cached pixels, in a
/// tree that the compositor walks. Every view has one; apps mostly use the view's properties.
///
/// Setting an animatable property inside `View.animate(...)` animates it from what is on
/// screen now; outside, the change shows at the next commit.
@MainActor
open class Layer {
  /// The layer's view.
  public weak var delegate: LayerDelegate?
  /// The parent layer.
  public private(set) weak var superlayer: Layer?
  /// The children, back to front.
  public private(set) var sublayers: [Layer] = []

  var model = LayerState()
  /// What is on screen now: the model, or an animation's current value.
  var presented = LayerState()
  var animations: [any LayerAnimation] = []

  /// Whether a running animation keeps touches from the layer's view (one made without
  /// `.allowUserInteraction`).
  final var hasAnimationBlockingTouches: Bool {
    animations.contains { $0.blocksTouches }
  }

  var changes: LayerChanges = [.geometry]
  /// Part of the contents that was redrawn, in bounds coordinates (nil: all of it).
  var contentsDamage: Rect?
  /// Where the compositor last put this layer, in screen pixels (to damage it when it moves).
  var lastExtent = PixelRect.zero
  /// This layer's place in the compositor's draw list of the last walk (-1: none).
  var entryIndex = -1
  /// The compositor's transform for this layer in the last walk (screen pixels; outside
  /// groups), to tell a scrolled layer's whole-pixel move from a change.
  var lastPlacement = Transform.identity
  /// Set on a window's layer while the window is visible on a screen.
  weak var hostedBy: Screen?

  /// Corners, border, shadow and group opacity (`Layer+Styling.swift`), all off by default.
  final var styling = LayerStyling()
  /// What the compositor rasterised for the styling (shadow, corners, border, a group's
  /// pixels); `nil` for a layer without styling.
  final var styleCache: LayerStyleCache?

  var needsDisplay = false
  /// Whether `contents` is a backing store this layer drew (rather than an image set on it).
  var holdsDrawnContents = false
  /// Whether the layer has an entry in `BackingStoreRegistry`.
  var isInBackingStoreRegistry = false
  var isDisplayQueued = false
  var displayDirtyRect: Rect?

  /// Creates a layer.
  public init() {}

  // MARK: Animatable geometry and appearance
  //
  // Each setter is written out rather than shared through a key path: applying a key path
  // to an optional colour allocates, and these run for every changed layer of every frame.
  // Inside `View.animate` the change becomes an animation from what is on screen now.

  /// The layer's own coordinate space: its size, and (origin) the point shown at its top-left.
  public var bounds: Rect {
    get { model.bounds }
    set {
      let old = model.bounds
      guard old != newValue,
        GeometryGuard.accepts(newValue.isFinite, "layer bounds", "\(newValue)")
      else { return }
      model.bounds = newValue
      if !AnimationEngine.animate(self, \.bounds, from: presented.bounds, to: newValue) {
        presented.bounds = newValue
      }
      markChanged(ownGeometryChangeKind)
      if old.size != newValue.size { delegate?.layerBoundsSizeDidChange(self) }
    }
  }

  /// Where the layer's centre is, in its superlayer's coordinates.
  public var position: Point {
    get { model.position }
    set {
      let value = newValue
      guard model.position != value,
        GeometryGuard.accepts(value.isFinite, "layer position", "\(value)")
      else { return }
      model.position = value
      if !AnimationEngine.animate(self, \.position, from: presented.position, to: value) {
        presented.position = value
      }
      markChanged(ownGeometryChangeKind)
    }
  }

  /// A transform applied about the layer's centre.
  public var transform: Transform {
    get { model.transform }
    set {
      let value = newValue
      guard model.transform != value,
        GeometryGuard.accepts(value.isFinite, "layer transform", "\(value)")
      else { return }
      model.transform = value
      if !AnimationEngine.animate(self, \.transform, from: presented.transform, to: value) {
        presented.transform = value
      }
      markChanged(ownGeometryChangeKind)
    }
  }

  /// Opacity from 0 to 1, applied to the layer and everything in it.
  public var opacity: Double {
    get { model.opacity }
    set {
      guard GeometryGuard.accepts(!newValue.isNaN, "opacity", "\(newValue)") else { return }
      let value = newValue.clamped(0, 1)
      guard model.opacity != value else { return }
      model.opacity = value
      if !AnimationEngine.animate(self, \.opacity, from: presented.opacity, to: value) {
        presented.opacity = value
      }
      markChanged(visibilityChangeKind)
    }
  }

  /// The colour filling the bounds behind the contents and sublayers.
  public var backgroundColor: Color? {
    get { model.backgroundColor }
    set {
      let value = newValue
      guard model.backgroundColor != value else { return }
      model.backgroundColor = value
      if !AnimationEngine.animate(
        self, \.backgroundColor, from: presented.backgroundColor, to: value)
      {
        presented.backgroundColor = value
      }
      markChanged(.appearance)
    }
  }

  /// The stretchable part of the contents in unit coordinates (see `View.contentStretch`).
  public var contentsStretch: Rect {
    get { model.contentsStretch }
    set {
      let value = newValue
      guard model.contentsStretch != value else { return }
      model.contentsStretch = value
      if !AnimationEngine.animate(
        self, \.contentsStretch, from: presented.contentsStretch, to: value)
      {
        presented.contentsStretch = value
      }
      markChanged(ownGeometryChangeKind)
    }
  }

  // MARK: Other properties

  /// Whether the layer and its sublayers are not drawn.
  public var isHidden = false {
    didSet {
      guard oldValue != isHidden else { return }
      markChanged(visibilityChangeKind)
      // Backing stores released while hidden are drawn again before they show.
      if !isHidden, hostScreen != nil { queueReleasedDisplays() }
    }
  }

  /// Whether sublayers are clipped to the bounds.
  public var masksToBounds = false {
    didSet { if oldValue != masksToBounds { markChanged(.geometry) } }
  }

  /// A promise that the layer fills its bounds with opaque pixels, so that what lies behind
  /// need not be drawn.
  public var isOpaque = false {
    didSet { if oldValue != isOpaque { markChanged(.appearance) } }
  }

  /// How the contents follow bounds changes.
  public var contentsMode: ContentMode = .scaleToFill {
    didSet { if oldValue != contentsMode { markChanged(ownGeometryChangeKind) } }
  }

  /// Pixels per point of the backing store this layer draws; set from its screen.
  public var contentsScale: Double = 1 {
    didSet { if oldValue != contentsScale { setNeedsDisplay() } }
  }

  /// The pixels shown inside the bounds; drawn by the delegate or set directly (images).
  public var contents: LayerContents? {
    get { storedContents }
    set {
      storedContents = newValue
      contentsDamage = nil
      markChanged(ownGeometryChangeKind)
    }
  }

  /// `rect` (in the bounds' coordinates) grown to whole pixels of the backing store. A redraw
  /// clipped to a fraction of a pixel would blend what it draws with what was there, and
  /// leave a seam that a full redraw does not have.
  private func wholePixels(_ rect: Rect) -> Rect {
    let scale = contentsScale
    let origin = model.bounds.origin
    let minX = ((rect.minX - origin.x) * scale + 1e-6).rounded(.down) / scale + origin.x
    let minY = ((rect.minY - origin.y) * scale + 1e-6).rounded(.down) / scale + origin.y
    let maxX = ((rect.maxX - origin.x) * scale - 1e-6).rounded(.up) / scale + origin.x
    let maxY = ((rect.maxY - origin.y) * scale - 1e-6).rounded(.up) / scale + origin.y
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The contents without change tracking, for redraws that report their own damage.
  private var storedContents: LayerContents? {
    didSet {
      // A kept context holds its buffer: it must not outlive the backing store it drew.
      if let old = oldValue?.buffer, storedContents?.buffer !== old {
        Layer.reusableContexts.removeAll { $0.buffer === old }
      }
    }
  }
  /// The contexts the latest `display()`s drew with, kept to draw into the same backing
  /// stores again: a text field's canvas and a key redraw on every tap, and a new context is
  /// an object and a cairo state. A few for all layers, not one each: a context kept with
  /// every layer cost about 28 MB in kiosk-bench's memory scene.
  static var reusableContexts: [GraphicsContext] = []
  /// How many contexts `reusableContexts` keeps.
  static let reusableContextLimit = 4

  /// A context drawing into `buffer`: a kept one, or a new one that is kept.
  private func drawingContext(for buffer: PixelBuffer) -> GraphicsContext {
    let scale = contentsScale
    if let i = Layer.reusableContexts.firstIndex(where: { $0.buffer === buffer }) {
      let kept = Layer.reusableContexts[i]
      if kept.scale == scale {
        kept.reset()
        return kept
      }
      Layer.reusableContexts.remove(at: i)
    }
    let context = GraphicsContext(buffer: buffer, scale: scale)
    if Layer.reusableContexts.count >= Layer.reusableContextLimit {
      Layer.reusableContexts.removeFirst()
    }
    Layer.reusableContexts.append(context)
    return context
  }

  // MARK: Hierarchy

  /// Adds a sublayer on top of the others.
  public func addSublayer(_ layer: Layer) {
    insertSublayer(layer, at: sublayers.count)
  }

  /// Inserts a sublayer at an index in the back-to-front order.
  public func insertSublayer(_ layer: Layer, at index: Int) {
    guard layer !== self else { return }
    var target = min(max(index, 0), sublayers.count)
    if layer.superlayer === self, let current = sublayers.firstIndex(where: { $0 === layer }) {
      sublayers.remove(at: current)
      if current < target { target -= 1 }
    } else {
      layer.removeFromSuperlayer()
    }
    sublayers.insert(layer, at: min(target, sublayers.count))
    layer.superlayer = self
    layer.adoptScreen(hostScreen)
    layer.markChanged(.geometry)
  }

  /// Removes the layer from its superlayer; what it covered on screen is repainted.
  public func removeFromSuperlayer() {
    guard let parent = superlayer else { return }
    hostScreen?.compositor.retire(self)
    parent.sublayers.removeAll { $0 === self }
    superlayer = nil
    adoptScreen(nil)
  }

  /// The screen this layer is on, if its root layer is a visible window's.
  public var hostScreen: Screen? {
    var layer = self
    while let parent = layer.superlayer { layer = parent }
    return layer.hostedBy
  }

  /// Draws while hidden itself (not while under a hidden superlayer), unlike UIKit's
  /// layers: for KioskKit's own parts that are shown and hidden on a touch and must not
  /// draw then (a button's highlight shade).
  var drawsAheadWhileHidden = false

  /// Whether the display pass draws the layer now: it is not hidden (or draws ahead while
  /// hidden) and no superlayer is hidden.
  final var isShownOrDrawnAhead: Bool {
    if isHidden && !drawsAheadWhileHidden { return false }
    var layer = superlayer
    while let current = layer {
      if current.isHidden { return false }
      layer = current.superlayer
    }
    return true
  }

  /// Takes on a screen's scale when the layer tree is placed on it.
  func adoptScreen(_ screen: Screen?) {
    guard let screen else { return }
    if contentsScale != screen.scale { contentsScale = screen.scale }
    if needsDisplay { Transaction.enqueueDisplay(self) }
    for sublayer in sublayers { sublayer.adoptScreen(screen) }
  }

  // MARK: Display

  /// Marks all of the contents for redrawing at the next commit.
  public func setNeedsDisplay() {
    displayDirtyRect = nil
    needsDisplay = true
    Transaction.enqueueDisplay(self)
  }

  /// Marks part of the contents (in bounds coordinates) for redrawing at the next commit.
  public func setNeedsDisplay(_ rect: Rect) {
    if needsDisplay {
      if let dirty = displayDirtyRect { displayDirtyRect = dirty.union(rect) }
    } else {
      displayDirtyRect = rect
    }
    needsDisplay = true
    Transaction.enqueueDisplay(self)
  }

  /// Draws now if the contents were invalidated.
  public func displayIfNeeded() {
    guard needsDisplay else { return }
    needsDisplay = false
    display()
  }

  /// Asks the delegate to draw into the backing store (made or resized as needed).
  open func display() {
    guard let delegate, delegate.layerDrawsContent(self) else {
      // Contents set from outside (an image) stay; only a backing store we drew goes.
      dropDrawnContents()
      return
    }
    let size = model.bounds.size
    let fullWidth = Int((size.width * contentsScale - 1e-6).rounded(.up))
    let fullHeight = Int((size.height * contentsScale - 1e-6).rounded(.up))
    guard fullWidth > 0, fullHeight > 0 else {
      contents = nil
      return
    }
    let area = drawnPixels(of: delegate, width: fullWidth, height: fullHeight)
    let width = area.width
    let height = area.height
    // The contents' place in the bounds, when they cover only part of them.
    let frame: Rect? =
      width == fullWidth && height == fullHeight
      ? nil
      : Rect(
        x: Double(area.x) / contentsScale, y: Double(area.y) / contentsScale,
        width: Double(width) / contentsScale, height: Double(height) / contentsScale)
    // A backing store covering part of the bounds is redrawn whole.
    var dirty =
      frame == nil ? displayDirtyRect.map { wholePixels($0).intersection(model.bounds) } : nil
    guard let store = backingStore(width: width, height: height, frame: frame) else {
      // Too large to back: show no content rather than stop the app.
      contents = nil
      return
    }
    let (buffer, isNewBuffer) = (store.buffer, store.isNew)
    if isNewBuffer { dirty = nil }
    let context = drawingContext(for: buffer)
    context.translateBy(
      x: -model.bounds.minX - (frame?.minX ?? 0), y: -model.bounds.minY - (frame?.minY ?? 0))
    let rect = dirty ?? model.bounds
    // A new buffer is already transparent. Clearing it anyway would touch every page of
    // it, and a label's backing store is mostly transparent pixels that then need no
    // memory at all: the pages the drawing does not reach are never made resident.
    if !isNewBuffer { context.clear(rect) }
    context.clip(to: rect)
    let drew = GraphicsContext.withCurrent(context) {
      delegate.draw(self, in: rect, context: context)
    }
    context.flush()
    // A kept context must not keep what it drew with (an image's surface, a clip's mask).
    context.reset()
    guard drew else {
      // Nothing to draw after all (a plain view's first display): drop only what we drew,
      // never contents set from outside such as an image.
      dropDrawnContents()
      return
    }
    keepDrawing(in: buffer, frame: frame, dirty: dirty)
  }

  /// Forgets the contents if this layer drew them; contents set from outside stay.
  private func dropDrawnContents() {
    if holdsDrawnContents {
      holdsDrawnContents = false
      contents = nil
    }
  }

  /// The backing store to draw a `width`×`height` drawing placed at `frame` into: the one
  /// this layer drew last if it fits, else a new (transparent) one; nil when it is too large
  /// to make.
  private func backingStore(
    width: Int, height: Int, frame: Rect?
  ) -> (buffer: PixelBuffer, isNew: Bool)? {
    // Reuse only a backing store this layer drew: contents set from outside (an image)
    // belong to someone else and must never be drawn over.
    if holdsDrawnContents, let existing = contents?.buffer, existing.width == width,
      existing.height == height, contents?.scale == contentsScale, contents?.frame == frame
    {
      return (existing, false)
    }
    guard let buffer = try? PixelBuffer(width: width, height: height) else { return nil }
    return (buffer, true)
  }

  /// Makes what was just drawn into `buffer` the contents: a new backing store becomes
  /// them, a reused one reports the redrawn `dirty` rectangle as damage.
  private func keepDrawing(in buffer: PixelBuffer, frame: Rect?, dirty: Rect?) {
    if contents?.buffer !== buffer {
      contents = LayerContents(
        buffer: buffer, scale: contentsScale, visiblePixels: isOpaque ? buffer.bounds : nil,
        frame: frame)
      holdsDrawnContents = true
      BackingStoreRegistry.register(self)
    } else {
      let visible = visiblePixels(of: buffer, afterRedrawing: dirty)
      // Read, change and write back: an in-place change of a property with a `didSet` that
      // reads `oldValue` allocates a coroutine frame.
      if var updated = storedContents {
        updated.visiblePixels = visible
        storedContents = updated
      }
      contentsDamage = dirty.map { contentsDamage?.union($0) ?? $0 }
      markChanged(.contents)
    }
  }

  /// The pixels of a `width`×`height` backing store that the delegate's drawing can reach
  /// (all of them unless it names an area), in whole pixels from the bounds' origin.
  private func drawnPixels(of delegate: LayerDelegate, width: Int, height: Int) -> PixelRect {
    let whole = PixelRect(x: 0, y: 0, width: width, height: height)
    guard let area = delegate.drawingArea(of: self),
      area.minX.isFinite, area.minY.isFinite, area.maxX.isFinite, area.maxY.isFinite
    else { return whole }
    // Out to whole pixels (bounds coordinates), then as pixels from the bounds' origin.
    let snapped = wholePixels(area).offsetBy(dx: -model.bounds.minX, dy: -model.bounds.minY)
    let drawn = PixelRect(
      rounding: snapped.applying(Transform(scaleX: contentsScale, y: contentsScale))
    ).intersection(whole)
    // Nothing to draw in the bounds: keep the usual store, which the drawing leaves empty.
    return drawn.isEmpty ? whole : drawn
  }

  /// The visible part of the backing store after a redraw of `dirty` (bounds coordinates;
  /// nil: all of it). Scanning a large buffer for every typed letter would cost more than
  /// the letter: a partial redraw widens the last scan by the redrawn pixels instead (a
  /// bound, not exact, which only means compositing a few transparent pixels).
  private func visiblePixels(of buffer: PixelBuffer, afterRedrawing dirty: Rect?) -> PixelRect {
    if isOpaque { return buffer.bounds }
    guard let dirty, let previous = storedContents?.visiblePixels else {
      return LayerContents.scanVisiblePixels(buffer)
    }
    let redrawn = PixelRect(
      covering: dirty.offsetBy(dx: -model.bounds.minX, dy: -model.bounds.minY)
        .applying(Transform(scaleX: contentsScale, y: contentsScale))
    ).intersection(buffer.bounds)
    return previous.union(redrawn)
  }

  // MARK: Change tracking

  /// How a change of opacity or visibility reaches the compositor: a leaf's only changes
  /// its own pixels, which the compositor updates in place (a button's highlight shade, a
  /// fading image); a layer with sublayers changes what all of them show.
  var visibilityChangeKind: LayerChanges {
    sublayers.isEmpty ? .appearance : .geometry
  }

  /// How a change of the layer's own place or size reaches the compositor: a leaf is moved
  /// in place; a layer with sublayers moves all of them, which takes a walk of the tree.
  var ownGeometryChangeKind: LayerChanges {
    sublayers.isEmpty ? .move : .geometry
  }

  func markChanged(_ kind: LayerChanges) {
    let first = changes.isEmpty
    changes.insert(kind)
    if let screen = hostScreen {
      screen.compositor.layerChanged(self, kind, first: first)
      Transaction.setNeedsCommit()
    }
  }
}

extension Double {
  func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}

extension Layer {
  /// The contents stretch on screen now (for tests of animation).
  package var presentationStretchForTesting: Rect { presented.contentsStretch }
}
