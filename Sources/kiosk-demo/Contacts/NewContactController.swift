import KioskKit

/// What New Contact tells the controller that presented it.
@MainActor
protocol NewContactDelegate: AnyObject {
  /// The person finished: `contact` is the new contact, or `nil` when they cancelled. The
  /// delegate keeps it and dismisses New Contact.
  func newContactController(_ controller: NewContactController, didFinishWith contact: Contact?)
}

/// Contacts: New Contact, presented in a navigation controller. A portrait with an "Add
/// Photo" button that presents the photo picker (segue "choosePhoto") over this screen,
/// and the names to choose from. Done hands the contact to the delegate. The choices are
/// the controller's; the view is built from them whenever it loads (the photo picker
/// covers this screen, and a memory warning may release it meanwhile).
@MainActor
final class NewContactController: ViewController, StoryboardInstantiable,
  TableViewDataSource, TableViewDelegate, PhotoPickerDelegate
{
  weak var delegate: NewContactDelegate?
  /// The names offered.
  var names: [String] = []
  private(set) var chosenName: Int?
  private(set) var portrait: Int?
  private weak var photo: ImageView?
  /// Presents the photo picker.
  private(set) weak var addPhotoButton: Button?
  private weak var table: TableView?
  private lazy var doneItem = BarButtonItem(
    barButtonSystemItem: .done, target: self, action: { $0.done() })

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0xf2f2f7)
    navigationItem.leftBarButtonItem = BarButtonItem(
      barButtonSystemItem: .cancel, target: self, action: { $0.cancel() })
    doneItem.isEnabled = chosenName != nil
    navigationItem.rightBarButtonItem = doneItem
    let photo = ImageView(image: Contact.portrait(portrait, size: 120))
    let addPhotoButton = Button(type: .system)
    addPhotoButton.setTitle(portrait == nil ? "Add Photo" : "Change Photo", for: .normal)
    Storyboard.connect(addPhotoButton, to: "choosePhoto", in: self)
    let table = TableView(frame: .zero, style: .plain)
    table.register(TableViewCell.self, forCellReuseIdentifier: "name")
    table.dataSource = self
    table.delegate = self
    for subview in [photo, addPhotoButton, table] as [View] { view.addSubview(subview) }
    self.photo = photo
    self.addPhotoButton = addPhotoButton
    self.table = table
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let bounds = view.bounds
    photo?.frame = Rect(x: 30, y: 24, width: 120, height: 120)
    addPhotoButton?.frame = Rect(x: 10, y: 152, width: 160, height: 44)
    // The names beside the portrait when there is room, else under it.
    let beside = bounds.width >= 480
    table?.frame =
      beside
      ? Rect(x: 190, y: 24, width: bounds.width - 210, height: max(bounds.height - 48, 0))
      : Rect(x: 0, y: 210, width: bounds.width, height: max(bounds.height - 210, 0))
  }

  /// Picks name `row`.
  func chooseName(row: Int) {
    guard names.indices.contains(row) else { return }
    let previous = chosenName
    chosenName = row
    doneItem.isEnabled = true
    table?.reloadRows(
      at: Set([previous, row].compactMap { $0 }).map { IndexPath(row: $0, section: 0) },
      with: .none)
  }

  /// Done: hands the contact to the delegate.
  func done() {
    guard let chosenName else { return }
    delegate?.newContactController(
      self, didFinishWith: Contact(name: names[chosenName], portrait: portrait))
  }

  private func cancel() {
    delegate?.newContactController(self, didFinishWith: nil)
  }

  override func prepare(for segue: StoryboardSegue, sender: Any?) {
    (segue.destination as? PhotoPickerController)?.delegate = self
  }

  func photoPicker(_ picker: PhotoPickerController, didPick portrait: Int?) {
    if let portrait {
      self.portrait = portrait
      photo?.image = Contact.portrait(portrait, size: 120)
      addPhotoButton?.setTitle("Change Photo", for: .normal)
    }
    dismiss(animated: true)
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    names.count
  }

  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    "Name"
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "name", for: indexPath)
    cell.textLabel?.text = names[indexPath.row]
    cell.accessoryType = chosenName == indexPath.row ? .checkmark : .none
    return cell
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    chooseName(row: indexPath.row)
  }
}
