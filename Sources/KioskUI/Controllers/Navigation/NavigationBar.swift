import KioskGraphics

/// The bar along the top of a navigation interface: the title of the screen on top, a back
/// button titled after the screen below it, and the bar button items of the top screen.
/// A `NavigationController` owns one and fills it from its controllers' navigation items;
/// you configure those items rather than the bar. The semantics of UIKit's
/// `UINavigationBar`.
///
/// ```swift
/// let navigation = NavigationController(rootViewController: RecipesController())
/// navigation.navigationBar.barTintColor = Color(hex: 0xf2f2f7)
/// navigation.navigationBar.tintColor = Color(hex: 0xff9500)
/// ```
@MainActor
open class NavigationBar: View {
  /// The height of the bar, in points.
  static let standardHeight = 44.0
  /// How long the title and buttons take to cross-fade when the items change.
  static let fadeDuration = 0.35

  /// The items the bar holds, from the bottom of the stack to the top; the bar shows the
  /// top one, with a back button for the one below it.
  public private(set) var items: [NavigationItem] = []

  /// The item shown in the bar.
  public var topItem: NavigationItem? { items.last }

  /// The item below the top one: its title is the back button's.
  public var backItem: NavigationItem? { items.count > 1 ? items[items.count - 2] : nil }

  /// The colour of the bar's background; `nil` is the standard light grey.
  public var barTintColor: Color? {
    didSet { backgroundColor = barTintColor ?? Self.standardBackground }
  }

  /// The colour of the back button and the bar button items (`Color.defaultTint`).
  public var tintColor: Color = .defaultTint {
    didSet { if oldValue != tintColor { setNeedsContentUpdate() } }
  }

  /// The colour of the title.
  public var titleColor: Color = .black {
    didSet { if oldValue != titleColor { setNeedsContentUpdate() } }
  }

  /// What tapping the back button does; without one it pops the top item.
  var backButtonAction: (@MainActor () -> Void)?

  /// What the bar shows now (the title, buttons and back button of the top item).
  private(set) var content: NavigationBarContentView?
  /// Contents fading out after a change of items.
  private var outgoingContents: [NavigationBarContentView] = []
  /// The content of an interactive transition, and the items it shows.
  private var interactive: (content: NavigationBarContentView, items: [NavigationItem])?
  private var contentNeedsUpdate = false
  private let hairline = View()

  static let standardBackground = Color(hex: 0xf9f9f9)

  /// Creates an empty bar.
  public override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = Self.standardBackground
    hairline.backgroundColor = Color(white: 0, alpha: 0.3)
    hairline.isUserInteractionEnabled = false
    addSubview(hairline)
  }

  // MARK: Items

  /// Replaces the items; with `animated`, the title and buttons cross-fade.
  public func setItems(_ items: [NavigationItem], animated: Bool) {
    show(items, fadeDuration: animated ? Self.fadeDuration : 0)
  }

  /// Puts `item` on top.
  public func pushItem(_ item: NavigationItem, animated: Bool) {
    setItems(items + [item], animated: animated)
  }

  /// Removes the top item and returns it (`nil` when the bar holds one item or none).
  @discardableResult
  public func popItem(animated: Bool) -> NavigationItem? {
    guard items.count > 1, let top = items.last else { return nil }
    setItems(Array(items.dropLast()), animated: animated)
    return top
  }

  /// The bar's height is fixed; its width is whatever it is given.
  open override func sizeThatFits(_ size: Size) -> Size {
    Size(width: size.width, height: Self.standardHeight)
  }

  /// Shows `newItems`, cross-fading over `fadeDuration` seconds (0: at once).
  func show(_ newItems: [NavigationItem], fadeDuration: Double) {
    finishFades()
    adopt(newItems)
    let incoming = makeContent(for: newItems)
    let outgoing = content
    content = incoming
    guard let outgoing, fadeDuration > 0 else {
      outgoing?.removeFromSuperview()
      return
    }
    fade(from: outgoing, to: incoming, duration: fadeDuration)
  }

  /// Takes `newItems` as the bar's items, listening to their changes.
  private func adopt(_ newItems: [NavigationItem]) {
    for item in items where !newItems.contains(where: { $0 === item }) { item.didChange = nil }
    items = newItems
    for item in newItems {
      item.didChange = { [weak self] in self?.setNeedsContentUpdate() }
    }
    contentNeedsUpdate = false
  }

  private func makeContent(for items: [NavigationItem]) -> NavigationBarContentView {
    let top = items.last
    let back = items.count > 1 ? items[items.count - 2] : nil
    let content = NavigationBarContentView(
      top: top, back: back, tintColor: tintColor, titleColor: titleColor
    ) { [weak self] in self?.backButtonTapped() }
    content.frame = bounds
    content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    insertSubview(content, belowSubview: hairline)
    return content
  }

  private func fade(
    from outgoing: NavigationBarContentView, to incoming: NavigationBarContentView,
    duration: Double
  ) {
    outgoing.isUserInteractionEnabled = false
    outgoingContents.append(outgoing)
    incoming.alpha = 0
    View.animate(
      withDuration: duration,
      animations: {
        incoming.alpha = 1
        outgoing.alpha = 0
      },
      completion: { [weak self, weak outgoing] _ in
        guard let self, let outgoing else { return }
        self.outgoingContents.removeAll { $0 === outgoing }
        if outgoing !== self.content { outgoing.removeFromSuperview() }
        if self.contentNeedsUpdate { self.setNeedsLayout() }
      })
  }

  /// Ends the running cross-fades at once.
  private func finishFades() {
    for outgoing in outgoingContents { outgoing.removeFromSuperview() }
    outgoingContents.removeAll()
    if let content, content.alpha != 1 {
      View.performWithoutAnimation { content.alpha = 1 }
    }
  }

  private func backButtonTapped() {
    if let backButtonAction {
      backButtonAction()
    } else {
      popItem(animated: true)
    }
  }

  // MARK: Interactive transitions

  /// Starts a transition to `newItems` that a gesture drives: the new title and buttons
  /// are added, invisible, above the current ones.
  func beginInteractiveTransition(to newItems: [NavigationItem]) {
    finishFades()
    cancelInteractiveTransitionNow()
    let incoming = makeContent(for: newItems)
    incoming.alpha = 0
    incoming.isUserInteractionEnabled = false
    content?.isUserInteractionEnabled = false
    interactive = (incoming, newItems)
  }

  /// Shows the transition `progress` (0...1) of the way through.
  func updateInteractiveTransition(_ progress: Double) {
    guard let interactive else { return }
    let fraction = min(max(progress, 0), 1)
    View.performWithoutAnimation {
      interactive.content.alpha = fraction
      content?.alpha = 1 - fraction
    }
  }

  /// Ends the interactive transition over `duration` seconds: `completing` shows the new
  /// items, otherwise the bar goes back to the old ones.
  func endInteractiveTransition(completing: Bool, duration: Double) {
    guard let interactive else { return }
    self.interactive = nil
    guard let current = content else {
      interactive.content.removeFromSuperview()
      return
    }
    let (incoming, newItems) = interactive
    let (shown, hidden) = completing ? (incoming, current) : (current, incoming)
    if completing {
      adopt(newItems)
      content = incoming
    }
    shown.isUserInteractionEnabled = true
    hidden.isUserInteractionEnabled = false
    outgoingContents.append(hidden)
    View.animate(
      withDuration: duration,
      animations: {
        shown.alpha = 1
        hidden.alpha = 0
      },
      completion: { [weak self, weak hidden] _ in
        guard let self, let hidden else { return }
        self.outgoingContents.removeAll { $0 === hidden }
        if hidden !== self.content { hidden.removeFromSuperview() }
        if self.contentNeedsUpdate { self.setNeedsLayout() }
      })
  }

  private func cancelInteractiveTransitionNow() {
    guard let interactive else { return }
    self.interactive = nil
    interactive.content.removeFromSuperview()
    content?.isUserInteractionEnabled = true
    View.performWithoutAnimation { content?.alpha = 1 }
  }

  // MARK: Changes and layout

  /// An item changed: the content is rebuilt at the next layout pass.
  private func setNeedsContentUpdate() {
    contentNeedsUpdate = true
    setNeedsLayout()
  }

  /// Lays out the hairline and rebuilds the content if an item changed.
  open override func layoutSubviews() {
    super.layoutSubviews()
    let thickness = 1 / max(window?.screen.scale ?? 1, 1)
    hairline.frame = Rect(
      x: 0, y: bounds.height - thickness, width: bounds.width, height: thickness)
    if contentNeedsUpdate, interactive == nil, outgoingContents.isEmpty {
      contentNeedsUpdate = false
      let old = content
      content = makeContent(for: items)
      old?.removeFromSuperview()
    }
  }
}
