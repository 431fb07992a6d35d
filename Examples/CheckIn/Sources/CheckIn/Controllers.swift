import Foundation
import KioskKit

/// The first screen: the venue's logo and name, and a button to check in.
final class WelcomeController: ViewController {
  private let logo = ImageView()
  private let greeting = Label()
  let checkInButton = Button(type: .system)
  private var venueObserver: (any NSObjectProtocol)?

  isolated deinit {
    if let venueObserver { NotificationCenter.default.removeObserver(venueObserver) }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    do {
      logo.image = try Image(named: "Resources/logo", in: .module)
    } catch {
      print("check-in: \(error)")
    }
    greeting.font = .boldSystemFont(ofSize: 32)
    greeting.textAlignment = .center
    checkInButton.setTitle("Check in", for: .normal)
    Storyboard.connect(checkInButton, to: "checkIn", in: self)
    for subview in [logo, greeting, checkInButton] { view.addSubview(subview) }
    // The venue may change with reload-config: the greeting follows it.
    venueObserver = NotificationCenter.default.addObserver(
      forName: Application.optionsDidChangeNotification, object: nil, queue: nil
    ) { [weak self] _ in MainActor.assumeIsolated { self?.showVenue() } }
    showVenue()
  }

  private func showVenue() {
    greeting.text = "Welcome to \(currentOptions.venue)"
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let bounds = view.bounds
    logo.frame = Rect(x: bounds.midX - 48, y: bounds.midY - 150, width: 96, height: 96)
    greeting.frame = Rect(x: 20, y: bounds.midY - 40, width: bounds.width - 40, height: 44)
    checkInButton.frame = Rect(x: bounds.midX - 110, y: bounds.midY + 30, width: 220, height: 60)
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
    update()
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    nameField.becomeFirstResponder()
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let width = min(view.bounds.width - 40, 480)
    let x = (view.bounds.width - width) / 2
    let top = 24.0  // the navigation controller lays the view out below its bar
    nameField.frame = Rect(x: x, y: top, width: width, height: 44)
    partyField.frame = Rect(x: x, y: top + 56, width: width / 2, height: 44)
    doneButton.frame = Rect(x: x + width - 160, y: top + 56, width: 160, height: 44)
    note.frame = Rect(x: x, y: top + 108, width: width, height: 22)
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
    view.addSubview(thanks)
    view.addSubview(doneButton)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    timeout = ScheduledAction.after(8) { [weak self] in self?.finish() }
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    timeout?.cancel()
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let bounds = view.bounds
    thanks.frame = Rect(x: 20, y: bounds.midY - 70, width: bounds.width - 40, height: 80)
    doneButton.frame = Rect(x: bounds.midX - 80, y: bounds.midY + 30, width: 160, height: 50)
  }

  private func finish() {
    navigationController?.popToRootViewController(animated: true)
  }
}
