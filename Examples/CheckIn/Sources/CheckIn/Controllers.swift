import Foundation
import KioskKit

/// The first screen: the venue's logo and name, and a button to check in.
final class WelcomeController: ViewController {
  private let logo = ImageView()
  private let greeting = Label()
  let checkInButton = Button(type: .system)
  private var venueObserver: NotificationCenter.ObservationToken?

  isolated deinit {
    if let venueObserver { NotificationCenter.default.removeObserver(venueObserver) }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    do {
      logo.image = try Image(
        named: "Resources/logo", in: ResourceBundle(path: Bundle.module.bundlePath))
    } catch {
      print("check-in: \(error)")
    }
    greeting.font = .boldSystemFont(ofSize: 32)
    greeting.textAlignment = .center
    checkInButton.setTitle("Check in", for: .normal)
    Storyboard.connect(checkInButton, to: "checkIn", in: self)
    for subview in [logo, greeting, checkInButton] {
      subview.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(subview)
    }
    // Around the middle of the screen: the logo above, the greeting across, the button below.
    LayoutConstraint.activate([
      logo.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      logo.centerYAnchor.constraint(equalTo: view.centerYAnchor, constant: -102),
      logo.widthAnchor.constraint(equalToConstant: 96),
      logo.heightAnchor.constraint(equalToConstant: 96),
      greeting.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
      greeting.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
      greeting.centerYAnchor.constraint(equalTo: view.centerYAnchor, constant: -18),
      greeting.heightAnchor.constraint(equalToConstant: 44),
      checkInButton.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      checkInButton.topAnchor.constraint(equalTo: view.centerYAnchor, constant: 30),
      checkInButton.widthAnchor.constraint(equalToConstant: 220),
      checkInButton.heightAnchor.constraint(equalToConstant: 60),
    ])
    // The venue may change with reload-config: the greeting follows it.
    venueObserver = NotificationCenter.default.addObserver(
      of: nil as Application?, for: Application.OptionsDidChangeMessage.self
    ) { [weak self] _ in self?.showVenue() }
    showVenue()
  }

  private func showVenue() {
    greeting.text = "Welcome to \(currentOptions.venue)"
  }

}

/// The form: a name and the party's size, each typed on the on-screen keyboard.
final class CheckInFormController: ViewController {
  let book: VisitorBook
  let nameField = TextField(frame: .zero)
  let partyField = TextField(frame: .zero)
  let doneButton = Button(type: .system)
  private let note = Label()
  /// The visit just made, for the confirmation.
  private(set) var lastVisit: Visit?

  init(book: VisitorBook) {
    self.book = book
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0xf2f2f7)
    nameField.placeholder = "Your name"
    nameField.autocapitalizationType = .words
    nameField.returnKeyType = .next
    partyField.placeholder = "How many of you?"
    partyField.keyboardType = .numberPad
    partyField.text = "1"
    for field in [nameField, partyField] {
      field.borderStyle = .roundedRect
      field.clearButtonMode = .whileEditing
      field.addTarget(self, action: { $0.update() }, for: .editingChanged)
      view.addSubview(field)
    }
    nameField.addTarget(
      self, action: { $0.partyField.becomeFirstResponder() }, for: .editingDidEndOnExit)
    note.font = .systemFont(ofSize: 15)
    note.textColor = Color(hex: 0x6e6e73)
    view.addSubview(note)
    doneButton.setTitle("Check in", for: .normal)
    doneButton.addTarget(self, action: { $0.checkIn() }, for: .touchUpInside)
    view.addSubview(doneButton)
    layOutForm()
    update()
  }

  /// A column at most 480 points wide, 20 in from the sides on a narrower screen: the name
  /// across it, the party's size on its left half with the button at its right, the note.
  private func layOutForm() {
    for subview in [nameField, partyField, doneButton, note] {
      subview.translatesAutoresizingMaskIntoConstraints = false
    }
    let fullWidth = nameField.widthAnchor.constraint(equalToConstant: 480)
    fullWidth.priority = .defaultHigh
    LayoutConstraint.activate([
      // The navigation controller lays the view out below its bar.
      nameField.topAnchor.constraint(equalTo: view.topAnchor, constant: 24),
      nameField.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      nameField.widthAnchor.constraint(lessThanOrEqualToConstant: 480),
      nameField.widthAnchor.constraint(lessThanOrEqualTo: view.widthAnchor, constant: -40),
      fullWidth,
      nameField.heightAnchor.constraint(equalToConstant: 44),
      partyField.topAnchor.constraint(equalTo: nameField.bottomAnchor, constant: 12),
      partyField.leadingAnchor.constraint(equalTo: nameField.leadingAnchor),
      partyField.widthAnchor.constraint(equalTo: nameField.widthAnchor, multiplier: 0.5),
      partyField.heightAnchor.constraint(equalToConstant: 44),
      doneButton.topAnchor.constraint(equalTo: partyField.topAnchor),
      doneButton.trailingAnchor.constraint(equalTo: nameField.trailingAnchor),
      doneButton.widthAnchor.constraint(equalToConstant: 160),
      doneButton.heightAnchor.constraint(equalToConstant: 44),
      note.topAnchor.constraint(equalTo: partyField.bottomAnchor, constant: 8),
      note.leadingAnchor.constraint(equalTo: nameField.leadingAnchor),
      note.widthAnchor.constraint(equalTo: nameField.widthAnchor),
      note.heightAnchor.constraint(equalToConstant: 22),
    ])
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    nameField.becomeFirstResponder()
  }

  /// The name typed, trimmed, and the party's size when both are valid.
  private var entry: (name: String, party: Int)? {
    let name = (nameField.text ?? "").trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty, let party = Int(partyField.text ?? ""),
      (1...currentOptions.maxParty).contains(party)
    else { return nil }
    return (name, party)
  }

  private func update() {
    doneButton.isEnabled = entry != nil
    note.text = "Parties of up to \(currentOptions.maxParty)."
  }

  private func checkIn() {
    guard let entry else { return }
    let visit = Visit(name: entry.name, party: entry.party, time: Date())
    book.add(visit)
    lastVisit = visit
    view.endEditing(true)
    performSegue(withIdentifier: "confirm", sender: self)
  }

  override func prepare(for segue: StoryboardSegue, sender: Any?) {
    if let confirmation = segue.destination as? ConfirmationController, let lastVisit {
      confirmation.visit = lastVisit
    }
  }
}

/// Thanks the visitor, then goes back to the welcome screen (after 8 s, or on Done).
final class ConfirmationController: ViewController {
  var visit: Visit?
  private let thanks = Label()
  let doneButton = Button(type: .system)
  private var timeout: ScheduledAction?

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    thanks.font = .boldSystemFont(ofSize: 28)
    thanks.textAlignment = .center
    thanks.numberOfLines = 2
    if let visit {
      let party = visit.party == 1 ? "" : "\nA party of \(visit.party)."
      thanks.text = "Thank you, \(visit.name)!\(party)"
    }
    doneButton.setTitle("Done", for: .normal)
    doneButton.addTarget(self, action: { $0.finish() }, for: .touchUpInside)
    navigationItem.hidesBackButton = true
    for subview in [thanks, doneButton] {
      subview.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(subview)
    }
    LayoutConstraint.activate([
      thanks.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
      thanks.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
      thanks.centerYAnchor.constraint(equalTo: view.centerYAnchor, constant: -30),
      thanks.heightAnchor.constraint(equalToConstant: 80),
      doneButton.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      doneButton.topAnchor.constraint(equalTo: view.centerYAnchor, constant: 30),
      doneButton.widthAnchor.constraint(equalToConstant: 160),
      doneButton.heightAnchor.constraint(equalToConstant: 50),
    ])
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    timeout = ScheduledAction.after(8) { [weak self] in self?.finish() }
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    timeout?.cancel()
  }

  private func finish() {
    navigationController?.popToRootViewController(animated: true)
  }
}
