import KioskKit

/// Clock, third tab: a stopwatch. Start runs it (the reading is redrawn ten times a
/// second), Stop holds it, Reset clears it.
///
/// The controller keeps the time; the view is built from it in `viewDidLoad()` each time it
/// loads, and the controller holds its subviews weakly: a memory warning that releases the
/// view (another tab is shown) releases them too.
@MainActor
final class StopwatchController: ViewController, StoryboardInstantiable {
  private weak var reading: Label?
  private weak var startButton: Button?
  private weak var resetButton: Button?
  private var ticker: ScheduledAction?
  private var startedAt: Double?
  private var elapsedBefore = 0.0

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    let reading = addClockReading()
    let startButton = Button(type: .system)
    startButton.addTarget(self, action: { $0.startOrStop() }, for: .touchUpInside)
    let resetButton = Button(type: .system)
    resetButton.setTitle("Reset", for: .normal)
    resetButton.addTarget(self, action: { $0.reset() }, for: .touchUpInside)
    for subview in [startButton, resetButton] as [View] {
      subview.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(subview)
    }
    // The two buttons 30 points under the reading, either side of the centre.
    LayoutConstraint.activate([
      resetButton.topAnchor.constraint(equalTo: reading.bottomAnchor, constant: 30),
      resetButton.trailingAnchor.constraint(equalTo: view.centerXAnchor, constant: -20),
      startButton.topAnchor.constraint(equalTo: resetButton.topAnchor),
      startButton.leadingAnchor.constraint(equalTo: view.centerXAnchor, constant: 20),
    ])
    for button in [resetButton, startButton] {
      button.widthAnchor.constraint(equalToConstant: 130).isActive = true
      button.heightAnchor.constraint(equalToConstant: 50).isActive = true
    }
    (self.reading, self.startButton, self.resetButton) = (reading, startButton, resetButton)
    update()
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    // Nothing on screen to redraw: the time keeps counting, the ticker stops.
    ticker?.cancel()
    ticker = nil
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    if startedAt != nil { startTicker() }
    update()
  }

  private var elapsed: Double {
    elapsedBefore + (startedAt.map { Transaction.clock() - $0 } ?? 0)
  }

  private func startOrStop() {
    if startedAt == nil {
      startedAt = Transaction.clock()
      startTicker()
    } else {
      elapsedBefore = elapsed
      startedAt = nil
      ticker?.cancel()
      ticker = nil
    }
    update()
  }

  private func reset() {
    guard startedAt == nil else { return }
    elapsedBefore = 0
    update()
  }

  private func startTicker() {
    ticker?.cancel()
    ticker = ScheduledAction.after(0.1, repeating: 0.1) { [weak self] in self?.update() }
  }

  private func update() {
    let tenths = Int(elapsed * 10)
    let minutes = tenths / 600
    let seconds = tenths / 10 % 60
    reading?.text =
      (minutes < 10 ? "0" : "") + "\(minutes):" + (seconds < 10 ? "0" : "")
      + "\(seconds).\(tenths % 10)"
    startButton?.setTitle(startedAt == nil ? "Start" : "Stop", for: .normal)
    resetButton?.isEnabled = startedAt == nil && elapsedBefore > 0
  }
}

/// Clock, fourth tab: a kitchen timer. The buttons add one or five minutes; Start counts
/// down once a second to zero. Like the stopwatch, it keeps the time and builds its view
/// from it each time the view loads.
@MainActor
final class TimerController: ViewController, StoryboardInstantiable {
  private weak var reading: Label?
  private weak var startButton: Button?
  private var buttons: [WeakButton] = []
  private var remaining = 300
  private var ticker: ScheduledAction?

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    let reading = addClockReading()
    let addOne = Button(type: .system)
    addOne.setTitle("+1 min", for: .normal)
    addOne.addTarget(self, action: { $0.add(minutes: 1) }, for: .touchUpInside)
    let addFive = Button(type: .system)
    addFive.setTitle("+5 min", for: .normal)
    addFive.addTarget(self, action: { $0.add(minutes: 5) }, for: .touchUpInside)
    let startButton = Button(type: .system)
    startButton.addTarget(self, action: { $0.startOrStop() }, for: .touchUpInside)
    for subview in [addOne, addFive, startButton] as [View] {
      subview.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(subview)
    }
    // Under the reading, three buttons 10 points apart, centred, each
    // up to 130 points wide (narrower on a portrait panel: a third of the width less the
    // gaps and margins).
    let thirdOfTheWidth = addOne.widthAnchor.constraint(
      equalTo: view.widthAnchor, multiplier: 1.0 / 3, constant: -40.0 / 3)
    thirdOfTheWidth.priority = .defaultHigh
    LayoutConstraint.activate([
      addFive.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      addOne.trailingAnchor.constraint(equalTo: addFive.leadingAnchor, constant: -10),
      startButton.leadingAnchor.constraint(equalTo: addFive.trailingAnchor, constant: 10),
      addOne.widthAnchor.constraint(lessThanOrEqualToConstant: 130), thirdOfTheWidth,
    ])
    for button in [addOne, addFive, startButton] {
      button.topAnchor.constraint(equalTo: reading.bottomAnchor, constant: 30).isActive = true
      button.heightAnchor.constraint(equalToConstant: 50).isActive = true
      if button !== addOne {
        button.widthAnchor.constraint(equalTo: addOne.widthAnchor).isActive = true
      }
    }
    self.reading = reading
    self.startButton = startButton
    buttons = [addOne, addFive, startButton].map { WeakButton(button: $0) }
    update()
  }

  private func add(minutes: Int) {
    remaining = min(remaining + minutes * 60, 99 * 60)
    update()
  }

  private func startOrStop() {
    if ticker == nil, remaining > 0 {
      ticker = ScheduledAction.after(1, repeating: 1) { [weak self] in self?.tick() }
    } else {
      ticker?.cancel()
      ticker = nil
    }
    update()
  }

  private func tick() {
    remaining = max(remaining - 1, 0)
    if remaining == 0 {
      ticker?.cancel()
      ticker = nil
    }
    update()
  }

  private func update() {
    let seconds = remaining % 60
    reading?.text = "\(remaining / 60):" + (seconds < 10 ? "0" : "") + "\(seconds)"
    startButton?.setTitle(ticker == nil ? "Start" : "Pause", for: .normal)
  }
}

/// A button held weakly: it belongs to the view, which may be released.
@MainActor
private struct WeakButton {
  weak var button: Button?
}

extension ViewController {
  /// The stopwatch's and the timer's large reading: added to the view, as wide as it, 90
  /// points high, a fifth of the way down.
  fileprivate func addClockReading() -> Label {
    let reading = Label(frame: .zero)
    reading.font = .systemFont(ofSize: 72)
    reading.textAlignment = .center
    reading.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(reading)
    LayoutConstraint.activate([
      reading.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      reading.trailingAnchor.constraint(equalTo: view.trailingAnchor),
      LayoutConstraint(
        item: reading, attribute: .top, relatedBy: .equal, toItem: view, attribute: .bottom,
        multiplier: 0.2, constant: 0),
      reading.heightAnchor.constraint(equalToConstant: 90),
    ])
    return reading
  }
}
