import KioskGraphics

/// Every layer that holds a backing store it drew, held weakly, so that a memory warning
/// can find the ones that are not on screen and release their pixels.
///
/// Layers keep their backing stores wherever their views are: a view that left its window
/// but is kept (a container's navigation or tab bar while the container's view is
/// unloaded, table cells waiting for reuse, a controller's subviews kept in properties, any
/// view an app holds on to) and a view hidden in a visible window (`isHidden` on it or an
/// ancestor) keep theirs until they are drawn again or released here.
@MainActor
enum BackingStoreRegistry {
  private static var entries: [WeakLayer] = []
  private static var countAfterPruning = 0

  static func register(_ layer: Layer) {
    guard !layer.isInBackingStoreRegistry else { return }
    layer.isInBackingStoreRegistry = true
    entries.append(WeakLayer(layer: layer))
    if entries.count > 2 * countAfterPruning + 64 { prune() }
  }

  /// Drops the entries of layers that are gone or hold no backing store any more.
  private static func prune() {
    entries.removeAll { entry in
      guard let layer = entry.layer else { return true }
      guard layer.holdsDrawnContents else {
        layer.isInBackingStoreRegistry = false
        return true
      }
      return false
    }
    countAfterPruning = entries.count
  }

  /// Releases the backing store of every layer that is not on screen: not in a visible
  /// window, or hidden (itself or an ancestor). Each is drawn again when it is next shown.
  /// Returns the bytes released.
  @discardableResult
  static func releaseOffscreen() -> Int {
    prune()
    var released = 0
    for entry in entries {
      guard let layer = entry.layer, layer.isOffScreen else { continue }
      released += layer.releaseBackingStore()
    }
    prune()
    return released
  }

  /// The bytes of every backing store that layers hold now, on screen or not.
  static var totalByteCount: Int {
    entries.reduce(0) { total, entry in total + (entry.layer?.drawnByteCount ?? 0) }
  }
}

@MainActor
private struct WeakLayer {
  weak var layer: Layer?
}

extension Layer {
  /// Whether nothing of this layer can be seen: it is not in a visible window, or it or an
  /// ancestor is hidden.
  var isOffScreen: Bool {
    var layer = self
    while true {
      if layer.isHidden { return true }
      guard let parent = layer.superlayer else { return layer.hostedBy == nil }
      layer = parent
    }
  }

  /// The bytes of the backing store this layer drew, or 0.
  var drawnByteCount: Int {
    holdsDrawnContents ? contents?.buffer.byteCount ?? 0 : 0
  }

  /// Releases the backing store this layer drew (contents set from outside, an image's,
  /// stay). The layer draws again before it is next shown. Returns the bytes released.
  @discardableResult
  func releaseBackingStore() -> Int {
    guard holdsDrawnContents else { return 0 }
    let bytes = drawnByteCount
    holdsDrawnContents = false
    contents = nil
    displayDirtyRect = nil
    needsDisplay = true
    // On a screen (hidden there), the redraw waits until the layer is shown again; off a
    // screen, adoptScreen(_:) queues it when the layer gets to one.
    (delegate as? View)?.backingStoreWasReleased()
    return bytes
  }

  /// Releases the backing stores of this layer and all its sublayers. Returns the bytes.
  @discardableResult
  func releaseBackingStoresInTree() -> Int {
    var bytes = releaseBackingStore()
    for sublayer in sublayers { bytes += sublayer.releaseBackingStoresInTree() }
    return bytes
  }

  /// Queues the layers of this subtree whose backing stores were released, now that it
  /// shows again (one that is still hidden further down waits).
  func queueReleasedDisplays() {
    guard !isHidden || drawsAheadWhileHidden else { return }
    if needsDisplay && !isDisplayQueued { Transaction.enqueueDisplay(self) }
    for sublayer in sublayers { sublayer.queueReleasedDisplays() }
  }

  /// The bytes of pixel memory held by the contents of this layer and its sublayers:
  /// backing stores they drew and, with `includingImages`, images set as contents
  /// (an image shown twice counts once).
  package func contentsByteCount(includingImages: Bool = false) -> Int {
    var seen = Set<ObjectIdentifier>()
    return contentsByteCount(includingImages: includingImages, seen: &seen)
  }

  private func contentsByteCount(includingImages: Bool, seen: inout Set<ObjectIdentifier>) -> Int {
    var bytes = 0
    if let buffer = contents?.buffer, holdsDrawnContents || includingImages,
      seen.insert(ObjectIdentifier(buffer)).inserted
    {
      bytes += buffer.byteCount
    }
    for sublayer in sublayers {
      bytes += sublayer.contentsByteCount(includingImages: includingImages, seen: &seen)
    }
    return bytes
  }
}

extension View {
  /// The bytes of pixel memory in the backing stores of this view and its subviews: what a
  /// memory warning releases when it unloads a controller's view. With `includingImages`,
  /// the pixels of images shown by image views are counted too (once each), although they
  /// are freed only when nothing else holds the image. Benchmarks use it to relate a drop
  /// in resident memory to the backing stores of the views that were unloaded.
  ///
  /// ```swift
  /// let offscreen = stack.dropLast().reduce(0) { $0 + ($1.viewIfLoaded?.backingStoreByteCount() ?? 0) }
  /// ```
  package func backingStoreByteCount(includingImages: Bool = false) -> Int {
    layer.contentsByteCount(includingImages: includingImages)
  }

  /// The bytes of every backing store layers hold now, in this process, on screen or not.
  package static var totalBackingStoreByteCount: Int { BackingStoreRegistry.totalByteCount }
}
