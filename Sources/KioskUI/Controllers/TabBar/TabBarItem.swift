import KioskGraphics

/// What a tab bar shows for one tab: a title, an image and a badge. Every controller has
/// one (`ViewController.tabBarItem`); its title is the controller's `title` until you give
/// it one.
///
/// ```swift
/// alarms.tabBarItem = TabBarItem(title: "Alarm", image: alarmIcon, tag: 1)
/// alarms.tabBarItem.badgeValue = "2"
/// ```
@MainActor
public final class TabBarItem {
  private var ownTitle: String?
  private var hasOwnTitle = false
  /// The title of the controller the item belongs to, shown while the item has none.
  var controllerTitle: String? {
    didSet { didChange?() }
  }
  /// Called when anything a tab bar shows changes (set by the tab bar showing the item).
  var didChange: (@MainActor () -> Void)?

  /// The image of the tab.
  public var image: Image? {
    didSet { didChange?() }
  }
  /// The image shown while the tab is selected; `nil` uses `image`.
  public var selectedImage: Image? {
    didSet { didChange?() }
  }
  /// Text in a badge at the tab's corner (a count, "!"); `nil` shows no badge.
  public var badgeValue: String? {
    didSet { didChange?() }
  }
  /// The badge's colour; `nil` is the standard red.
  public var badgeColor: Color? {
    didSet { didChange?() }
  }
  /// An integer apps can use to tell tabs apart.
  public var tag: Int
  /// Whether the tab can be selected.
  public var isEnabled = true {
    didSet { didChange?() }
  }

  /// Creates an item; a `nil` title follows the controller's title.
  public init(title: String? = nil, image: Image? = nil, tag: Int = 0) {
    self.tag = tag
    self.image = image
    if let title {
      ownTitle = title
      hasOwnTitle = true
    }
  }

  /// Creates an item with an image for the selected state.
  public convenience init(title: String?, image: Image?, selectedImage: Image?) {
    self.init(title: title, image: image)
    self.selectedImage = selectedImage
  }

  /// The title under the image: the controller's `title` until set (setting it, even to
  /// `nil`, makes it the item's own).
  public var title: String? {
    get { hasOwnTitle ? ownTitle : controllerTitle }
    set {
      ownTitle = newValue
      hasOwnTitle = true
      didChange?()
    }
  }
}
