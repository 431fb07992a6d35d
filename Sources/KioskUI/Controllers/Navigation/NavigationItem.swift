/// What a navigation bar shows for one controller of a navigation stack: a title, bar
/// button items on either side and the back button the next controller shows. Every
/// controller has one (`ViewController.navigationItem`); its title is the controller's
/// `title` until you set one here.
///
/// ```swift
/// override func viewDidLoad() {
///   super.viewDidLoad()
///   title = "Recipes"
///   navigationItem.rightBarButtonItem = BarButtonItem(
///     barButtonSystemItem: .add, target: self, action: { $0.addRecipe() })
/// }
/// ```
@MainActor
public final class NavigationItem {
  private var ownTitle: String?
  private var hasOwnTitle = false
  /// The title of the controller the item belongs to, shown while the item has none.
  var controllerTitle: String? {
    didSet { didChange?() }
  }
  /// Called when anything a navigation bar shows changes (set by the bar showing the item).
  var didChange: (@MainActor () -> Void)?

  /// Creates an item; a `nil` title follows the controller's title.
  public init(title: String? = nil) {
    if let title {
      ownTitle = title
      hasOwnTitle = true
    }
  }

  /// The title in the middle of the bar: the controller's `title` until set (setting it,
  /// even to `nil`, makes it the item's own).
  public var title: String? {
    get { hasOwnTitle ? ownTitle : controllerTitle }
    set {
      ownTitle = newValue
      hasOwnTitle = true
      didChange?()
    }
  }

  /// A line of text above the title.
  public var prompt: String? {
    didSet { didChange?() }
  }
  /// A view shown in place of the title.
  public var titleView: View? {
    didSet { didChange?() }
  }
  /// The back button shown while the next controller is on top; `nil` makes one from
  /// `backButtonTitle` or this item's title.
  public var backBarButtonItem: BarButtonItem? {
    didSet {
      observe([backBarButtonItem].compactMap { $0 })
      didChange?()
    }
  }
  /// The title of the back button shown while the next controller is on top.
  public var backButtonTitle: String? {
    didSet { didChange?() }
  }
  /// Whether the bar hides the back button while this item is on top.
  public var hidesBackButton = false {
    didSet { didChange?() }
  }
  /// Whether the left items are shown next to the back button rather than replacing it.
  public var leftItemsSupplementBackButton = false {
    didSet { didChange?() }
  }
  /// The items on the left, from the outer edge inwards.
  public var leftBarButtonItems: [BarButtonItem]? {
    didSet {
      observe(leftBarButtonItems)
      didChange?()
    }
  }
  /// The items on the right, from the outer edge inwards.
  public var rightBarButtonItems: [BarButtonItem]? {
    didSet {
      observe(rightBarButtonItems)
      didChange?()
    }
  }

  /// The outermost item on the left; setting it replaces all left items.
  public var leftBarButtonItem: BarButtonItem? {
    get { leftBarButtonItems?.first }
    set { leftBarButtonItems = newValue.map { [$0] } }
  }

  /// The outermost item on the right; setting it replaces all right items.
  public var rightBarButtonItem: BarButtonItem? {
    get { rightBarButtonItems?.first }
    set { rightBarButtonItems = newValue.map { [$0] } }
  }

  /// Passes changes of `items` (a title, `isEnabled`) on to the bar showing this item.
  private func observe(_ items: [BarButtonItem]?) {
    for item in items ?? [] {
      item.didChange = { [weak self] in self?.didChange?() }
    }
  }
}
