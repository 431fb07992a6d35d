import KioskGraphics

/// What a view keeps for layout: its content priorities, its layout margins and safe area
/// (as of the last layout pass), whether a stack view arranges it, and its Auto Layout
/// state. Inline in every view: no allocation until a layout guide is asked for.
struct ViewLayoutAttributes {
  static let defaultMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

  var horizontalHugging = LayoutPriority.defaultLow
  var verticalHugging = LayoutPriority.defaultLow
  var horizontalCompressionResistance = LayoutPriority.defaultHigh
  var verticalCompressionResistance = LayoutPriority.defaultHigh
  /// The margins the app set (or the default).
  var layoutMargins = defaultMargins
  /// Whether the app set `layoutMargins`: a controller's root view otherwise takes the
  /// system minimum margins instead of the default.
  var marginsWereSet = false
  var preservesSuperviewLayoutMargins = false
  var insetsLayoutMarginsFromSafeArea = true
  /// The safe area and the margins in effect, as of the last layout pass.
  var safeAreaInsets = EdgeInsets.zero
  var effectiveMargins = defaultMargins
  /// Whether the view is one of a stack view's arranged subviews.
  var isArranged = false
  /// How its stack view breaks ties between equal priorities (`IntrinsicTieBreak`).
  var stackTieBreak: IntrinsicTieBreak?
  var safeAreaGuide: LayoutGuide?
  var marginsGuide: LayoutGuide?
  var keyboardGuide: LayoutGuide?
  /// Auto Layout's state: the constraints the view holds, its engine when it is the root of
  /// a tree that has some, and whether its frame is its constraints' (AutoLayout/).
  var autoLayout = ViewAutoLayout()
  /// The app's own layout guides (`addLayoutGuide(_:)`).
  var customGuides: [LayoutGuide] = []
}

extension View {
  // MARK: Layout margins

  /// The space the view asks for around its content, by absolute edges: 8 points each
  /// side unless set, as in UIKit (a view controller's root view starts with its
  /// controller's `systemMinimumLayoutMargins` instead). This is the value set; the margins
  /// in effect, after the safe area and a preserved superview's margins, are
  /// `layoutMarginsGuide.layoutFrame`'s distances from the bounds. `StackView` arranges its
  /// views inside them when `isLayoutMarginsRelativeArrangement` is on; a custom view reads
  /// `layoutMarginsGuide.layoutFrame` in `layoutSubviews()`.
  ///
  /// Negative edges count as zero; non-finite values are refused (the old margins stay), as
  /// other geometry is.
  public var layoutMargins: EdgeInsets {
    get {
      if !layoutAttributes.marginsWereSet, let controller = owningViewController {
        return controller.systemMinimumLayoutMargins.edgeInsets
      }
      return layoutAttributes.layoutMargins
    }
    set {
      guard GeometryGuard.accepts(newValue.isFinite, "layoutMargins", "\(newValue)") else {
        return
      }
      let margins = newValue.union(.zero)
      layoutAttributes.marginsWereSet = true
      guard margins != layoutAttributes.layoutMargins else { return }
      layoutAttributes.layoutMargins = margins
      setNeedsLayout()
    }
  }

  /// The layout margins by reading direction (leading is left: KioskKit lays out left to
  /// right).
  public var directionalLayoutMargins: DirectionalEdgeInsets {
    get { layoutMargins.directional }
    set { layoutMargins = newValue.edgeInsets }
  }

  /// Whether the view's margins take in its superview's where those reach into the view
  /// (each edge the larger of the two). The default is `false`.
  public var preservesSuperviewLayoutMargins: Bool {
    get { layoutAttributes.preservesSuperviewLayoutMargins }
    set {
      guard newValue != layoutAttributes.preservesSuperviewLayoutMargins else { return }
      layoutAttributes.preservesSuperviewLayoutMargins = newValue
      setNeedsLayout()
    }
  }

  /// Whether the margins are measured from the safe area rather than from the bounds (the
  /// default, `true`, as in UIKit): content in the margins stays clear of bars and insets.
  public var insetsLayoutMarginsFromSafeArea: Bool {
    get { layoutAttributes.insetsLayoutMarginsFromSafeArea }
    set {
      guard newValue != layoutAttributes.insetsLayoutMarginsFromSafeArea else { return }
      layoutAttributes.insetsLayoutMarginsFromSafeArea = newValue
      setNeedsLayout()
    }
  }

  // MARK: The safe area

  /// How far in from each edge the view is covered by bars or other content the app should
  /// keep clear of, computed as UIKit does: the part of the superview's safe-area insets
  /// that overlaps this view's frame, plus for a controller's view the bars of its container
  /// that overlap it and the controller's `additionalSafeAreaInsets`.
  ///
  /// A kiosk panel has no notch, rounded corners or status bar, so a window's safe area is
  /// empty (insets of zero); it comes only from `additionalSafeAreaInsets` and container
  /// bars. KioskKit's navigation and tab bars are opaque and their containers lay the child
  /// out beside them (UIKit's layout for opaque bars), so they add to a child's safe area
  /// only where they overlap its view.
  ///
  /// Like UIKit's, it is brought up to date in the layout pass (changes travel down the tree
  /// once per pass, only where they change something); call `layoutIfNeeded()` to read it at
  /// once after a change.
  public var safeAreaInsets: EdgeInsets { layoutAttributes.safeAreaInsets }

  /// The view's bounds less its safe-area insets, as a layout guide.
  public var safeAreaLayoutGuide: LayoutGuide {
    if let guide = layoutAttributes.safeAreaGuide { return guide }
    let guide = LayoutGuide(owningView: self, kind: .safeArea)
    layoutAttributes.safeAreaGuide = guide
    return guide
  }

  /// The view's bounds less its layout margins in effect, as a layout guide.
  public var layoutMarginsGuide: LayoutGuide {
    if let guide = layoutAttributes.marginsGuide { return guide }
    let guide = LayoutGuide(owningView: self, kind: .layoutMargins)
    layoutAttributes.marginsGuide = guide
    return guide
  }

  // MARK: The layout pass

  /// The safe-area insets from the superview's (as of its last pass) and this view's frame.
  private func computedSafeAreaInsets() -> EdgeInsets {
    var insets = EdgeInsets.zero
    if let parent = superview {
      let inherited = parent.layoutAttributes.safeAreaInsets
      if inherited != .zero {
        let safe = parent.bounds.inset(by: inherited)
        let f = frame
        func clamp(_ value: Double, _ length: Double) -> Double { min(max(value, 0), length) }
        insets = EdgeInsets(
          top: clamp(safe.minY - f.minY, f.height), left: clamp(safe.minX - f.minX, f.width),
          bottom: clamp(f.maxY - safe.maxY, f.height), right: clamp(f.maxX - safe.maxX, f.width))
      }
    }
    if let controller = owningViewController {
      insets = controller.safeAreaInsets(adjusting: insets)
    }
    return insets
  }

  /// The margins in effect for `safeArea`.
  private func computedMargins(safeArea: EdgeInsets) -> EdgeInsets {
    var margins = layoutMargins
    if layoutAttributes.marginsWereSet, let controller = owningViewController,
      controller.viewRespectsSystemMinimumLayoutMargins
    {
      margins = margins.union(controller.systemMinimumLayoutMargins.edgeInsets)
    }
    if layoutAttributes.insetsLayoutMarginsFromSafeArea { margins = margins.adding(safeArea) }
    if layoutAttributes.preservesSuperviewLayoutMargins, let parent = superview {
      let theirs = parent.bounds.inset(by: parent.layoutAttributes.effectiveMargins)
      let f = frame
      let reach = EdgeInsets(
        top: theirs.minY - f.minY, left: theirs.minX - f.minX, bottom: f.maxY - theirs.maxY,
        right: f.maxX - theirs.maxX)
      margins = margins.union(reach)
    }
    return margins
  }

  /// Brings the safe area and margins up to date at the start of this view's layout, and
  /// tells the view (and its controller) of changes.
  func applyPendingSafeAreaAndMargins() {
    let safeArea = computedSafeAreaInsets()
    let margins = computedMargins(safeArea: safeArea)
    let safeAreaChanged = safeArea != layoutAttributes.safeAreaInsets
    let marginsChanged = margins != layoutAttributes.effectiveMargins
    guard safeAreaChanged || marginsChanged else { return }
    layoutAttributes.safeAreaInsets = safeArea
    layoutAttributes.effectiveMargins = margins
    // The subviews' own values follow from these: checkSubviewsSafeAreaAndMargins() runs
    // after layoutSubviews() and visits them.
    if safeAreaChanged {
      safeAreaInsetsDidChange()
      owningViewController?.viewSafeAreaInsetsDidChange()
    }
    if marginsChanged {
      layoutMarginsDidChange()
      owningViewController?.viewLayoutMarginsDidChange()
    }
  }

  /// After layout (the subviews' frames are final): marks for layout each subview whose
  /// safe area or margins would change, so the change reaches it in this same pass.
  func checkSubviewsSafeAreaAndMargins() {
    for subview in subviews where !subview.needsLayout {
      let safeArea = subview.computedSafeAreaInsets()
      if safeArea != subview.layoutAttributes.safeAreaInsets
        || subview.computedMargins(safeArea: safeArea) != subview.layoutAttributes.effectiveMargins
      {
        subview.setNeedsLayout()
      }
    }
  }
}
