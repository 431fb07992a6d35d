import KioskKit

/// Touch: the controls and gestures page (`TouchPage`) as a controller.
@MainActor
final class TouchController: ViewController, StoryboardInstantiable {
  override func loadView() {
    view = TouchPage(frame: .zero)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0xf2f2f7)
  }
}
