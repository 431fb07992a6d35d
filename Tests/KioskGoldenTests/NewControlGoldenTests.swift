import KioskKit
import KioskTesting
import Testing

/// The looks of the controls added for issue 18, compared with reference PNGs in Goldens/.
@MainActor
struct NewControlGoldenTests {
  /// Spinners (medium, large, coloured; stopped but shown), progress bars (default, bar,
  /// tinted), segmented controls (selected, pressed, a disabled segment, tinted, disabled)
  /// and steppers (at the minimum, in the middle with + pressed, at the maximum, disabled).
  @Test func activityProgressSegmentsAndSteppers() throws {
    let app = try TestApplication(pointSize: Size(width: 360, height: 400), scale: 2)
    app.window.backgroundColor = Color(hex: 0xf2f2f7)

    let medium = ActivityIndicatorView(style: .medium)
    medium.center = Point(x: 30, y: 30)
    let large = ActivityIndicatorView(style: .large)
    large.center = Point(x: 80, y: 30)
    let colored = ActivityIndicatorView(style: .large)
    colored.color = .systemBlue
    colored.center = Point(x: 130, y: 30)
    let stopped = ActivityIndicatorView(style: .medium)
    stopped.hidesWhenStopped = false
    stopped.center = Point(x: 180, y: 30)
    for spinner in [medium, large, colored, stopped] { app.window.addSubview(spinner) }
    for spinner in [medium, large, colored] { spinner.startAnimating() }

    let progress = ProgressView(progressViewStyle: .default)
    progress.frame = Rect(x: 210, y: 18, width: 138, height: 4)
    progress.progress = 0.3
    let bar = ProgressView(progressViewStyle: .bar)
    bar.frame = Rect(x: 210, y: 30, width: 138, height: 4)
    bar.progress = 0.7
    bar.trackTintColor = Color(hex: 0xd1d1d6)
    let tinted = ProgressView(progressViewStyle: .default)
    tinted.frame = Rect(x: 210, y: 42, width: 138, height: 4)
    tinted.progressTintColor = Color(hex: 0x34c759)
    tinted.progress = 0.55
    for view in [progress, bar, tinted] { app.window.addSubview(view) }

    func segmented(_ y: Double, _ items: [String]) -> SegmentedControl {
      let control = SegmentedControl(items: items)
      control.frame = Rect(x: 12, y: y, width: 336, height: 32)
      app.window.addSubview(control)
      return control
    }
    let plain = segmented(70, ["Small", "Medium", "Large"])
    plain.selectedSegmentIndex = 1
    let pressed = segmented(114, ["Day", "Week", "Month", "Year"])
    pressed.selectedSegmentIndex = 0
    pressed.setEnabled(false, forSegmentAt: 3)
    let tint = segmented(158, ["Map", "Transit", "Satellite"])
    tint.selectedSegmentTintColor = .systemBlue
    tint.selectedSegmentIndex = 2
    let disabled = segmented(202, ["On", "Off"])
    disabled.selectedSegmentIndex = 0
    disabled.isEnabled = false

    let steppers = (0..<4).map { index in
      let stepper = Stepper(frame: Rect(x: 12 + Double(index) * 86, y: 260, width: 0, height: 0))
      stepper.frame.size = Size(width: 80, height: 32)
      app.window.addSubview(stepper)
      return stepper
    }
    steppers[1].value = 5
    steppers[2].maximumValue = 3
    steppers[2].value = 3
    steppers[3].value = 5
    steppers[3].isEnabled = false

    // A full-width stepper row at UIKit's size, pressed on +.
    let held = Stepper(frame: Rect(x: 12, y: 310, width: 0, height: 0))
    held.value = 5
    app.window.addSubview(held)

    app.runUntilIdle()
    app.advance(by: 0.3)  // the spinners two steps on
    // A finger on "Week" (a segment other than the selected one) and one on + stay down.
    app.touch(.began, at: Point(x: 12 + 84 + 42, y: 130), finger: 0)
    app.touch(.began, at: Point(x: 12 + 70, y: 326), finger: 1)
    try assertSnapshot(of: app, named: "new-controls")
    app.touch(.ended, at: Point(x: 12 + 84 + 42, y: 130), finger: 0)
    app.touch(.ended, at: Point(x: 12 + 70, y: 326), finger: 1)
  }

  /// A list pulled down and refreshing: the spinner and its title in the room above the
  /// content.
  @Test func refreshControlRefreshing() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240), scale: 2)
    let scrollView = ScrollView(frame: app.window.bounds)
    scrollView.backgroundColor = Color(hex: 0xf2f2f7)
    scrollView.showsVerticalScrollIndicator = false
    for row in 0..<8 {
      let label = Label(frame: Rect(x: 0, y: Double(row) * 44, width: 320, height: 43))
      label.backgroundColor = .white
      label.text = "   Order \(row + 1)"
      scrollView.addSubview(label)
    }
    scrollView.contentSize = Size(width: 320, height: 8 * 44)
    let refresh = RefreshControl()
    refresh.title = "Checking for orders…"
    scrollView.refreshControl = refresh
    app.window.addSubview(scrollView)
    app.runUntilIdle()
    refresh.beginRefreshing()
    app.advance(by: 1)
    try assertSnapshot(of: app, named: "refresh-control-refreshing")
  }
}
