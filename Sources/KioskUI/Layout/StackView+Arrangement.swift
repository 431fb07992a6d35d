import KioskGraphics

/// The constraints a stack view arranges its views with, as UIKit's stack view makes its
/// `UISV-…` constraints: the views in a chain from the container's start to its end with
/// the spacing between them, the distribution's sizes and guides, and the alignment across.
/// The container is the stack, or its layout-margins guide when the arrangement is
/// margins-relative.
extension StackView {
  /// The attributes along the axis and across it.
  private struct Axes {
    let start: LayoutAttribute
    let end: LayoutAttribute
    let length: LayoutAttribute
    let center: LayoutAttribute
    let crossStart: LayoutAttribute
    let crossEnd: LayoutAttribute
    let crossLength: LayoutAttribute
    let crossCenter: LayoutAttribute

    init(_ axis: LayoutAxis) {
      let horizontal = axis == .horizontal
      start = horizontal ? .leading : .top
      end = horizontal ? .trailing : .bottom
      length = horizontal ? .width : .height
      center = horizontal ? .centerX : .centerY
      crossStart = horizontal ? .top : .leading
      crossEnd = horizontal ? .bottom : .trailing
      crossLength = horizontal ? .height : .width
      crossCenter = horizontal ? .centerY : .centerX
    }
  }

  /// Collects constraints as they are made, each named as UIKit names its stack's.
  @MainActor private struct Maker {
    var made: [LayoutConstraint] = []

    /// `first.firstAttribute relation multiplier × second.secondAttribute + constant`.
    mutating func relate(
      _ first: AnyObject, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation,
      _ second: AnyObject, _ secondAttribute: LayoutAttribute, multiplier: Double = 1,
      constant: Double = 0, priority: LayoutPriority = .required, _ name: String
    ) {
      append(
        LayoutConstraint(
          item: first, attribute: firstAttribute, relatedBy: relation, toItem: second,
          attribute: secondAttribute, multiplier: multiplier, constant: constant),
        priority, name)
    }

    /// `first.firstAttribute == multiplier × second.secondAttribute + constant`.
    mutating func equal(
      _ first: AnyObject, _ firstAttribute: LayoutAttribute, _ second: AnyObject,
      _ secondAttribute: LayoutAttribute, multiplier: Double = 1, constant: Double = 0,
      priority: LayoutPriority = .required, _ name: String
    ) {
      relate(
        first, firstAttribute, .equal, second, secondAttribute, multiplier: multiplier,
        constant: constant, priority: priority, name)
    }

    /// `first.firstAttribute relation value`.
    mutating func fixed(
      _ first: AnyObject, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation,
      _ value: Double, priority: LayoutPriority = .required, _ name: String
    ) {
      append(
        LayoutConstraint(
          item: first, attribute: firstAttribute, relatedBy: relation, toItem: nil,
          attribute: .notAnAttribute, constant: value),
        priority, name)
    }

    private mutating func append(
      _ constraint: LayoutConstraint, _ priority: LayoutPriority, _ name: String
    ) {
      constraint.priority = priority
      constraint.identifier = name
      made.append(constraint)
    }
  }

  /// `value` with `spacingUseSystem` resolved.
  private func resolved(_ value: Double) -> Double {
    value == Self.spacingUseSystem ? Self.systemSpacing : value
  }

  /// Makes the arrangement's constraints anew (after something that decides it changed).
  func rebuildArrangement() {
    needsArrangement = false
    LayoutConstraint.deactivate(arrangement)
    for guide in spacerGuides { removeLayoutGuide(guide) }
    spacerGuides = []
    let container: AnyObject = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
    let axes = Axes(axis)
    let visible = arrangedSubviews.filter { !$0.isHidden }
    var maker = Maker()
    arrangeAlongTheAxis(visible, in: container, axes, &maker)
    for view in visible { align(view, first: visible[0], in: container, axes, &maker) }
    collapseHiddenViews(in: container, axes, &maker)
    setTieBreaks(visible)
    // With nothing else deciding it (a stack placed by constraints that give it no size),
    // the stack is as thick as its thickest view, as UIKit's stack hugs its content.
    maker.fixed(
      container, axes.crossLength, .equal, 0, priority: LayoutPriority(1), "UISV-canvas-fit")
    arrangement = maker.made
    LayoutConstraint.activate(arrangement)
  }

  /// The chain from the container's start to its end, the gaps, and the distribution.
  private func arrangeAlongTheAxis(
    _ views: [View], in container: AnyObject, _ axes: Axes, _ maker: inout Maker
  ) {
    guard let first = views.first, let last = views.last else { return }
    maker.equal(first, axes.start, container, axes.start, "UISV-canvas-connection")
    // A single view of an equal-spacing stack keeps its size at the start.
    let lone =
      views.count == 1 && (distribution == .equalSpacing || distribution == .equalCentering)
    maker.relate(
      last, axes.end, lone ? .lessThanOrEqual : .equal, container, axes.end,
      "UISV-canvas-connection")
    for view in views {
      maker.fixed(view, axes.length, .greaterThanOrEqual, 0, "UISV-not-negative")
    }
    var spacers: [LayoutGuide] = []
    for index in views.indices.dropLast() {
      let (previous, next) = (views[index], views[index + 1])
      let gap = resolved(customSpacings[ObjectIdentifier(previous)] ?? spacing)
      let (end, start) = gapEdges(previous, next, axes)
      let spaced = distribution == .equalSpacing || distribution == .equalCentering
      maker.relate(
        next, start, spaced ? .greaterThanOrEqual : .equal, previous, end, constant: gap,
        "UISV-spacing")
      guard spaced else { continue }
      // Equal gaps between edges (or, for equal centring, between centres) by guides.
      let guide = LayoutGuide()
      guide.identifier = "UISV-distributing"
      addLayoutGuide(guide)
      spacers.append(guide)
      let centring = distribution == .equalCentering
      maker.equal(
        guide, axes.start, previous, centring ? axes.center : axes.end, "UISV-distributing")
      maker.equal(guide, axes.end, next, centring ? axes.center : axes.start, "UISV-distributing")
    }
    spacerGuides = spacers
    for guide in spacers.dropFirst() {
      // Centring gives way to the spacing, and to the views' compression resistance, where
      // they cannot all hold: the gaps shrink to the spacing before any view is squeezed.
      maker.equal(
        guide, axes.length, spacers[0], axes.length,
        priority: distribution == .equalCentering ? LayoutPriority(150) : .required,
        "UISV-distributing-equal")
    }
    switch distribution {
    case .fillEqually:
      for view in views.dropFirst() {
        maker.equal(view, axes.length, first, axes.length, "UISV-fill-equally")
      }
    case .fillProportionally:
      let lengths = views.map { max(along($0.intrinsicContentSize), 0) }
      let total = lengths.reduce(0, +)
      let gaps = views.indices.dropLast().map {
        resolved(customSpacings[ObjectIdentifier(views[$0])] ?? spacing)
      }.reduce(0, +)
      for (view, length) in zip(views, lengths) {
        let share = total > 0 ? length / total : 1 / Double(views.count)
        maker.equal(
          view, axes.length, container, axes.length, multiplier: share,
          constant: -gaps * share, "UISV-fill-proportionally")
      }
    case .fill, .equalSpacing, .equalCentering:
      break
    }
  }

  /// The edges a gap lies between: frames, or in a vertical stack with
  /// `isBaselineRelativeArrangement` the last baseline above and the first below (for
  /// views with text).
  private func gapEdges(_ previous: View, _ next: View, _ axes: Axes)
    -> (LayoutAttribute, LayoutAttribute)
  {
    guard isBaselineRelativeArrangement, axis == .vertical else { return (axes.end, axes.start) }
    func hasText(_ view: View) -> Bool { view is Label || view is Button }
    return (
      hasText(previous) ? .lastBaseline : axes.end, hasText(next) ? .firstBaseline : axes.start
    )
  }

  /// Places `view` across the axis by the alignment (in a vertical stack, the baseline
  /// alignments are `.leading`).
  private func align(
    _ view: View, first: View, in container: AnyObject, _ axes: Axes, _ maker: inout Maker
  ) {
    var alignment = self.alignment
    if axis == .vertical, alignment == .firstBaseline || alignment == .lastBaseline {
      alignment = .leading
    }
    let (start, end) = (axes.crossStart, axes.crossEnd)
    if alignment != .fill {
      // Never beyond the stack; a view without a size of its own across fills it.
      maker.relate(view, start, .greaterThanOrEqual, container, start, "UISV-spanning-boundary")
      maker.relate(view, end, .lessThanOrEqual, container, end, "UISV-spanning-boundary")
      maker.equal(
        view, axes.crossLength, container, axes.crossLength, priority: LayoutPriority(2),
        "UISV-spanning-fit")
    }
    switch alignment {
    case .fill:
      maker.equal(view, start, container, start, "UISV-alignment")
      maker.equal(view, end, container, end, "UISV-alignment")
    case .leading:
      maker.equal(view, start, container, start, "UISV-alignment")
    case .trailing:
      maker.equal(view, end, container, end, "UISV-alignment")
    case .center:
      maker.equal(view, axes.crossCenter, container, axes.crossCenter, "UISV-alignment")
    case .firstBaseline, .lastBaseline:
      let baseline: LayoutAttribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
      if view !== first { maker.equal(view, baseline, first, baseline, "UISV-alignment") }
      // The view whose baseline lies lowest in it touches the top.
      maker.equal(
        view, start, container, start, priority: LayoutPriority(3), "UISV-ambiguity-suppression")
    }
  }

  /// A hidden view takes no room: no length, after the visible view before it (so that,
  /// shown again, it grows from there), aligned as the others.
  private func collapseHiddenViews(in container: AnyObject, _ axes: Axes, _ maker: inout Maker) {
    var previous: View?
    for view in arrangedSubviews {
      guard view.isHidden else {
        previous = view
        continue
      }
      maker.fixed(view, axes.length, .equal, 0, "UISV-hiding")
      if let previous {
        maker.equal(view, axes.start, previous, axes.end, "UISV-hiding")
      } else {
        maker.equal(view, axes.start, container, axes.start, "UISV-hiding")
      }
      maker.equal(view, axes.crossStart, container, axes.crossStart, "UISV-hiding")
      maker.equal(view, axes.crossEnd, container, axes.crossEnd, "UISV-hiding")
    }
  }

  /// Of views whose content hugging (or compression resistance) along the axis is equal,
  /// the first stretches and the last shrinks first, as KioskKit's stack documents: each
  /// view's priorities are made a hair stronger or weaker by its place.
  private func setTieBreaks(_ views: [View]) {
    let fills =
      distribution == .fill || distribution == .equalSpacing
      || distribution == .equalCentering
    for (index, view) in views.enumerated() {
      let tieBreak =
        fills
        ? IntrinsicTieBreak(axis: axis, hugging: index, compression: views.count - 1 - index)
        : nil
      if view.layoutAttributes.stackTieBreak != tieBreak {
        view.layoutAttributes.stackTieBreak = tieBreak
        LayoutEngine.intrinsicContentSizeDidChange(view)
      }
    }
  }

  private func along(_ size: Size) -> Double { axis == .horizontal ? size.width : size.height }

  /// The distance from the top of `view`, `height` tall, to its first (or last) baseline,
  /// or `nil` for a view without text.
  static func baseline(of view: View, height: Double, last: Bool) -> Double? {
    if let label = view as? Label { return label.baselineOffset(forHeight: height, last: last) }
    if let button = view as? Button { return button.baselineOffset(forHeight: height, last: last) }
    return nil
  }
}

/// How much a stack view strengthens an arranged view's intrinsic-size priorities along its
/// axis to break ties by place: a millionth of a priority step per place, far below a real
/// difference of one.
struct IntrinsicTieBreak: Equatable {
  var axis: LayoutAxis
  var hugging: Int
  var compression: Int

  /// The factor for a strength of `kind` along `axis`.
  func factor(hugging isHugging: Bool, along axis: LayoutAxis) -> Double {
    guard axis == self.axis else { return 1 }
    return 1 + 1e-6 * Double(isHugging ? hugging : compression)
  }
}
