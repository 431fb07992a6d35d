import KioskGraphics

/// A rectangle of a view that content can be placed by, as UIKit's `UILayoutGuide`: the
/// safe area (`View.safeAreaLayoutGuide`), the area inside the layout margins
/// (`View.layoutMarginsGuide`), the part the keyboard covers (`View.keyboardLayoutGuide`),
/// or a guide of the app's own (`View.addLayoutGuide(_:)`),
/// an invisible box that constraints place and that other constraints place views by
/// (the space between two buttons, made equal on both sides).
///
/// ```swift
/// let gap = LayoutGuide()
/// view.addLayoutGuide(gap)
/// LayoutConstraint.activate([
///   gap.leadingAnchor.constraint(equalTo: cancel.trailingAnchor),
///   gap.trailingAnchor.constraint(equalTo: order.leadingAnchor),
///   gap.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.1),
/// ])
/// ```
///
/// A view's own guides follow its safe area and margins as of its last layout pass, and the
/// keyboard as it moves; a custom guide's `layoutFrame` is what its constraints made of it.
@MainActor
public final class LayoutGuide: LayoutAnchorProviding {
  enum Kind {
    case safeArea, layoutMargins, keyboard, custom
  }

  /// The view whose bounds this guide lies in (`nil` for a custom guide not yet added).
  public internal(set) weak var owningView: View?
  /// A name for debugging and for the log of unsatisfiable constraints.
  public var identifier: String
  let kind: Kind
  /// A custom guide's frame as the last solve left it.
  var solvedFrame = Rect.zero

  init(owningView: View, kind: Kind) {
    self.owningView = owningView
    self.kind = kind
    identifier =
      switch kind {
      case .safeArea: "SafeAreaLayoutGuide"
      case .layoutMargins: "LayoutMarginsGuide"
      case .keyboard: "KeyboardLayoutGuide"
      case .custom: "LayoutGuide"
      }
  }

  /// A guide of the app's own; add it to a view with `View.addLayoutGuide(_:)`.
  public init() {
    kind = .custom
    identifier = "LayoutGuide"
  }

  /// The guide's rectangle in its view's bounds coordinates (as of the last layout pass);
  /// `.zero` once the view is gone.
  public var layoutFrame: Rect {
    guard let view = owningView else { return .zero }
    let insets: EdgeInsets
    switch kind {
    case .custom: return solvedFrame
    case .keyboard: return view.keyboardFrameInBounds
    case .safeArea: insets = view.layoutAttributes.safeAreaInsets
    case .layoutMargins: insets = view.layoutAttributes.effectiveMargins
    }
    let frame = view.bounds.inset(by: insets)
    return Rect(
      x: frame.minX, y: frame.minY, width: max(frame.width, 0), height: max(frame.height, 0))
  }

  /// The insets from the owning view's bounds that pin a view's own guide (nil for a
  /// custom guide, which its constraints place).
  var pinnedInsets: EdgeInsets? {
    guard let view = owningView else { return nil }
    switch kind {
    case .custom: return nil
    case .keyboard:
      let keyboard = view.keyboardFrameInBounds
      return EdgeInsets(top: keyboard.minY - view.bounds.minY, left: 0, bottom: 0, right: 0)
    case .safeArea: return view.layoutAttributes.safeAreaInsets
    case .layoutMargins: return view.layoutAttributes.effectiveMargins
    }
  }
}

extension View {
  /// The custom layout guides added to this view, in the order they were added.
  public var layoutGuides: [LayoutGuide] { layoutAttributes.customGuides }

  /// Adds a custom guide to this view's bounds (moving it from another view's).
  public func addLayoutGuide(_ guide: LayoutGuide) {
    guard guide.kind == .custom, guide.owningView !== self else { return }
    guide.owningView?.removeLayoutGuide(guide)
    guide.owningView = self
    layoutAttributes.customGuides.append(guide)
  }

  /// Removes a custom guide, deactivating the constraints that use it.
  public func removeLayoutGuide(_ guide: LayoutGuide) {
    guard guide.owningView === self else { return }
    LayoutEngine.guideWillBeRemoved(guide, from: self)
    layoutAttributes.customGuides.removeAll { $0 === guide }
    guide.owningView = nil
  }
}
