extension View {
  /// The gesture recognizers attached to this view, in the order they were added (`nil`
  /// when there are none). Setting it replaces them.
  public var gestureRecognizers: [GestureRecognizer]? {
    get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
    set {
      for recognizer in attachedGestureRecognizers { removeGestureRecognizer(recognizer) }
      for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
    }
  }

  /// Attaches `gestureRecognizer`: it receives the touches that begin in this view or its
  /// subviews. A recognizer belongs to one view at a time; adding it here takes it from
  /// the view it was on.
  ///
  /// ```swift
  /// let tap = TapGestureRecognizer { _ in photo.toggleZoom() }
  /// tap.numberOfTapsRequired = 2
  /// photo.addGestureRecognizer(tap)
  /// ```
  public func addGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
    if let owner = gestureRecognizer.view {
      guard owner !== self else { return }
      owner.removeGestureRecognizer(gestureRecognizer)
    }
    gestureRecognizer.view = self
    attachedGestureRecognizers.append(gestureRecognizer)
  }

  /// Detaches `gestureRecognizer`; a gesture it was recognizing stops without more actions.
  public func removeGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
    guard let index = attachedGestureRecognizers.firstIndex(where: { $0 === gestureRecognizer })
    else { return }
    attachedGestureRecognizers.remove(at: index)
    if let arena = gestureRecognizer.arena {
      arena.remove(gestureRecognizer)
    } else {
      gestureRecognizer.clearSequence()
    }
    gestureRecognizer.view = nil
  }
}
