import KioskGraphics

/// Which of a view's margins and dimensions stretch when its superview resizes.
public struct AutoresizingMask: OptionSet, Sendable {
  public let rawValue: UInt
  /// Creates a mask from raw bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The distance to the superview's left edge stretches.
  public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
  /// The width stretches.
  public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
  /// The distance to the superview's right edge stretches.
  public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
  /// The distance to the superview's top edge stretches.
  public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
  /// The height stretches.
  public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
  /// The distance to the superview's bottom edge stretches.
  public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}

extension View {
  /// Lays out the view at the next commit (calls `layoutSubviews()` in the layout pass).
  public func setNeedsLayout() {
    needsLayout = true
    var view: View? = self
    while let v = view, !v.subtreeNeedsLayout || v === self {
      v.subtreeNeedsLayout = true
      view = v.superview
    }
    Transaction.setNeedsCommit()
  }

  /// Lays out now whatever needs it: starting with this view, climbs while superviews need
  /// layout, then lays out everything beneath that ancestor.
  public func layoutIfNeeded() {
    if LayoutEngine.liveEngines > 0 {
      // UIKit's layoutIfNeeded() updates constraints first, and a tree whose constraints
      // changed is solved even if no view in it was marked.
      LayoutEngine.updateConstraintsPass()
      LayoutEngine.solveTree(of: self)
    }
    var top = self
    while let parent = top.superview, parent.needsLayout { top = parent }
    top.layoutSubtreeIfNeeded()
  }

  /// Resizes the view to `sizeThatFits` its current size, keeping its frame's origin (its
  /// top-left corner stays where it is), as UIKit does. With a transform other than the
  /// identity the frame is not the view's real extent, so the bounds take the new size and
  /// the centre stays.
  public func sizeToFit() {
    let size = sizeThatFits(bounds.size)
    guard transform.isIdentity else {
      var b = bounds
      b.size = size
      bounds = b
      return
    }
    frame = Rect(origin: frame.origin, size: size)
  }

  func layoutSubtreeIfNeeded() {
    if needsLayout {
      needsLayout = false
      applyPendingSafeAreaAndMargins()
      let controller = owningViewController
      controller?.viewWillLayoutSubviews()
      // What UIKit's default layoutSubviews() does first: the constraints place the
      // subviews (the whole tree's solution is applied at once).
      LayoutEngine.solveTree(of: self)
      layoutSubviews()
      controller?.viewDidLayoutSubviews()
      checkSubviewsSafeAreaAndMargins()
    }
    guard subtreeNeedsLayout else { return }
    subtreeNeedsLayout = false
    for subview in subviews { subview.layoutSubtreeIfNeeded() }
  }

  /// Applies each subview's autoresizing mask for a change of this view's size.
  func resizeSubviews(from oldSize: Size) {
    let newSize = bounds.size
    for subview in subviews where !subview.autoresizingMask.isEmpty {
      subview.autoresize(from: oldSize, to: newSize)
    }
  }

  /// UIKit's rule: the change in the superview's size is shared among the flexible parts
  /// (margins and size) of each axis in proportion to their current lengths, or equally
  /// when those lengths are all zero.
  private func autoresize(from old: Size, to new: Size) {
    let mask = autoresizingMask
    let f = frame
    let (x, width) = Self.distribute(
      delta: new.width - old.width, start: f.minX, length: f.width, end: old.width - f.maxX,
      flexibleStart: mask.contains(.flexibleLeftMargin),
      flexibleLength: mask.contains(.flexibleWidth),
      flexibleEnd: mask.contains(.flexibleRightMargin))
    let (y, height) = Self.distribute(
      delta: new.height - old.height, start: f.minY, length: f.height, end: old.height - f.maxY,
      flexibleStart: mask.contains(.flexibleTopMargin),
      flexibleLength: mask.contains(.flexibleHeight),
      flexibleEnd: mask.contains(.flexibleBottomMargin))
    if transform.isIdentity {
      frame = Rect(x: x, y: y, width: width, height: height)
    } else {
      // Under a transform, move the centre and resize the bounds by the same amounts.
      center = Point(
        x: center.x + (x + width / 2 - f.midX), y: center.y + (y + height / 2 - f.midY))
      var b = bounds
      b.size = Size(width: b.width + (width - f.width), height: b.height + (height - f.height))
      bounds = b
    }
  }

  private static func distribute(
    delta: Double, start: Double, length: Double, end: Double,
    flexibleStart: Bool, flexibleLength: Bool, flexibleEnd: Bool
  ) -> (start: Double, length: Double) {
    guard delta != 0, flexibleStart || flexibleLength || flexibleEnd else { return (start, length) }
    let parts = [(flexibleStart, start), (flexibleLength, length), (flexibleEnd, end)]
    let flexible = parts.filter { $0.0 }
    let total = flexible.reduce(0) { $0 + max($1.1, 0) }
    func share(_ isFlexible: Bool, _ value: Double) -> Double {
      guard isFlexible else { return 0 }
      return total > 0 ? delta * max(value, 0) / total : delta / Double(flexible.count)
    }
    return (start + share(flexibleStart, start), max(0, length + share(flexibleLength, length)))
  }
}
