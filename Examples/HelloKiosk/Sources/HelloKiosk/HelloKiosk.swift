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
    button.setTitle("Tap me", for: .normal)
    button.addAction(Action { [weak self] _ in self?.didTap() }, for: .touchUpInside)
    for subview in [greeting, button] {
      subview.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(subview)
    }
    LayoutConstraint.activate([
      greeting.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
      greeting.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
      greeting.bottomAnchor.constraint(equalTo: view.centerYAnchor, constant: -20),
      greeting.heightAnchor.constraint(equalToConstant: 40),
      button.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      button.topAnchor.constraint(equalTo: view.centerYAnchor, constant: 10),
      button.widthAnchor.constraint(equalToConstant: 160),
      button.heightAnchor.constraint(equalToConstant: 50),
    ])
  }

  private func didTap() {
    taps += 1
    button.setTitle("Tapped \(taps)×", for: .normal)
  }
}
