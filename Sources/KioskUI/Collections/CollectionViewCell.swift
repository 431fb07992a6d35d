import KioskGraphics

/// A view a collection view shows for a layout element and reuses, like UIKit's
/// `UICollectionReusableView`: section headers and footers are these, and cells are the
/// subclass `CollectionViewCell`. Register a subclass that overrides `init(frame:)` with
/// the collection view and it makes them with it (through `init(reuseIdentifier:)`, which
/// the subclass inherits); reset what belongs to the old element in `prepareForReuse()`.
///
/// ```swift
/// final class SectionTitle: CollectionReusableView {
///   let label = Label(frame: .zero)
///   override init(frame: Rect) {
///     super.init(frame: frame)
///     addSubview(label)
///   }
///   override func layoutSubviews() {
///     super.layoutSubviews()
///     label.frame = bounds.insetBy(dx: 12, dy: 0)
///   }
/// }
/// ```
@MainActor
open class CollectionReusableView: View {
  /// The identifier the collection view's reuse queue files the view under (set when the
  /// collection view makes it).
  public internal(set) var reuseIdentifier: String?

  /// The mark of the last layout pass that placed the view (the others leave).
  var tilingMark = 0
  /// The `zIndex` the view was placed with.
  var zIndex = 0

  /// Creates a view with a frame; the collection view makes registered classes with it.
  public override init(frame: Rect) {
    super.init(frame: frame)
  }

  /// Creates a view of no size filed under `reuseIdentifier`: what a collection view makes a
  /// registered class with, calling the subclass's own `init(frame:)`.
  ///
  /// KioskKit differs from UIKit here because Swift can make an instance of a class known
  /// only at run time through a `required` initializer alone (UIKit's Objective-C runtime
  /// needs none). This one is `required`, so that `init(frame:)` need not be, as UIKit's is
  /// not: a subclass that overrides `init(frame:)` inherits it. A subclass with only
  /// initializers of its own provides it too (calling one of them).
  public required convenience init(reuseIdentifier: String?) {
    self.init(frame: .zero)
    self.reuseIdentifier = reuseIdentifier
  }

  /// Called before the collection view hands the view out again for another element:
  /// reset what belongs to the old one here. The default does nothing (a cell's resets its
  /// selection and highlight).
  open func prepareForReuse() {}
}

/// One item of a collection view, like UIKit's `UICollectionViewCell`. Put the content in
/// `contentView`; `backgroundView` shows behind it and `selectedBackgroundView` (if set)
/// between the two while the cell is selected or highlighted. A plain cell is clear.
///
/// ```swift
/// final class ProductCell: CollectionViewCell {
///   let name = Label(frame: .zero)
///   override init(frame: Rect) {
///     super.init(frame: frame)
///     contentView.addSubview(name)
///     let tint = View(frame: .zero)
///     tint.backgroundColor = Color(white: 0, alpha: 0.2)
///     selectedBackgroundView = tint
///   }
/// }
/// ```
@MainActor
open class CollectionViewCell: CollectionReusableView {
  /// The view to put the content in: it fills the cell, over the background views.
  public let contentView = View(frame: .zero)

  /// A view behind everything else in the cell (none by default).
  open var backgroundView: View? {
    didSet {
      guard oldValue !== backgroundView else { return }
      oldValue?.removeFromSuperview()
      if let backgroundView { insertSubview(backgroundView, at: 0) }
      setNeedsLayout()
    }
  }

  /// A view shown over `backgroundView` while the cell is selected or highlighted (none by
  /// default: a plain cell does not change).
  open var selectedBackgroundView: View? {
    didSet {
      guard oldValue !== selectedBackgroundView else { return }
      oldValue?.removeFromSuperview()
      if let selectedBackgroundView {
        insertSubview(selectedBackgroundView, belowSubview: contentView)
      }
      updateSelectedBackground()
      setNeedsLayout()
    }
  }

  /// Whether the cell shows a selected item. The collection view sets it; override it (and
  /// call `super`) to restyle the content.
  open var isSelected = false {
    didSet { if oldValue != isSelected { updateSelectedBackground() } }
  }

  /// Whether a finger rests on the cell. The collection view sets it; override it (and
  /// call `super`) to restyle the content.
  open var isHighlighted = false {
    didSet { if oldValue != isHighlighted { updateSelectedBackground() } }
  }

  /// Creates a clear cell with an empty content view.
  public override init(frame: Rect) {
    super.init(frame: frame)
    contentView.frame = bounds
    addSubview(contentView)
  }

  /// Resets the selection and highlight; call `super` when you override it.
  open override func prepareForReuse() {
    super.prepareForReuse()
    isHighlighted = false
    isSelected = false
  }

  /// The attributes the cell would like, given those the layout gave it: a self-sizing
  /// layout (a flow layout with `estimatedItemSize`) takes their size. The default fits
  /// the content view's constraints near the given size (`systemLayoutSizeFitting(_:)`,
  /// both dimensions at `.fittingSizeLevel`), so a content view whose subviews are pinned
  /// to its edges gets the size they need; a content view without constraints keeps the
  /// given size. Override it to size the cell another way; call `super` for the fitted
  /// size.
  open func preferredLayoutAttributesFitting(
    _ layoutAttributes: CollectionViewLayoutAttributes
  ) -> CollectionViewLayoutAttributes {
    let preferred = CollectionViewLayoutAttributes(forCellWith: layoutAttributes.indexPath)
    preferred.frame = layoutAttributes.frame
    guard contentView.placesSubviewsByConstraints else { return preferred }
    let fitted = contentView.systemLayoutSizeFitting(layoutAttributes.size)
    if fitted.width > 0, fitted.height > 0, fitted.width.isFinite, fitted.height.isFinite {
      preferred.frame = Rect(origin: layoutAttributes.frame.origin, size: fitted)
    }
    return preferred
  }

  /// Makes the content and background views fill the cell. Call `super` when you override
  /// it.
  open override func layoutSubviews() {
    super.layoutSubviews()
    let b = bounds
    func fill(_ view: View?) {
      if let view, view.frame != b { view.frame = b }
    }
    fill(backgroundView)
    fill(selectedBackgroundView)
    fill(contentView)
  }

  // MARK: Accessibility (CollectionViewCell+Accessibility.swift)

  /// A cell is one element: its labels are read together as its label.
  open override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }

  /// Its labels' texts in reading order, joined with ", ", unless a label is set.
  open override var accessibilityLabel: String? {
    get { accessibilityStore.label ?? describedLabel }
    set { super.accessibilityLabel = newValue }
  }

  /// A button when its collection view allows selection; "selected" when selected.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? describedCellTraits }
    set { super.accessibilityTraits = newValue }
  }

  /// Selects the item as a tap does, through the collection view's delegate.
  open override func accessibilityActivate() -> Bool { activateAsTap() }

  private func updateSelectedBackground() {
    selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
  }
}
