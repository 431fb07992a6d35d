import KioskGraphics

extension Screen {
  /// How long an animated turn of the screen takes (seconds).
  static let rotationDuration = 0.3

  /// The traits of the whole screen: its size in points by the kiosk rule (see
  /// `TraitCollection`) and its scale, with the traits of the accessibility settings (text
  /// size, contrast, weight).
  public var traitCollection: TraitCollection {
    TraitCollection(size: bounds.size, displayScale: scale)
      .applying(Application.shared.accessibilitySettings.traits)
  }

  /// Turns the screen on its panel, as setting `rotation` does; `animated` moves the views
  /// to their new places over a short animation instead of at once (the panel shows the
  /// turned screen at once either way). `kioskctl rotate` and a reload of
  /// `output.rotation` turn the main screen this way, animated. Turns in quick succession
  /// are fine: the last one holds. Touch follows from the next event.
  ///
  /// UIKit's app asks for an orientation (`UIWindowScene.requestGeometryUpdate(_:)` within
  /// its `supportedInterfaceOrientations`) and the system turns the screen when the
  /// device's sensor agrees. A kiosk panel is mounted and has no sensor, so a KioskKit app
  /// names the rotation on the panel itself (clockwise, as `output.rotation` does) and the
  /// screen turns at once; there is no mask of supported orientations to check against.
  ///
  /// ```swift
  /// screen.setRotation(.degrees90, animated: true)
  /// ```
  public func setRotation(_ newRotation: Rotation, animated: Bool) {
    guard newRotation != currentRotation else { return }
    // The panel keeps its pixels: the screen's pixel size is the panel's turned back.
    let panel = nativeBounds
    let (width, height) = newRotation.panelSize(
      forLogical: Int(panel.width), Int(panel.height))
    changeGeometry(
      pixelWidth: width, pixelHeight: height, rotation: newRotation, animated: animated)
  }

  /// The panel showing this screen is now `width`×`height` pixels as mounted (a display of
  /// another size was connected): the screen keeps its scale and rotation and takes the
  /// size that fills the panel, with the same callbacks as a turn — controllers of the
  /// windows that fill the screen get `viewWillTransition(to:with:)` and their trait changes,
  /// and the whole screen is repainted.
  func panelDidResize(width: Int, height: Int) {
    guard width > 0, height > 0 else { return }
    let (logicalWidth, logicalHeight) = currentRotation.panelSize(forLogical: width, height)
    guard logicalWidth != pixelWidth || logicalHeight != pixelHeight else { return }
    changeGeometry(
      pixelWidth: logicalWidth, pixelHeight: logicalHeight, rotation: currentRotation,
      animated: false)
  }

  /// The screens the app knows of: those with an output or a window shown, and the main one.
  static var all: [Screen] {
    var screens = Transaction.screens
    if !screens.contains(where: { $0 === main }) { screens.append(main) }
    return screens
  }

  /// Gives the screen a new logical size and rotation. Controllers of the windows that fill
  /// the screen hear of it first (`viewWillTransition(to:with:)`), then the screen changes
  /// and the windows take its new bounds; then traits are passed down
  /// (`traitCollectionDidChange`) and the windows are laid out, inside an animation when
  /// `animated`.
  private func changeGeometry(
    pixelWidth newWidth: Int, pixelHeight newHeight: Int, rotation newRotation: Rotation,
    animated: Bool
  ) {
    let oldBounds = bounds
    let newBounds = Rect(
      x: 0, y: 0, width: Double(newWidth) / scale, height: Double(newHeight) / scale)
    let followers = trackedWindows.filter { $0.frame == oldBounds }
    let roots = followers.compactMap(\.rootViewController)
    let coordinator = ViewControllerTransitionCoordinator(
      transitionDuration: animated ? Self.rotationDuration : 0)
    for root in roots { root.noteTraitCollections() }
    let viewTraits = TraitSnapshot(windows: followers)
    for root in roots { root.viewWillTransition(to: newBounds.size, with: coordinator) }

    currentRotation = newRotation
    bounds = newBounds
    pixelWidth = newWidth
    pixelHeight = newHeight
    compositor.resize(pixelWidth: newWidth, pixelHeight: newHeight)
    Transaction.setNeedsCommit()

    // The windows take the new size at once (an animated window would leave parts of the
    // turned frame uncovered); what layout moves inside them animates.
    for window in followers { window.followScreenBounds() }
    let change = {
      for root in roots { root.updateTraitCollections() }
      viewTraits.deliverChanges()
      for window in followers { window.layoutIfNeeded() }
      coordinator.runAnimations()
    }
    guard animated else {
      change()
      coordinator.finish()
      return
    }
    View.animate(
      withDuration: Self.rotationDuration, animations: change,
      completion: { _ in coordinator.finish() })
  }
}

extension Window {
  /// Takes the screen's bounds, with the views that a full-screen presentation took out of
  /// the window (they come back at the new size).
  fileprivate func followScreenBounds() {
    frame = screen.bounds
    guard let root = rootController else { return }
    if let rootView = root.viewIfLoaded, rootView.superview == nil { rootView.frame = bounds }
    var next = root.presentedStorage
    while let presented = next, let presentation = presented.presentationStorage {
      for record in presentation.covered where record.superview === self {
        record.view?.frame = bounds
      }
      next = presented.presentedStorage
    }
  }
}
