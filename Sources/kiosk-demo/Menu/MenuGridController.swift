import KioskKit

/// Menu: the café's products as a grid of cards (a collection view with a flow layout).
/// A card shows the product (segue "showItem") in a detail screen built from stack views,
/// where "Order" asks for confirmation in an alert.
@MainActor
final class MenuGridController: CollectionViewController, StoryboardInstantiable {
  let items = MenuItem.menu

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.backgroundColor = Color(hex: 0xf2f2f7)
    collectionView.register(MenuCardCell.self, forCellWithReuseIdentifier: "card")
    if let flow = collectionViewLayout as? CollectionViewFlowLayout {
      flow.itemSize = Size(width: 150, height: 190)
      flow.minimumLineSpacing = 20
      flow.minimumInteritemSpacing = 16
      flow.sectionInset = EdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
    }
  }

  /// The cards' pictures are a cache: drawn again when needed.
  override func didReceiveMemoryWarning() {
    super.didReceiveMemoryWarning()
    MenuCardCell.forgetPictures()
  }

  override func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    items.count
  }

  override func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
  ) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "card", for: indexPath)
    (cell as? MenuCardCell)?.show(items[indexPath.item])
    return cell
  }

  override func collectionView(
    _ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath
  ) {
    showItem(at: indexPath.item)
  }

  /// Shows product `index` (what a tap on its card does).
  func showItem(at index: Int) {
    guard items.indices.contains(index) else { return }
    performSegue(withIdentifier: "showItem", sender: index)
  }

  override func prepare(for segue: StoryboardSegue, sender: Any?) {
    if segue.identifier == "showItem", let detail = segue.destination as? MenuItemController,
      let index = sender as? Int
    {
      detail.item = items[index]
    }
  }
}

/// A product's card: a white plate with rounded corners and a soft shadow (layer styling,
/// cached: scrolling the grid moves the cards without drawing them again), its picture,
/// name and price.
final class MenuCardCell: CollectionViewCell {
  private let picture = ImageView(frame: .zero)
  private let name = Label(frame: .zero)
  private let price = Label(frame: .zero)

  override init(frame: Rect) {
    super.init(frame: frame)
    contentView.backgroundColor = .white
    contentView.layer.cornerRadius = 14
    contentView.layer.masksToBounds = true
    layer.shadowOpacity = 0.16
    layer.shadowRadius = 6
    layer.shadowOffset = Size(width: 0, height: 3)
    let highlight = View(frame: .zero)
    highlight.backgroundColor = Color(hex: 0xe5e5ea)
    highlight.layer.cornerRadius = 14
    selectedBackgroundView = highlight
    picture.contentMode = .scaleAspectFit
    name.font = .boldSystemFont(ofSize: 16)
    name.textAlignment = .center
    price.font = .systemFont(ofSize: 15)
    price.textColor = Color(hex: 0x6b6b70)
    price.textAlignment = .center
    for view in [picture, name, price] as [View] { contentView.addSubview(view) }
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    layer.shadowPath = Path(roundedRect: bounds, cornerRadius: 14)
    let width = bounds.width
    picture.frame = Rect(x: 20, y: 14, width: width - 40, height: bounds.height - 76)
    name.frame = Rect(x: 6, y: bounds.height - 58, width: width - 12, height: 22)
    price.frame = Rect(x: 6, y: bounds.height - 33, width: width - 12, height: 20)
  }

  /// Each product's picture, drawn once: cards are reused as the grid scrolls.
  private static var pictures: [String: Image] = [:]

  /// Empties the pictures' cache (a memory warning).
  static func forgetPictures() { pictures.removeAll() }

  func show(_ item: MenuItem) {
    if Self.pictures[item.name] == nil {
      Self.pictures[item.name] = DemoArt.dish(item.colors, size: 110)
    }
    picture.image = Self.pictures[item.name]
    name.text = item.name
    price.text = MenuItem.price(item.cents)
  }
}
