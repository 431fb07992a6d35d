import KioskBase
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
/// fields for the name, the phone number (a phone pad) and the e-mail address (the e-mail
/// keyboard), and names to choose from. Done hands the contact to the delegate. The choices are
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
  /// The two arrangements of the fields and the table: one is active at a time.
  private var fieldsBeside: [LayoutConstraint] = []
  private var fieldsUnder: [LayoutConstraint] = []
  private lazy var doneItem = BarButtonItem(
    barButtonSystemItem: .done, target: self, action: { $0.done() })
  /// The fields: the controller's, so what was typed outlives a reloaded view.
  let nameField = NewContactController.makeField("Name", type: .default, next: .next)
  let phoneField = NewContactController.makeField("Phone", type: .phonePad, next: .next)
  let emailField = NewContactController.makeField("E-mail", type: .emailAddress, next: .done)

  private static func makeField(_ placeholder: String, type: KeyboardType, next: ReturnKeyType)
    -> TextField
  {
    let field = TextField(frame: .zero)
    field.placeholder = placeholder
    field.borderStyle = .roundedRect
    field.keyboardType = type
    field.returnKeyType = next
    field.clearButtonMode = .whileEditing
    if type != .default { field.autocapitalizationType = .none }
    return field
  }

  /// The name typed, trimmed; `nil` when none.
  private var typedName: String? {
    let name = (nameField.text ?? "").trimmingWhitespace()
    return name.isEmpty ? nil : name
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0xf2f2f7)
    navigationItem.leftBarButtonItem = BarButtonItem(
      barButtonSystemItem: .cancel, target: self, action: { $0.cancel() })
    navigationItem.rightBarButtonItem = doneItem
    updateDone()
    let fields = [nameField, phoneField, emailField]
    for (index, field) in fields.enumerated() {
      field.addTarget(self, action: { $0.updateDone() }, for: .editingChanged)
      // Return goes on to the next field; the last one ends editing.
      field.addTarget(
        self,
        action: { controller in
          if index + 1 < fields.count {
            fields[index + 1].becomeFirstResponder()
          } else {
            fields[index].resignFirstResponder()
          }
        }, for: .editingDidEndOnExit)
    }
    let photo = ImageView(image: Contact.portrait(portrait, size: 120))
    let addPhotoButton = Button(type: .system)
    addPhotoButton.setTitle(portrait == nil ? "Add Photo" : "Change Photo", for: .normal)
    Storyboard.connect(addPhotoButton, to: "choosePhoto", in: self)
    let table = TableView(frame: .zero, style: .plain)
    table.register(TableViewCell.self, forCellReuseIdentifier: "name")
    table.dataSource = self
    table.delegate = self
    for subview in [photo, addPhotoButton, nameField, phoneField, emailField, table] as [View] {
      subview.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(subview)
    }
    // The portrait with its button at the top left; the fields one under the other, 52
    // points apart; the names under them to the bottom.
    LayoutConstraint.activate([
      photo.topAnchor.constraint(equalTo: view.topAnchor, constant: 24),
      photo.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 30),
      photo.widthAnchor.constraint(equalToConstant: 120),
      photo.heightAnchor.constraint(equalToConstant: 120),
      addPhotoButton.topAnchor.constraint(equalTo: view.topAnchor, constant: 152),
      addPhotoButton.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 10),
      addPhotoButton.widthAnchor.constraint(equalToConstant: 160),
      addPhotoButton.heightAnchor.constraint(equalToConstant: 44),
      phoneField.topAnchor.constraint(equalTo: nameField.topAnchor, constant: 52),
      emailField.topAnchor.constraint(equalTo: phoneField.topAnchor, constant: 52),
      table.topAnchor.constraint(equalTo: emailField.topAnchor, constant: 52),
    ])
    for field in [nameField, phoneField, emailField] {
      field.heightAnchor.constraint(equalToConstant: 44).isActive = true
      if field !== nameField {
        field.leadingAnchor.constraint(equalTo: nameField.leadingAnchor).isActive = true
        field.trailingAnchor.constraint(equalTo: nameField.trailingAnchor).isActive = true
      }
    }
    // Beside the portrait, the table under the fields only; under it, the table as wide as
    // the screen.
    fieldsBeside = [
      nameField.topAnchor.constraint(equalTo: view.topAnchor, constant: 24),
      nameField.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 190),
      nameField.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
      table.leadingAnchor.constraint(equalTo: nameField.leadingAnchor),
      table.trailingAnchor.constraint(equalTo: nameField.trailingAnchor),
      table.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -24),
    ]
    fieldsUnder = [
      nameField.topAnchor.constraint(equalTo: view.topAnchor, constant: 210),
      nameField.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
      nameField.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
      table.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      table.trailingAnchor.constraint(equalTo: view.trailingAnchor),
      table.bottomAnchor.constraint(equalTo: view.bottomAnchor),
    ]
    self.photo = photo
    self.addPhotoButton = addPhotoButton
    self.table = table
  }

  /// The fields beside the portrait when the screen is at least 480 points wide, else under
  /// it.
  override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    let beside = view.bounds.width >= 480
    LayoutConstraint.deactivate(beside ? fieldsUnder : fieldsBeside)
    LayoutConstraint.activate(beside ? fieldsBeside : fieldsUnder)
  }

  /// Picks name `row`.
  func chooseName(row: Int) {
    guard names.indices.contains(row) else { return }
    let previous = chosenName
    chosenName = row
    nameField.text = names[row]
    updateDone()
    table?.reloadRows(
      at: Set([previous, row].compactMap { $0 }).map { IndexPath(row: $0, section: 0) },
      with: .none)
  }

  /// Done needs a name, typed or chosen.
  private func updateDone() {
    doneItem.isEnabled = typedName != nil
  }

  /// Done: hands the contact to the delegate.
  func done() {
    guard let typedName else { return }
    delegate?.newContactController(
      self,
      didFinishWith: Contact(
        name: typedName, portrait: portrait, phone: phoneField.text ?? "",
        email: emailField.text ?? ""))
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
    "Or pick a name"
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
