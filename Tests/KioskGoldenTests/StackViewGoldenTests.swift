import KioskKit
import KioskTesting
import Testing

/// An order form built from nested stack views, placed by the controller's layout margins
/// (measured from its safe area), with a footer in the extra safe-area inset at the bottom.
@MainActor
private final class OrderFormController: ViewController {
  let form = StackView()
  let footer = Label()
  let note = Label()

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Order"
    view.backgroundColor = Color(hex: 0xf2f2f7)
    additionalSafeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: 36, right: 0)

    let heading = Label()
    heading.text = "Your order"
    heading.font = .boldSystemFont(ofSize: 22)

    let nameLabel = Label()
    nameLabel.text = "Name"
    nameLabel.setContentHuggingPriority(.defaultHigh, for: .horizontal)
    let name = TextField(frame: .zero)
    name.borderStyle = .roundedRect
    name.placeholder = "Full name"
    let nameRow = StackView(arrangedSubviews: [nameLabel, name])
    nameRow.spacing = 12
    nameRow.alignment = .center

    let wrapLabel = Label()
    wrapLabel.text = "Gift wrap"
    let wrap = Switch(frame: .zero)
    wrap.isOn = true
    let wrapRow = StackView(arrangedSubviews: [wrapLabel, wrap])
    wrapRow.alignment = .center

    note.text = "We will call your name when the order is ready at the counter."
    note.numberOfLines = 0
    note.font = .systemFont(ofSize: 15)
    note.textColor = Color(hex: 0x6c6c70)

    let cancel = Button(type: .system)
    cancel.setTitle("Cancel", for: .normal)
    cancel.tintColor = Color(hex: 0x8e8e93)
    let order = Button(type: .system)
    order.setTitle("Order", for: .normal)
    let buttons = StackView(arrangedSubviews: [cancel, order])
    buttons.distribution = .fillEqually
    buttons.spacing = 12

    for view in [heading, nameRow, wrapRow, note, buttons] as [View] {
      form.addArrangedSubview(view)
    }
    form.axis = .vertical
    form.spacing = 16
    form.setCustomSpacing(24, after: note)
    view.addSubview(form)

    footer.text = "Kiosk 3 · Hall B"
    footer.font = .systemFont(ofSize: 13)
    footer.textAlignment = .center
    footer.textColor = .white
    footer.backgroundColor = Color(hex: 0x3a3a3c)
    view.addSubview(footer)
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let guide = view.layoutMarginsGuide.layoutFrame
    let height = form.sizeThatFits(Size(width: guide.width, height: 0)).height
    form.frame = Rect(x: guide.minX, y: guide.minY + 16, width: guide.width, height: height)
    let bottom = view.safeAreaInsets.bottom
    footer.frame = Rect(
      x: 0, y: view.bounds.maxY - bottom, width: view.bounds.width, height: bottom)
  }
}

@MainActor
struct StackViewGoldenTests {
  /// The form in a navigation controller: rows of a label and a field, a label and a
  /// switch, a wrapped note and two equal buttons, inside the 16-point side margins; the
  /// footer fills the 36 points the controller adds to its safe area.
  @Test func orderFormOfNestedStacks() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 420), scale: 2)
    let form = OrderFormController()
    app.window.rootViewController = NavigationController(rootViewController: form)
    app.runUntilIdle()
    #expect(form.view.safeAreaInsets.bottom == 36)
    #expect(form.form.frame.minX == 16)
    try assertSnapshot(of: app, named: "stack-order-form")

    // Hiding the note closes its gap with an animation; at the end the buttons sit higher.
    let buttons = try #require(form.form.arrangedSubviews.last)
    let before = buttons.frame.minY
    View.animate(withDuration: 0.3) { form.note.isHidden = true }
    app.advance(by: 0.4)
    #expect(buttons.frame.minY < before)
    try assertSnapshot(of: app, named: "stack-order-form-note-hidden")
  }
}
