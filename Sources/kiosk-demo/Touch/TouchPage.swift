import KioskKit

/// Touch: a button that counts its taps, a switch and a slider, each with a label that
/// says what it last did, and a card that follows a dragging finger (a pan gesture) and
/// goes home on a double tap. On a screen at least 700 points wide, a second column adds a
/// segmented control, a stepper, a progress bar that follows the slider with a spinner
/// that turns while it catches up, and a photo to pinch and double-tap (a zooming scroll
/// view). The page only shows: `TouchController` keeps the state and puts it in
/// the labels, so a page loaded again looks the same.
@MainActor
final class TouchPage: View, ScrollViewDelegate {
  let button = Button(type: .system)
  let buttonLabel = Label(frame: .zero)
  let toggle = Switch(frame: .zero)
  let toggleLabel = Label(frame: .zero)
  let slider = Slider(frame: .zero)
  let sliderLabel = Label(frame: .zero)
  let cardLabel = Label(frame: Rect(x: 0, y: 0, width: 150, height: 96))
  /// Where the card lies (set before the first layout); `nil` keeps it at home.
  var cardCenter: Point?
  /// Called when the card was dragged or went home: its centre (`nil`: home) and caption.
  var cardMoved: ((Point?, String) -> Void)?
  private let card = View(frame: Rect(x: 0, y: 0, width: 150, height: 96))
  let drinks = SegmentedControl(items: ["Tea", "Coffee", "Juice"])
  let cups = Stepper(frame: .zero)
  let cupsLabel = Label(frame: .zero)
  let progress = ProgressView(progressViewStyle: .default)
  let spinner = ActivityIndicatorView(style: .medium)
  let photoScroller = ScrollView(frame: .zero)
  let photo = ImageView(image: DemoArt.landscape(size: Size(width: 360, height: 200)))
  /// The views of the second column, shown on wide screens only.
  private var secondColumn: [View] { [drinks, cups, cupsLabel, progress, spinner, photoScroller] }

  override init(frame: Rect) {
    super.init(frame: frame)
    button.setTitle("Tap me", for: .normal)
    toggle.accessibilityLabel = "Switch"
    slider.accessibilityLabel = "Volume"
    for label in [buttonLabel, toggleLabel, sliderLabel] {
      label.font = .systemFont(ofSize: 20)
      label.textColor = .darkGray
    }
    for view in [button, buttonLabel, toggle, toggleLabel, slider, sliderLabel] as [View] {
      addSubview(view)
    }
    // Apple's accessible orange: white text on it keeps 5.3:1 (on #ff9500 it had 2.2:1).
    card.backgroundColor = Color(hex: 0xc93400)
    cardLabel.font = .boldSystemFont(ofSize: 20)
    cardLabel.textColor = .white
    cardLabel.textAlignment = .center
    card.addSubview(cardLabel)
    card.addGestureRecognizer(
      PanGestureRecognizer(target: self) { page, pan in page.dragCard(pan) })
    let goHome = TapGestureRecognizer(target: self) { page, _ in page.sendCardHome() }
    goHome.numberOfTapsRequired = 2
    card.addGestureRecognizer(goHome)
    addSubview(card)
    setUpSecondColumn()
  }

  private func setUpSecondColumn() {
    cups.minimumValue = 1
    cups.maximumValue = 8
    cupsLabel.font = .systemFont(ofSize: 20)
    cupsLabel.textColor = .darkGray
    photo.isUserInteractionEnabled = true
    photoScroller.addSubview(photo)
    photoScroller.contentSize = photo.bounds.size
    photoScroller.minimumZoomScale = 1
    photoScroller.maximumZoomScale = 4
    photoScroller.delegate = self
    photoScroller.backgroundColor = Color(hex: 0xe5e5ea)
    photoScroller.layer.cornerRadius = 12
    photoScroller.layer.masksToBounds = true
    // Double tap: in to where the finger is, or back out, as apps write it on UIKit.
    let doubleTap = TapGestureRecognizer(target: self) { page, tap in page.zoomPhoto(tap) }
    doubleTap.numberOfTapsRequired = 2
    photoScroller.addGestureRecognizer(doubleTap)
    for view in secondColumn { addSubview(view) }
  }

  private func zoomPhoto(_ tap: TapGestureRecognizer) {
    let scroller = photoScroller
    guard scroller.zoomScale <= scroller.minimumZoomScale else {
      scroller.setZoomScale(scroller.minimumZoomScale, animated: true)
      return
    }
    let point = tap.location(in: photo)
    let width = scroller.bounds.width / 2.5
    let height = scroller.bounds.height / 2.5
    scroller.zoom(
      to: Rect(x: point.x - width / 2, y: point.y - height / 2, width: width, height: height),
      animated: true)
  }

  /// Where the card rests when nobody moved it: the bottom right corner.
  private var cardHome: Point {
    Point(x: bounds.width - card.bounds.width / 2 - 40, y: bounds.height - 90)
  }

  override func layoutSubviews() {
    let left = 40.0
    let controlWidth = min(220, bounds.width * 0.4)
    let labelX = left + controlWidth + 24
    let wide = bounds.width >= 700
    let labelWidth = max((wide ? bounds.width / 2 - 20 : bounds.width) - labelX - 20, 0)
    let rowHeight = min(70, bounds.height / 4)
    for (row, (control, label)) in [
      (button, buttonLabel), (toggle, toggleLabel), (slider, sliderLabel),
    ]
    .enumerated() {
      let y = 30 + Double(row) * rowHeight
      let size =
        control === toggle ? control.sizeThatFits(.zero) : Size(width: controlWidth, height: 44)
      control.frame = Rect(
        x: left, y: y + (44 - size.height) / 2, width: size.width, height: size.height)
      label.frame = Rect(x: labelX, y: y, width: labelWidth, height: 44)
    }
    for view in secondColumn where view !== spinner { view.isHidden = !wide }
    // The spinner shows itself while it turns (hidesWhenStopped); a narrow page has none.
    spinner.isHidden = !wide || !spinner.isAnimating
    if wide { layOutSecondColumn(rowHeight: rowHeight) }
    card.center = cardCenter ?? cardHome
  }

  private func layOutSecondColumn(rowHeight: Double) {
    let x = bounds.width / 2 + 20
    let width = bounds.width - x - 40
    drinks.frame = Rect(x: x, y: 36, width: min(300, width), height: 32)
    cups.frame = Rect(origin: Point(x: x, y: 36 + rowHeight), size: cups.sizeThatFits(.zero))
    cupsLabel.frame = Rect(x: x + 118, y: 30 + rowHeight, width: max(width - 118, 0), height: 44)
    progress.frame = Rect(x: x, y: 50 + 2 * rowHeight, width: max(width - 60, 0), height: 4)
    spinner.frame = Rect(
      origin: Point(x: x + width - 30, y: 42 + 2 * rowHeight), size: spinner.sizeThatFits(.zero))
    let photoTop = 30 + 3 * rowHeight
    photoScroller.frame = Rect(
      x: 40, y: photoTop, width: min(360, bounds.width / 2 - 60),
      height: max(min(200, bounds.height - photoTop - 20), 0))
  }

  private func dragCard(_ pan: PanGestureRecognizer) {
    let moved = pan.translation(in: self)
    let center = Point(x: card.center.x + moved.x, y: card.center.y + moved.y)
    card.center = center
    cardCenter = center
    pan.setTranslation(.zero, in: self)
    cardMoved?(center, pan.state == .ended ? "Dropped" : "Dragging")
  }

  private func sendCardHome() {
    cardCenter = nil
    View.animate(withDuration: 0.3) { self.card.center = self.cardHome }
    cardMoved?(nil, "Drag me")
  }

  func viewForZooming(in scrollView: ScrollView) -> View? { photo }
}
