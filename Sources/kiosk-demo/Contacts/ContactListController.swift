import KioskKit

/// A person of the Contacts example.
struct Contact: Equatable {
  var name: String
  /// The index of the portrait in `Contact.portraits`, if one was chosen.
  var portrait: Int?
  /// The phone number and e-mail address typed ("" for none).
  var phone = ""
  var email = ""

  /// The portraits the photo picker offers: background and shirt colours.
  static let portraits: [(background: UInt32, shirt: UInt32)] = [
    (0xcfe8ff, 0x007aff), (0xffe1cc, 0xff9500), (0xd9f5dd, 0x34c759), (0xeee0ff, 0xaf52de),
    (0xffd6dc, 0xff2d55), (0xe5e5ea, 0x636366),
  ]

  /// The names New Contact offers besides typing one.
  static let suggestions = ["Grace Hopper", "Alan Turing", "Ada Lovelace", "Sofia Kovalevskaya"]

  @MainActor
  static func portrait(_ index: Int?, size: Double) -> Image? {
    guard let index, portraits.indices.contains(index) else {
      return DemoArt.portrait(background: 0xe5e5ea, shirt: 0xc7c7cc, size: size)
    }
    return DemoArt.portrait(
      background: portraits[index].background, shirt: portraits[index].shirt, size: size)
  }
}

/// Contacts: the people. "+" presents New Contact (segue "newContact"), which can itself
/// present the photo picker: a chain of two presentations (figure 1-10 of seed 000). New
/// Contact reports back through `NewContactDelegate`, and this list dismisses it.
@MainActor
final class ContactListController: ScaledRowsTableViewController, StoryboardInstantiable,
  NewContactDelegate
{
  private(set) var contacts = [
    Contact(name: "Katherine Johnson", portrait: 0), Contact(name: "Linus Torvalds", portrait: 5),
  ]

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(TableViewCell.self, forCellReuseIdentifier: "contact")
    designRowHeight = 60
    navigationItem.rightBarButtonItem = BarButtonItem(
      barButtonSystemItem: .add, target: self, action: { $0.addContact() })
  }

  /// "+": presents New Contact.
  func addContact() {
    performSegue(withIdentifier: "newContact", sender: self)
  }

  override func prepare(for segue: StoryboardSegue, sender: Any?) {
    let navigation = segue.destination as? NavigationController
    guard let form = navigation?.viewControllers.first as? NewContactController else { return }
    form.delegate = self
    form.names = Contact.suggestions.filter { name in !contacts.contains { $0.name == name } }
  }

  func newContactController(_ controller: NewContactController, didFinishWith contact: Contact?) {
    if let contact {
      contacts.append(contact)
      if isViewLoaded {
        tableView.insertRows(
          at: [IndexPath(row: contacts.count - 1, section: 0)], with: .automatic)
      }
    }
    dismiss(animated: true)
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    contacts.count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
    let contact = contacts[indexPath.row]
    cell.textLabel?.text = contact.name
    cell.detailTextLabel?.text = [contact.phone, contact.email].filter { !$0.isEmpty }.joined(
      separator: " · ")
    cell.imageView?.image = Contact.portrait(contact.portrait, size: 44)
    cell.selectionStyle = .none
    return cell
  }
}
