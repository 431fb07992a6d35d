import KioskKit
import KioskTesting
import Testing

/// A café's order screen: a bar with a title and an "Order" label standing for a button, and a few rows.
@MainActor
private final class OrderScreen: ViewController {
  let orderButton = Label(frame: .zero)

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0xf2f2f7)
    let width = view.bounds.width
    let bar = Label(frame: Rect(x: 0, y: 0, width: width, height: 44))
    bar.autoresizingMask = [.flexibleWidth]
    bar.backgroundColor = Color(hex: 0x34c759)
    bar.text = "Table 4"
    bar.textAlignment = .center
    bar.textColor = .white
    bar.font = .boldSystemFont(ofSize: 18)
    view.addSubview(bar)
    orderButton.frame = Rect(x: width - 96, y: 6, width: 88, height: 32)
    orderButton.autoresizingMask = [.flexibleLeftMargin]
    orderButton.text = "Order"
    orderButton.textAlignment = .center
    orderButton.textColor = .white
    orderButton.font = .systemFont(ofSize: 17)
    view.addSubview(orderButton)
    for (index, row) in ["Flat white", "Croissant", "Orange juice", "Lemon cake"].enumerated() {
      let label = Label(
        frame: Rect(x: 0, y: 52 + Double(index) * 41, width: width, height: 40))
      label.autoresizingMask = [.flexibleWidth]
      label.backgroundColor = .white
      label.text = "   " + row
      label.font = .systemFont(ofSize: 16)
      view.addSubview(label)
    }
  }
}

@MainActor
struct AlertGoldenTests {
  private func orderScreen(width: Double, height: Double) throws -> (
    TestApplication, OrderScreen
  ) {
    let app = try TestApplication(pointSize: Size(width: width, height: height), scale: 2)
    let screen = OrderScreen()
    app.window.rootViewController = screen
    app.runUntilIdle()
    return (app, screen)
  }

  /// An action sheet of three actions and a cancel action.
  private func shareSheet() -> AlertController {
    let sheet = AlertController(
      title: "Share the receipt", message: nil, preferredStyle: .actionSheet)
    sheet.addAction(AlertAction(title: "Print", style: .default))
    sheet.addAction(AlertAction(title: "Email", style: .default))
    sheet.addAction(AlertAction(title: "Delete", style: .destructive))
    sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
    return sheet
  }

  /// An alert with two short actions side by side, the cancel action (bold) on the left.
  @Test func alertWithTwoActions() throws {
    let (app, screen) = try orderScreen(width: 400, height: 300)
    let alert = AlertController(
      title: "Send the order?", message: "Four items for table 4.", preferredStyle: .alert)
    alert.addAction(AlertAction(title: "Send", style: .default))
    alert.addAction(AlertAction(title: "Cancel", style: .cancel))
    screen.present(alert, animated: true)
    app.advance(by: 0.35)
    try assertSnapshot(of: app, named: "alert-two-actions")
  }

  /// Three stacked actions: the preferred one bold, the destructive one red, cancel last.
  @Test func alertWithThreeStackedActions() throws {
    let (app, screen) = try orderScreen(width: 400, height: 300)
    let alert = AlertController(
      title: "Table 4", message: "The order has not been sent.", preferredStyle: .alert)
    let send = AlertAction(title: "Send Now", style: .default)
    alert.addAction(AlertAction(title: "Cancel", style: .cancel))
    alert.addAction(send)
    alert.addAction(AlertAction(title: "Delete Order", style: .destructive))
    alert.preferredAction = send
    screen.present(alert, animated: true)
    app.advance(by: 0.35)
    try assertSnapshot(of: app, named: "alert-three-stacked")
  }

  /// An alert with a text field being edited: the card sits above the on-screen keyboard,
  /// "OK" is dimmed until something is typed.
  @Test func alertWithATextField() throws {
    let (app, screen) = try orderScreen(width: 640, height: 480)
    let alert = AlertController(
      title: "Name for the order", message: "We call it out when it is ready.",
      preferredStyle: .alert)
    let ok = AlertAction(title: "OK", style: .default)
    ok.isEnabled = false
    alert.addAction(AlertAction(title: "Cancel", style: .cancel))
    alert.addAction(ok)
    alert.preferredAction = ok
    alert.addTextField { $0.placeholder = "Name" }
    screen.present(alert, animated: true)
    app.advance(by: 0.35)
    app.advance(by: 0.3)
    try assertSnapshot(of: app, named: "alert-text-field")
  }

  /// An action sheet at the bottom of a compact screen, its cancel action in its own card.
  @Test func actionSheetAtTheBottom() throws {
    let (app, screen) = try orderScreen(width: 360, height: 520)
    let sheet = shareSheet()
    screen.present(sheet, animated: true)
    app.advance(by: 0.35)
    try assertSnapshot(of: app, named: "alert-action-sheet-bottom")
  }

  /// The same action sheet on a regular-width screen: a popover under the Order button,
  /// without the cancel action.
  @Test func actionSheetAsAPopover() throws {
    let (app, screen) = try orderScreen(width: 768, height: 480)
    let sheet = shareSheet()
    sheet.popoverPresentationController?.sourceView = screen.orderButton
    screen.present(sheet, animated: true)
    app.advance(by: 0.35)
    #expect(sheet.popoverPresentationController?.arrowDirection == .up)
    try assertSnapshot(of: app, named: "alert-action-sheet-popover")
  }
}
