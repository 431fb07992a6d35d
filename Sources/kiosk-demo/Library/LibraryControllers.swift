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

/// Library, the primary column of a split view: the books. A tap shows the book in the
/// secondary column (segue "showBook", a showDetail segue): beside the list on a landscape
/// panel, in place of the list's overlay in portrait.
@MainActor
final class ShelfController: TableViewController, StoryboardInstantiable {
  /// The book shown beside the list: the controller's, so a list loaded again (a memory
  /// warning released the old one) shows it selected.
  private var shownRow: Int?

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(TableViewCell.self, forCellReuseIdentifier: "book")
    tableView.rowHeight = 60
    clearsSelectionOnViewWillAppear = false
    if let shownRow {
      tableView.selectRow(
        at: IndexPath(row: shownRow, section: 0), animated: false, scrollPosition: .none)
    }
  }

  /// Shows book `row`, as a tap on its row does.
  func showBook(row: Int) {
    guard Book.shelf.indices.contains(row) else { return }
    tableView.selectRow(at: IndexPath(row: row, section: 0), animated: false, scrollPosition: .none)
    shownRow = row
    performSegue(withIdentifier: "showBook", sender: IndexPath(row: row, section: 0))
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    Book.shelf.count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "book", for: indexPath)
    cell.textLabel?.text = Book.shelf[indexPath.row].title
    return cell
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    shownRow = indexPath.row
    performSegue(withIdentifier: "showBook", sender: indexPath)
  }

  override func prepare(for segue: StoryboardSegue, sender: Any?) {
    guard let book = segue.destination as? BookController, let indexPath = sender as? IndexPath
    else { return }
    book.book = Book.shelf[indexPath.row]
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
    for subview in [band, heading, summary] { view.addSubview(subview) }
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let width = max(view.bounds.width - 48, 0)
    band.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: 10)
    let headingHeight = heading.sizeThatFits(Size(width: width, height: 0)).height
    heading.frame = Rect(x: 24, y: 34, width: width, height: headingHeight)
    let summaryHeight = summary.sizeThatFits(Size(width: width, height: 0)).height
    summary.frame = Rect(x: 24, y: heading.frame.maxY + 16, width: width, height: summaryHeight)
  }
}
