import KioskKit
#if compiler(>=6.3)
  import FoundationEssentials
#else
  // Swift 6.2 (the arm64 package's): NotificationCenter is Foundation's there
  // (KioskBase/NotificationMessages.swift).
  import Foundation
  import KioskBase
#endif

/// Recipes on a second screen (a customer-facing display beside the panel): the recipe open
/// on the panel, large, or a welcome while none is. Shown whenever a screen besides the main
/// one is connected (`Screen.screens`), from launch or when its display is plugged in later
/// (`Screen.DidConnectMessage`), and let go when it is unplugged. Try it with
/// `--screen HDMI-A-2` on a panel, or `--screen Virtual-2:mode=800x480` on the virtual
/// framebuffer, which then writes each customer screen beside the panel's PNG.
@MainActor
final class CustomerDisplay {
  /// The demo's one customer display.
  static let shared = CustomerDisplay()

  /// The recipe open on the panel, or `nil` (the welcome).
  var recipe: Recipe? {
    didSet {
      if recipe != oldValue { controller?.show(recipe) }
    }
  }
  private var window: Window?
  private var controller: CustomerDisplayController?
  private var observers: [NotificationCenter.ObservationToken] = []

  /// Shows the display on a screen connected now, and follows screens as they come and go.
  func start() {
    let center = NotificationCenter.default
    observers = [
      center.addObserver(of: nil as Screen?, for: Screen.DidConnectMessage.self) {
        [weak self] message in self?.screenConnected(message.screen)
      },
      center.addObserver(of: nil as Screen?, for: Screen.DidDisconnectMessage.self) {
        [weak self] message in self?.screenDisconnected(message.screen)
      },
    ]
    screenConnected(Screen.screens.dropFirst().first)
  }

  private func screenConnected(_ screen: Screen?) {
    guard let screen, screen !== Screen.main, window == nil else { return }
    let controller = CustomerDisplayController()
    controller.show(recipe)
    let window = Window(screen: screen)
    window.rootViewController = controller
    window.isHidden = false
    self.window = window
    self.controller = controller
  }

  private func screenDisconnected(_ screen: Screen?) {
    guard let window, window.screen === screen else { return }
    window.isHidden = true
    self.window = nil
    controller = nil
    // Another screen may still be there.
    screenConnected(Screen.screens.dropFirst().first)
  }
}

/// What the customer display shows: the recipe's picture, name and time, or a welcome; a
/// change fades out and in, while the panel shows its own transition.
@MainActor
final class CustomerDisplayController: ViewController {
  /// Fades as one: the picture and both labels.
  private let content = View(frame: .zero)
  private let picture = ImageView(image: nil)
  private let titleLabel = Label(frame: .zero)
  private let detailLabel = Label(frame: .zero)
  private var recipe: Recipe?

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0x1c1c1e)
    picture.contentMode = .scaleAspectFit
    titleLabel.font = .boldSystemFont(ofSize: 40)
    titleLabel.textColor = .white
    titleLabel.textAlignment = .center
    detailLabel.font = .systemFont(ofSize: 24)
    detailLabel.textColor = Color(hex: 0xc7c7cc)
    detailLabel.textAlignment = .center
    for subview in [picture, titleLabel, detailLabel] as [View] { content.addSubview(subview) }
    view.addSubview(content)
    update()
  }

  /// Shows `recipe`, or the welcome: at once before the view is on screen, else faded.
  func show(_ recipe: Recipe?) {
    self.recipe = recipe
    guard isViewLoaded else { return }
    guard view.window != nil else {
      update()
      return
    }
    View.animate(withDuration: 0.2, animations: { content.alpha = 0 }) { [weak self] _ in
      guard let self else { return }
      self.update()
      View.animate(withDuration: 0.25) { self.content.alpha = 1 }
    }
  }

  private func update() {
    if let recipe {
      picture.image = DemoArt.dish(recipe.colors, size: 240)
      titleLabel.text = recipe.name
      detailLabel.text = "Ready in \(recipe.minutes) minutes"
    } else {
      picture.image = nil
      titleLabel.text = "Welcome"
      detailLabel.text = "Pick a recipe on the panel"
    }
    view.setNeedsLayout()
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let bounds = view.bounds
    content.frame = bounds
    let side = picture.image == nil ? 0 : min(240, bounds.height - 140, bounds.width - 40)
    let top = (bounds.height - side - (side > 0 ? 110 : 90)) / 2
    picture.frame = Rect(x: bounds.midX - side / 2, y: top, width: side, height: side)
    let textTop = top + side + (side > 0 ? 16 : 0)
    titleLabel.frame = Rect(x: 20, y: textTop, width: bounds.width - 40, height: 50)
    detailLabel.frame = Rect(x: 20, y: textTop + 56, width: bounds.width - 40, height: 32)
  }
}
