import KioskGraphics

extension StackView {
  /// Lengths along the axis and across it.
  private func along(_ size: Size) -> Double { axis == .horizontal ? size.width : size.height }
  private func across(_ size: Size) -> Double { axis == .horizontal ? size.height : size.width }

  /// `value` with `spacingUseSystem` resolved.
  private func resolved(_ value: Double) -> Double {
    value == Self.spacingUseSystem ? Self.systemSpacing : value
  }

  /// The views that take room: the arranged views that are not hidden.
  private var visibleArrangedSubviews: [View] { arrangedSubviews.filter { !$0.isHidden } }

  /// `view`'s intrinsic size; in a vertical stack with a known `width`, a multi-line label
  /// (without `preferredMaxLayoutWidth`) wraps at it and a vertical stack is measured at it.
  private func measuredSize(of view: View, width: Double?) -> Size {
    if let width, width > 0 {
      if let label = view as? Label, label.numberOfLines != 1, label.preferredMaxLayoutWidth <= 0 {
        let size = label.sizeThatFits(Size(width: width, height: 0))
        return Size(width: min(size.width, width), height: size.height)
      }
      if let stack = view as? StackView, stack.axis == .vertical {
        return stack.sizeThatFits(Size(width: width, height: 0))
      }
    }
    return view.sizeHeldByConstraints(view.intrinsicContentSize)
  }

  /// The height a view has across a horizontal stack when given `width` along it: a
  /// multi-line label wraps at that width, and so do those in a vertical stack.
  private func height(of view: View, intrinsic: Double, width: Double) -> Double {
    guard width > 0 else { return intrinsic }
    if let label = view as? Label, label.numberOfLines != 1, label.preferredMaxLayoutWidth <= 0 {
      return label.sizeThatFits(Size(width: width, height: 0)).height
    }
    if let stack = view as? StackView, stack.axis == .vertical {
      return stack.sizeThatFits(Size(width: width, height: 0)).height
    }
    return intrinsic
  }

  /// The spaces between neighbouring visible views (one fewer than the views): each view's
  /// custom spacing or `spacing`, measured between baselines when
  /// `isBaselineRelativeArrangement` is on in a vertical stack.
  private func gaps(between views: [View], lengths: [Double]) -> [Double] {
    guard views.count > 1 else { return [] }
    var gaps: [Double] = []
    gaps.reserveCapacity(views.count - 1)
    for index in 0..<(views.count - 1) {
      let custom = customSpacings[ObjectIdentifier(views[index])]
      var gap = resolved(custom ?? spacing)
      if isBaselineRelativeArrangement, axis == .vertical {
        if let last = Self.baseline(of: views[index], height: lengths[index], last: true) {
          gap -= lengths[index] - last
        }
        if let first = Self.baseline(of: views[index + 1], height: lengths[index + 1], last: false)
        {
          gap -= first
        }
      }
      gaps.append(gap)
    }
    return gaps
  }

  /// The stack's insets: its margins in effect when the arrangement is margins-relative.
  private var arrangementInsets: EdgeInsets {
    isLayoutMarginsRelativeArrangement ? layoutAttributes.effectiveMargins : .zero
  }

  /// The size the visible views need at their intrinsic sizes, with the spacing and the
  /// insets; `acrossLimit` is the width a vertical stack's multi-line labels wrap at.
  func fittingSize(acrossLimit: Double?) -> Size {
    let insets = arrangementInsets
    let views = visibleArrangedSubviews
    let width = acrossLimit.map { $0 - insets.left - insets.right }
    let sizes = views.map { measuredSize(of: $0, width: axis == .vertical ? width : nil) }
    let lengths = sizes.map { max(along($0), 0) }
    let gapTotal = gaps(between: views, lengths: lengths).reduce(0, +)
    let length =
      distribution == .fillEqually
      ? (lengths.max() ?? 0) * Double(lengths.count) + gapTotal
      : lengths.reduce(0, +) + gapTotal
    let thickness = sizes.map { max(across($0), 0) }.max() ?? 0
    let content =
      axis == .horizontal
      ? Size(width: length, height: thickness) : Size(width: thickness, height: length)
    return Size(
      width: max(content.width + insets.left + insets.right, 0),
      height: max(content.height + insets.top + insets.bottom, 0))
  }

  // MARK: Arranging

  /// Sets the frames of the arranged views.
  func arrangeSubviews() {
    let container = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide.layoutFrame : bounds
    let horizontal = axis == .horizontal
    let length = horizontal ? container.width : container.height
    let thickness = horizontal ? container.height : container.width
    let views = visibleArrangedSubviews
    let sizes = views.map { measuredSize(of: $0, width: horizontal ? nil : thickness) }
    var lengths = sizes.map { max(along($0), 0) }
    var gaps = gaps(between: views, lengths: lengths)
    let offsets = distribute(views, lengths: &lengths, gaps: &gaps, in: length)

    // Across the axis.
    var crossLengths: [Double] = []
    crossLengths.reserveCapacity(views.count)
    for (index, view) in views.enumerated() {
      var intrinsic = across(sizes[index])
      if horizontal { intrinsic = height(of: view, intrinsic: intrinsic, width: lengths[index]) }
      crossLengths.append(
        alignment == .fill || intrinsic < 0 ? thickness : min(intrinsic, thickness))
    }
    let crossOffsets = crossPositions(of: views, lengths: crossLengths, in: thickness)

    var frames: [Rect] = []
    frames.reserveCapacity(views.count)
    for index in views.indices {
      frames.append(
        rect(
          along: offsets[index], length: lengths[index], across: crossOffsets[index],
          thickness: crossLengths[index], in: container))
    }
    // Hidden arranged views collapse where they would be: after the visible view before
    // them (so that one being shown grows from there).
    var visibleIndex = 0
    var end = horizontal ? container.minX : container.minY
    for view in arrangedSubviews {
      if visibleIndex < views.count, view === views[visibleIndex] {
        let frame = snapped(frames[visibleIndex])
        view.frame = frame
        end = horizontal ? frame.maxX : frame.maxY
        visibleIndex += 1
      } else {
        let current = view.frame
        view.frame = snapped(
          horizontal
            ? Rect(x: end, y: current.minY, width: 0, height: current.height)
            : Rect(x: current.minX, y: end, width: current.width, height: 0))
      }
    }
  }

  /// Shares `length` among the views by the distribution: adjusts `lengths` and `gaps` and
  /// returns where each view starts (from the start of the container).
  private func distribute(
    _ views: [View], lengths: inout [Double], gaps: inout [Double], in length: Double
  ) -> [Double] {
    let count = views.count
    guard count > 0 else { return [] }
    let gapTotal = gaps.reduce(0, +)
    switch distribution {
    case .fill:
      fill(views, lengths: &lengths, room: length - gapTotal)
    case .fillEqually:
      let each = max((length - gapTotal) / Double(count), 0)
      for index in lengths.indices { lengths[index] = each }
    case .fillProportionally:
      let room = max(length - gapTotal, 0)
      let total = lengths.reduce(0, +)
      for index in lengths.indices {
        lengths[index] = total > 0 ? room * lengths[index] / total : room / Double(count)
      }
    case .equalSpacing:
      equalSpacing(views, lengths: &lengths, gaps: &gaps, in: length)
    case .equalCentering:
      if !equalCentering(lengths: lengths, gaps: &gaps, in: length) {
        equalSpacing(views, lengths: &lengths, gaps: &gaps, in: length)
      }
    }
    var offsets: [Double] = []
    offsets.reserveCapacity(count)
    var position = 0.0
    for index in 0..<count {
      offsets.append(position)
      position += lengths[index] + (index < gaps.count ? gaps[index] : 0)
    }
    return offsets
  }

  /// `.fill`: the least hugging view takes the room to spare (the first of equals); when
  /// there is too little, the least compression-resistant views shrink (the last of equals
  /// first), each down to nothing before the next.
  private func fill(_ views: [View], lengths: inout [Double], room: Double) {
    let extra = room - lengths.reduce(0, +)
    if extra > 0 {
      guard
        let index = views.indices.min(by: {
          views[$0].contentHuggingPriority(for: axis) < views[$1].contentHuggingPriority(for: axis)
        })
      else { return }
      lengths[index] += extra
    } else if extra < 0 {
      shrink(views, lengths: &lengths, by: -extra)
    }
  }

  private func shrink(_ views: [View], lengths: inout [Double], by amount: Double) {
    let order = views.indices.sorted { a, b in
      let pa = views[a].contentCompressionResistancePriority(for: axis)
      let pb = views[b].contentCompressionResistancePriority(for: axis)
      return pa != pb ? pa < pb : a > b
    }
    var remaining = amount
    for index in order where remaining > 0 {
      let cut = min(lengths[index], remaining)
      lengths[index] -= cut
      remaining -= cut
    }
  }

  /// `.equalSpacing`: equal gaps of at least every spacing; views shrink when even the
  /// least gaps leave too little room.
  private func equalSpacing(
    _ views: [View], lengths: inout [Double], gaps: inout [Double], in length: Double
  ) {
    guard gaps.count > 0 else {
      fill(views, lengths: &lengths, room: min(length, lengths.reduce(0, +)))
      return
    }
    let free = length - lengths.reduce(0, +)
    let gap = max(free / Double(gaps.count), gaps.max() ?? 0)
    for index in gaps.indices { gaps[index] = gap }
    let overflow = lengths.reduce(0, +) + gap * Double(gaps.count) - length
    if overflow > 0 { shrink(views, lengths: &lengths, by: overflow) }
  }

  /// `.equalCentering`: centres equally spaced from the first view at the start to the last
  /// at the end. Returns false (changing nothing) when that leaves a gap under its spacing.
  private func equalCentering(lengths: [Double], gaps: inout [Double], in length: Double)
    -> Bool
  {
    guard gaps.count > 0, let first = lengths.first, let last = lengths.last else { return false }
    let pitch = (length - first / 2 - last / 2) / Double(gaps.count)
    var centred = gaps
    for index in gaps.indices {
      centred[index] = pitch - lengths[index] / 2 - lengths[index + 1] / 2
      if centred[index] < gaps[index] { return false }
    }
    gaps = centred
    return true
  }

  /// Where each view starts across the axis, by the alignment.
  private func crossPositions(of views: [View], lengths: [Double], in thickness: Double)
    -> [Double]
  {
    var alignment = self.alignment
    if axis == .vertical, alignment == .firstBaseline || alignment == .lastBaseline {
      alignment = .leading
    }
    switch alignment {
    case .fill, .leading:
      return lengths.map { _ in 0 }
    case .center:
      return lengths.map { (thickness - $0) / 2 }
    case .trailing:
      return lengths.map { thickness - $0 }
    case .firstBaseline, .lastBaseline:
      let last = alignment == .lastBaseline
      let baselines = views.indices.map {
        Self.baseline(of: views[$0], height: lengths[$0], last: last) ?? lengths[$0]
      }
      let line = baselines.max() ?? 0
      return baselines.map { line - $0 }
    }
  }

  /// A rectangle from positions along and across the axis, in the container.
  private func rect(
    along offset: Double, length: Double, across crossOffset: Double, thickness: Double,
    in container: Rect
  ) -> Rect {
    axis == .horizontal
      ? Rect(
        x: container.minX + offset, y: container.minY + crossOffset, width: length,
        height: thickness)
      : Rect(
        x: container.minX + crossOffset, y: container.minY + offset, width: thickness,
        height: length)
  }

  /// `rect` with its edges on the pixel grid, so that neighbours neither overlap nor leave
  /// a hairline between them.
  private func snapped(_ rect: Rect) -> Rect {
    let scale = max(layer.contentsScale, 1)
    func snap(_ value: Double) -> Double { (value * scale).rounded() / scale }
    let x0 = snap(rect.minX)
    let y0 = snap(rect.minY)
    return Rect(
      x: x0, y: y0, width: max(snap(rect.maxX) - x0, 0), height: max(snap(rect.maxY) - y0, 0))
  }

  /// The distance from the top of `view`, `height` tall, to its first (or last) baseline,
  /// or `nil` for a view without text.
  static func baseline(of view: View, height: Double, last: Bool) -> Double? {
    if let label = view as? Label { return label.baselineOffset(forHeight: height, last: last) }
    if let button = view as? Button { return button.baselineOffset(forHeight: height, last: last) }
    return nil
  }
}
