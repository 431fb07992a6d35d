import KioskKit

/// Touch: the controls and gestures page (`TouchPage`) as a controller. What the page shows
/// (the tap count, the switch, the slider, where the card lies) is kept here, not in the
/// page: a memory warning may release the page while another example is shown, and the
/// page loaded again shows the same screen.
@MainActor
final class TouchController: ViewController, StoryboardInstantiable {
  private var taps = 0
  private var isSwitchedOn = false
  private var volume: Float = 0.3
  /// Where the card was dropped, in the page's coordinates; `nil` while it is at home.
  private var cardCenter: Point?
  private var cardCaption = "Drag me"
  private var drinkIndex = 1
  private var cupCount = 2
  private var spinnerStop: ScheduledAction?

  private var page: TouchPage? { viewIfLoaded as? TouchPage }

  override func loadView() {
    view = TouchPage(frame: .zero)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0xf2f2f7)
    guard let page else { return }
    page.button.addTarget(self, action: { $0.buttonTapped() }, for: .touchUpInside)
    page.toggle.isOn = isSwitchedOn
    page.toggle.addTarget(self, action: { $0.toggleChanged() }, for: .valueChanged)
    page.slider.value = volume
    page.slider.addTarget(self, action: { $0.sliderChanged() }, for: .valueChanged)
    page.drinks.selectedSegmentIndex = drinkIndex
    page.drinks.addTarget(self, action: { $0.drinkChanged() }, for: .valueChanged)
    page.cups.value = Double(cupCount)
    page.cups.addTarget(self, action: { $0.cupsChanged() }, for: .valueChanged)
    page.progress.progress = volume
    page.cardCenter = cardCenter
    page.cardMoved = { [weak self] center, caption in
      self?.cardCenter = center
      self?.cardCaption = caption
      self?.showState()
    }
    showState()
  }

  /// Puts the state into the page's labels.
  private func showState() {
    guard let page else { return }
    page.buttonLabel.text =
      switch taps {
      case 0: "Not tapped yet"
      case 1: "Tapped once"
      default: "Tapped \(taps) times"
      }
    page.toggleLabel.text = isSwitchedOn ? "Switched on" : "Switched off"
    page.sliderLabel.text = "Volume \(Int((volume * 100).rounded())) %"
    page.cardLabel.text = cardCaption
    let drink = page.drinks.titleForSegment(at: drinkIndex) ?? ""
    page.cupsLabel.text = "\(cupCount) × \(drink)"
  }

  private func buttonTapped() {
    taps += 1
    showState()
  }

  private func toggleChanged() {
    isSwitchedOn = page?.toggle.isOn ?? isSwitchedOn
    showState()
  }

  private func sliderChanged() {
    volume = page?.slider.value ?? volume
    page?.progress.setProgress(volume, animated: true)
    // The spinner turns while the bar catches up, and a little longer.
    page?.spinner.startAnimating()
    spinnerStop?.cancel()
    spinnerStop = ScheduledAction.after(0.8) { [weak self] in self?.page?.spinner.stopAnimating() }
    showState()
  }

  private func drinkChanged() {
    drinkIndex = max(page?.drinks.selectedSegmentIndex ?? drinkIndex, 0)
    showState()
  }

  private func cupsChanged() {
    cupCount = Int(page?.cups.value ?? Double(cupCount))
    showState()
  }
}
