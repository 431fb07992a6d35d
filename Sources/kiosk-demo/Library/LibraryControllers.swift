import KioskBase
import KioskKit

/// A document of the Library example: the seed documents KioskKit is built from.
struct Book: Equatable {
  var title: String
  var summary: String
  var color: UInt32

  static let shelf = [
    Book(
      title: "View and Window Architecture",
      summary:
        "Views are backed by layers that cache their pixels. A view draws only when asked,"
        + " the drawing cycle coalesces requests per turn of the run loop, and animations"
        + " move the cached pictures without drawing again.",
      color: 0x007aff),
    Book(
      title: "View Controller Basics",
      summary:
        "Screens, windows and views; content and container controllers; presentation and"
        + " presentation contexts; storyboards with scenes, relationships and segues.",
      color: 0x34c759),
    Book(
      title: "Coordinating Efforts",
      summary:
        "The three stages of a controller's life, the launch sequence, what happens when a"
        + " segue fires, and delegation to pass data back to the presenter.",
      color: 0xff9500),
    Book(
      title: "The Role of View Controllers",
      summary:
        "View management, data marshalling, user interactions through the responder chain,"
        + " resource management with memory warnings, and adaptivity with traits.",
      color: 0xaf52de),
  ]
}

/// Library, the primary column of a split view: a search field (section 0) and the books
/// whose title contains what is typed in it (section 1), filtered as the person types. A
/// tap shows the book in the secondary column (segue "showBook", a showDetail segue):
/// beside the list on a landscape panel, in place of the list's overlay in portrait.
@MainActor
final class ShelfController: ScaledRowsTableViewController, StoryboardInstantiable {
  /// The book shown beside the list, as an index into `Book.shelf`: the controller's, so a
  /// list loaded again (a memory warning released the old one) shows it selected.
  private var shownBook: Int?
  /// The search field: the controller's, so the search outlives a reloaded view.
  let searchField: TextField = {
    let field = TextField(frame: .zero)
    field.placeholder = "Search the library"
    field.borderStyle = .roundedRect
    field.clearButtonMode = .whileEditing
    field.returnKeyType = .search
    field.autocapitalizationType = .none
    return field
  }()

  /// The books shown: those whose title contains the search, as indices into `Book.shelf`.
  private(set) var matches = Array(Book.shelf.indices)

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(TableViewCell.self, forCellReuseIdentifier: "book")
    tableView.register(FieldCell.self, forCellReuseIdentifier: "search")
    designRowHeight = 60
    clearsSelectionOnViewWillAppear = false
    searchField.addTarget(self, action: { $0.searchChanged() }, for: .editingChanged)
    searchField.addTarget(
      self, action: { $0.searchField.resignFirstResponder() }, for: .editingDidEndOnExit)
    selectShownBook()
  }

  private func selectShownBook() {
    guard let shownBook, let row = matches.firstIndex(of: shownBook) else { return }
    tableView.selectRow(
      at: IndexPath(row: row, section: 1), animated: false, scrollPosition: .none)
  }

  /// Filters the list by the search field's text (case-insensitive, anywhere in a title).
  func searchChanged() {
    let query = (searchField.text ?? "").trimmingWhitespace().lowercased()
    let old = matches
    matches = Book.shelf.indices.filter {
      query.isEmpty || Book.shelf[$0].title.lowercased().contains(query)
    }
    guard isViewLoaded, matches != old else { return }
    // Only the books' rows change: reloading the whole table would hand the search field
    // to another cell, and a field that leaves its cell stops being edited.
    let table = tableView
    let new = matches
    table.performBatchUpdates {
      table.deleteRows(at: old.indices.map { IndexPath(row: $0, section: 1) }, with: .none)
      table.insertRows(at: new.indices.map { IndexPath(row: $0, section: 1) }, with: .none)
    }
    selectShownBook()
  }

  /// Shows book `row` of the list as it is filtered now, as a tap on its row does.
  func showBook(row: Int) {
    guard matches.indices.contains(row) else { return }
    tableView.selectRow(at: IndexPath(row: row, section: 1), animated: false, scrollPosition: .none)
    shownBook = matches[row]
    performSegue(withIdentifier: "showBook", sender: IndexPath(row: row, section: 1))
  }

  override func numberOfSections(in tableView: TableView) -> Int { 2 }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    section == 0 ? 1 : matches.count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    if indexPath.section == 0 {
      let cell = tableView.dequeueReusableCell(withIdentifier: "search", for: indexPath)
      (cell as? FieldCell)?.show(searchField)
      return cell
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: "book", for: indexPath)
    cell.textLabel?.text = Book.shelf[matches[indexPath.row]].title
    return cell
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    if indexPath.section == 0 {
      searchField.becomeFirstResponder()
      return
    }
    shownBook = matches[indexPath.row]
    performSegue(withIdentifier: "showBook", sender: indexPath)
  }

  override func prepare(for segue: StoryboardSegue, sender: Any?) {
    guard let book = segue.destination as? BookController, let indexPath = sender as? IndexPath,
      matches.indices.contains(indexPath.row)
    else { return }
    book.book = Book.shelf[matches[indexPath.row]]
  }
}

/// Library, the secondary column: one book's title and summary under a coloured band.
@MainActor
final class BookController: ViewController, StoryboardInstantiable {
  /// The book shown; `nil` shows a hint to pick one.
  var book: Book?
  private let band = View(frame: .zero)
  private let heading = Label(frame: .zero)
  private let summary = Label(frame: .zero)

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    band.backgroundColor = Color(hex: book?.color ?? 0xc7c7cc)
    heading.text = book?.title ?? "Pick a book"
    heading.font = .boldSystemFont(ofSize: 26)
    heading.numberOfLines = 0
    summary.text = book?.summary ?? "The list shows the documents KioskKit is built from."
    summary.font = .systemFont(ofSize: 19)
    summary.textColor = .darkGray
    summary.numberOfLines = 0
    summary.lineBreakMode = .byWordWrapping
    for subview in [band, heading, summary] {
      subview.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(subview)
    }
    // The band across the top; the title and the summary under it, 24 points in on each
    // side, wrapping at the width that leaves.
    LayoutConstraint.activate([
      band.topAnchor.constraint(equalTo: view.topAnchor),
      band.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      band.trailingAnchor.constraint(equalTo: view.trailingAnchor),
      band.heightAnchor.constraint(equalToConstant: 10),
      heading.topAnchor.constraint(equalTo: view.topAnchor, constant: 34),
      heading.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 24),
      heading.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -24),
      summary.topAnchor.constraint(equalTo: heading.bottomAnchor, constant: 16),
      summary.leadingAnchor.constraint(equalTo: heading.leadingAnchor),
      summary.trailingAnchor.constraint(equalTo: heading.trailingAnchor),
    ])
  }
}
