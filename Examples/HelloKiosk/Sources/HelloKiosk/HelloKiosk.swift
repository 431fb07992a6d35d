import KioskKit

/// The app: a window whose root is the greeting.
@main
final class HelloKiosk: ApplicationDelegate {
  var window: Window?
  required init() {}
  static func main() { Application.main(HelloKiosk.self) }

  func application(_ app: Application, didFinishLaunchingWithOptions _: [String: String]) -> Bool {
    let window = Window(screen: .main)
    window.rootViewController = GreetingController()
    window.makeKeyAndVisible()
    self.window = window
    return true
  }
}

/// One screen: a greeting in three scripts and a button that counts taps.
final class GreetingController: ViewController {
  let greeting = Label()
  let button = Button(type: .system)
  private(set) var taps = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    greeting.text = "Здравствуйте · 你好 · Hello"
    greeting.font = .boldSystemFont(ofSize: 28)
    greeting.textAlignment = .center
    view.addSubview(greeting)
    button.setTitle("Tap me", for: .normal)
    button.addAction(Action { [weak self] _ in self?.didTap() }, for: .touchUpInside)
    view.addSubview(button)
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let bounds = view.bounds
    greeting.frame = Rect(x: 20, y: bounds.midY - 60, width: bounds.width - 40, height: 40)
    button.frame = Rect(x: bounds.midX - 80, y: bounds.midY + 10, width: 160, height: 50)
  }

  private func didTap() {
    taps += 1
    button.setTitle("Tapped \(taps)×", for: .normal)
  }
}
