import KioskKit

/// Menu: one product, laid out by stack views (its picture beside a column of name,
/// description, size, quantity, price and "Order"). "Order" asks in an alert; the answer
/// shows under the button. The choices are the controller's, so a view loaded again (after
/// a memory warning) shows them.
@MainActor
final class MenuItemController: ViewController, StoryboardInstantiable {
  /// The product shown; the grid sets it in `prepare(for:sender:)`.
  var item = MenuItem.menu[0] {
    didSet { title = item.name }
  }
  private var sizeIndex = 1
  private var quantity = 1
  private var status = ""

  private weak var columns: StackView?
  private weak var priceLabel: Label?
  private weak var quantityLabel: Label?
  private weak var statusLabel: Label?
  /// Asks to order (the tour taps it).
  private(set) weak var orderButton: Button?

  override func viewDidLoad() {
    super.viewDidLoad()
    title = item.name
    view.backgroundColor = .white
    let picture = ImageView(image: DemoArt.dish(item.colors, size: 220))
    picture.contentMode = .scaleAspectFit
    let name = Label(frame: .zero)
    name.text = item.name
    name.font = .boldSystemFont(ofSize: 28)
    let blurb = Label(frame: .zero)
    blurb.text = item.blurb
    blurb.numberOfLines = 0
    blurb.font = .systemFont(ofSize: 18)
    blurb.textColor = .darkGray
    let sizes = SegmentedControl(items: MenuItem.sizes.map(\.0))
    sizes.selectedSegmentIndex = sizeIndex
    sizes.addTarget(
      self, action: { $0.sizeChanged(($1 as? SegmentedControl)?.selectedSegmentIndex) },
      for: .valueChanged)
    let quantityLabel = Label(frame: .zero)
    quantityLabel.font = .systemFont(ofSize: 18)
    let stepper = Stepper(frame: .zero)
    stepper.minimumValue = 1
    stepper.maximumValue = 9
    stepper.value = Double(quantity)
    stepper.addTarget(
      self, action: { $0.quantityChanged(($1 as? Stepper)?.value) }, for: .valueChanged)
    let quantityRow = StackView(arrangedSubviews: [quantityLabel, stepper])
    quantityRow.axis = .horizontal
    quantityRow.alignment = .center
    quantityRow.spacing = 16
    let priceLabel = Label(frame: .zero)
    priceLabel.font = .boldSystemFont(ofSize: 22)
    let orderButton = Button(type: .system)
    orderButton.setTitle("Order", for: .normal)
    orderButton.addTarget(self, action: { $0.askToOrder() }, for: .touchUpInside)
    let statusLabel = Label(frame: .zero)
    statusLabel.font = .systemFont(ofSize: 17)
    statusLabel.textColor = Color(hex: 0x248a3d)
    let details = StackView(arrangedSubviews: [
      name, blurb, sizes, quantityRow, priceLabel, orderButton, statusLabel,
    ])
    details.axis = .vertical
    details.alignment = .fill
    details.spacing = 14
    details.setCustomSpacing(6, after: name)
    let columns = StackView(arrangedSubviews: [picture, details])
    columns.axis = .horizontal
    columns.alignment = .center
    columns.distribution = .fillEqually
    columns.spacing = 32
    columns.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(columns)
    LayoutConstraint.activate([
      columns.topAnchor.constraint(equalTo: view.topAnchor, constant: 24),
      columns.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -24),
      columns.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 32),
      columns.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -32),
    ])
    self.columns = columns
    self.priceLabel = priceLabel
    self.quantityLabel = quantityLabel
    self.statusLabel = statusLabel
    self.orderButton = orderButton
    showChoices()
  }

  private var totalCents: Int { (item.cents + MenuItem.sizes[sizeIndex].1) * quantity }

  private func showChoices() {
    quantityLabel?.text = "Quantity: \(quantity)"
    priceLabel?.text = MenuItem.price(totalCents)
    statusLabel?.text = status
  }

  private func sizeChanged(_ index: Int?) {
    sizeIndex = max(index ?? sizeIndex, 0)
    showChoices()
  }

  private func quantityChanged(_ value: Double?) {
    quantity = Int(value ?? Double(quantity))
    showChoices()
  }

  /// "Order": an alert asks to confirm, with the order and its price.
  func askToOrder() {
    let size = MenuItem.sizes[sizeIndex].0
    let alert = AlertController(
      title: "Order \(quantity) × \(item.name)?",
      message: "\(size) · \(MenuItem.price(totalCents))", preferredStyle: .alert)
    alert.addAction(AlertAction(title: "Cancel", style: .cancel))
    let order = AlertAction(title: "Order", style: .default) { [weak self] _ in
      guard let self else { return }
      self.status = "Sent to the counter: \(self.quantity) × \(self.item.name)"
      self.showChoices()
    }
    alert.addAction(order)
    alert.preferredAction = order
    present(alert, animated: true)
  }
}
