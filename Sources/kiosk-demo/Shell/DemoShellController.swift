import KioskKit

/// The demo's root: a custom container controller built with the public containment API
/// alone. A header along the top shows the current example's title and a numbered button
/// per example; the example below it is a child controller, and picking another one
/// cross-fades to it. Each example keeps its state (its navigation stack, selected tab)
/// while another is shown.
///
/// The examples are the storyboard scenes its scene lists in the property `examples`
/// (identifiers separated by spaces), made when the view loads. The class declares the
/// property, so that loading the storyboard refuses a shell that lists itself (or another
/// shell that lists it): the examples' views load with the shell's, without end.
@MainActor
final class DemoShellController: ViewController, StoryboardInstantiable {
  static let sceneListProperties = ["examples"]

  /// The examples, in header order.
  private(set) var examples: [ViewController] = []
  /// The index of the example shown.
  private(set) var currentIndex = 0
  private let header = HeaderView(frame: .zero)
  private let touchWatcher = FirstTouchRecognizer()

  /// Called on the first touch anywhere on the screen (the tour stops then).
  var onFirstTouch: (() -> Void)? {
    get { touchWatcher.onTouch }
    set { touchWatcher.onTouch = newValue }
  }

  static let headerHeight = 56.0

  /// Shows a scan's text in the header, whichever example is shown.
  func showScan(_ text: String) {
    header.lastScan = text
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0xf2f2f7)
    header.autoresizingMask = [.flexibleWidth]
    view.addSubview(header)
    view.addGestureRecognizer(touchWatcher)
    // The examples are made once; a view loaded again (a memory warning released it)
    // shows the example that was shown.
    let adding = examples.isEmpty
    if adding { examples = makeExamples() }
    header.exampleTitles = examples.enumerated().map { index, example in
      example.title ?? "Example \(index + 1)"
    }
    header.onSelectExample = { [weak self] index in self?.showExample(at: index, animated: true) }
    guard examples.indices.contains(currentIndex) else { return }
    let current = examples[currentIndex]
    if adding { addChild(current) }
    current.view.frame = contentFrame
    current.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(current.view)
    if adding { current.didMove(toParent: self) }
    showHeader(for: currentIndex)
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    header.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: Self.headerHeight)
    if examples.indices.contains(currentIndex) {
      examples[currentIndex].viewIfLoaded?.frame = contentFrame
    }
  }

  /// The area under the header, where examples go.
  private var contentFrame: Rect {
    Rect(
      x: 0, y: Self.headerHeight, width: view.bounds.width,
      height: max(view.bounds.height - Self.headerHeight, 0))
  }

  /// The example that is the scene `identifier` of the storyboard, if it is one.
  func example<Controller: ViewController>(_ type: Controller.Type) -> Controller? {
    examples.lazy.compactMap { $0 as? Controller }.first
  }

  /// Shows example `index`: what it presented is dismissed first (its presentations cover
  /// only its own area, and it leaves the screen), then it cross-fades in.
  func showExample(at index: Int, animated: Bool) {
    guard examples.indices.contains(index), index != currentIndex else { return }
    let old = examples[currentIndex]
    let new = examples[index]
    if old.presentedViewController != nil { old.dismiss(animated: false) }
    currentIndex = index
    showHeader(for: index)
    old.willMove(toParent: nil)
    addChild(new)
    new.view.frame = contentFrame
    new.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    new.view.alpha = animated ? 0 : 1
    view.insertSubview(new.view, belowSubview: header)
    let finish = {
      old.view.removeFromSuperview()
      old.view.alpha = 1
      old.removeFromParent()
      new.didMove(toParent: self)
      // Most of the screen changed: a screen reader starts again at its top (the title).
      Accessibility.post(notification: .screenChanged, argument: nil)
    }
    guard animated else {
      finish()
      return
    }
    View.animate(
      withDuration: 0.4, delay: 0, options: [.curveEaseInOut],
      animations: {
        old.view.alpha = 0
        new.view.alpha = 1
      },
      completion: { _ in finish() })
  }

  private func showHeader(for index: Int) {
    header.title = examples[index].title ?? ""
    header.currentExample = index
  }

  /// What is wrong with the scene's `examples`, if anything: none listed, a scene that
  /// cannot be made, or a shell among them (whose examples would make shells without end).
  /// The demo checks it at launch and stops with a storyboard error (exit 64).
  var examplesProblem: String? {
    guard let storyboard else { return "the shell was not made from a storyboard" }
    let identifiers = (storyboardProperties.string("examples") ?? "").split(separator: " ")
    if identifiers.isEmpty {
      return "its property examples lists no scene (e.g. \"showcase recipes\")"
    }
    for identifier in identifiers {
      do throws(StoryboardError) {
        let example = try storyboard.instantiateViewController(withIdentifier: String(identifier))
        if example is DemoShellController {
          return "its example \(identifier) is a DemoShellController itself"
        }
      } catch {
        return "its example \(identifier): \(error)"
      }
    }
    return nil
  }

  private func makeExamples() -> [ViewController] {
    guard let storyboard else { return [] }
    let identifiers = (storyboardProperties.string("examples") ?? "").split(separator: " ")
    return identifiers.compactMap { identifier in
      do throws(StoryboardError) {
        return try storyboard.instantiateViewController(withIdentifier: String(identifier))
      } catch {
        Storyboard.errorHandler(error)
        return nil
      }
    }
  }
}

/// Notices the first touch anywhere in its view and fails at once, so it never takes a
/// touch from anything else.
@MainActor
private final class FirstTouchRecognizer: GestureRecognizer {
  var onTouch: (() -> Void)?

  required init() {
    super.init()
    cancelsTouchesInView = false
    delaysTouchesEnded = false
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    if let onTouch {
      self.onTouch = nil
      onTouch()
    }
    state = .failed
  }
}
