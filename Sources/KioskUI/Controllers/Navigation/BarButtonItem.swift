import KioskGraphics

/// A button in a navigation bar or toolbar: a title, an image, a standard system item or
/// a view of your own, and what happens when it is tapped (a closure, an `Action`, or a
/// method of a target held weakly).
///
/// ```swift
/// navigationItem.leftBarButtonItem = BarButtonItem(
///   barButtonSystemItem: .cancel, target: self, action: { $0.dismiss(animated: true) })
/// navigationItem.rightBarButtonItem = BarButtonItem(
///   title: "Save", style: .done, primaryAction: Action { _ in store.save() })
/// ```
@MainActor
public final class BarButtonItem {
  /// How the item's title is drawn.
  public enum Style: Sendable {
    /// A regular title.
    case plain
    /// The bold title of the action that finishes a screen (Done, Save).
    case done
  }

  /// The standard items, with their titles.
  public enum SystemItem: Sendable {
    /// A standard button, titled by `title`.
    case done, cancel, edit, save, add, close, search, refresh, undo, redo
    /// Stretches to fill the space between items.
    case flexibleSpace
    /// Leaves `width` points between items.
    case fixedSpace

    /// The title the item shows (spaces show nothing).
    public var title: String? {
      switch self {
      case .done: "Done"
      case .cancel: "Cancel"
      case .edit: "Edit"
      case .save: "Save"
      case .add: "+"
      case .close: "Close"
      case .search: "Search"
      case .refresh: "Refresh"
      case .undo: "Undo"
      case .redo: "Redo"
      case .flexibleSpace, .fixedSpace: nil
      }
    }

    /// What a screen reader says for the item: its title, but "Add" for the "+" (as
    /// VoiceOver names UIKit's add item).
    public var accessibilityLabel: String? {
      self == .add ? "Add" : title
    }
  }

  /// The title shown on the item.
  public var title: String? {
    didSet { didChange?() }
  }
  /// What a screen reader says for the item's button; nil: the standard item's name, else
  /// its title.
  public var accessibilityLabel: String? {
    didSet { didChange?() }
  }
  /// The image shown on the item (in place of the title, if both are set).
  public var image: Image? {
    didSet { didChange?() }
  }
  /// How the title is drawn.
  public var style: Style {
    didSet { didChange?() }
  }
  /// The standard item this is, if it is one.
  public let systemItem: SystemItem?
  /// A view shown in place of a button.
  public var customView: View? {
    didSet { didChange?() }
  }
  /// The width of a fixed space, or of the item (0: as wide as its content).
  public var width: Double = 0 {
    didSet { didChange?() }
  }
  /// Whether the item can be tapped; a bar showing it dims it at once when it is not.
  public var isEnabled = true {
    didSet { didChange?() }
  }
  /// Tells the navigation item that shows this item that it changed (the bar redraws).
  var didChange: (@MainActor () -> Void)?
  /// The view a navigation bar shows for this item, while it shows one (a popover's
  /// `barButtonItem` points at it).
  weak var representedView: View?
  /// An integer apps can use to tell items apart.
  public var tag = 0
  /// What tapping the item does.
  public var primaryAction: Action?

  private var targetAction: (@MainActor (BarButtonItem) -> Void)?

  /// Creates an item with a title.
  public init(title: String?, style: Style = .plain, primaryAction: Action? = nil) {
    self.title = title
    self.style = style
    self.systemItem = nil
    self.primaryAction = primaryAction
  }

  /// Creates an item with an image.
  public init(image: Image?, style: Style = .plain, primaryAction: Action? = nil) {
    self.image = image
    self.style = style
    self.systemItem = nil
    self.primaryAction = primaryAction
  }

  /// Creates a standard item.
  public init(barButtonSystemItem systemItem: SystemItem, primaryAction: Action? = nil) {
    self.title = systemItem.title
    self.style = systemItem == .done || systemItem == .save ? .done : .plain
    self.systemItem = systemItem
    self.primaryAction = primaryAction
  }

  /// Creates an item that shows `customView`.
  public init(customView: View) {
    self.customView = customView
    self.style = .plain
    self.systemItem = nil
  }

  /// Creates an item with a title that calls `action` with `target` (held weakly).
  public convenience init<Target: AnyObject>(
    title: String?, style: Style = .plain, target: Target,
    action: @escaping @MainActor (Target) -> Void
  ) {
    self.init(title: title, style: style)
    setTarget(target, action: action)
  }

  /// Creates an item with an image that calls `action` with `target` (held weakly).
  public convenience init<Target: AnyObject>(
    image: Image?, style: Style = .plain, target: Target,
    action: @escaping @MainActor (Target) -> Void
  ) {
    self.init(image: image, style: style)
    setTarget(target, action: action)
  }

  /// Creates a standard item that calls `action` with `target` (held weakly).
  public convenience init<Target: AnyObject>(
    barButtonSystemItem systemItem: SystemItem, target: Target,
    action: @escaping @MainActor (Target) -> Void
  ) {
    self.init(barButtonSystemItem: systemItem)
    setTarget(target, action: action)
  }

  /// Makes tapping the item call `action` with `target`; the item holds `target` weakly,
  /// so it never keeps the controller that owns it alive.
  public func setTarget<Target: AnyObject>(
    _ target: Target, action: @escaping @MainActor (Target) -> Void
  ) {
    targetAction = { [weak target] _ in
      if let target { action(target) }
    }
  }

  /// Does what tapping the item does: its primary action, then its target's action. Bars
  /// call it; nothing happens while the item is disabled.
  package func performAction() {
    guard isEnabled else { return }
    primaryAction?.perform(from: nil)
    targetAction?(self)
  }
}
