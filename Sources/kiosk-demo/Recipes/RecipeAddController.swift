import KioskKit

/// What the Add screen tells the controller that presented it (listing 11-4 of seed 001).
@MainActor
protocol RecipeAddDelegate: AnyObject {
  /// The person finished: `recipe` is the new recipe, or `nil` when they cancelled. The
  /// delegate adds it and dismisses the Add screen.
  func recipeAddController(_ controller: RecipeAddController, didAdd recipe: Recipe?)
}

/// Recipes: the Add screen, presented modally in a navigation controller. The person picks
/// one of the suggested recipes (a kiosk has no keyboard) and taps Done, or Cancel; the
/// answer goes to the delegate, which dismisses this screen.
@MainActor
final class RecipeAddController: TableViewController, StoryboardInstantiable {
  weak var delegate: RecipeAddDelegate?
  /// The recipes offered.
  var choices: [Recipe] = []
  /// The row picked, if any.
  private(set) var chosen: Int?
  private lazy var doneItem = BarButtonItem(
    barButtonSystemItem: .done, target: self, action: { $0.done() })

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(SubtitleCell.self, forCellReuseIdentifier: "choice")
    tableView.rowHeight = 64
    navigationItem.leftBarButtonItem = BarButtonItem(
      barButtonSystemItem: .cancel, target: self, action: { $0.cancel() })
    doneItem.isEnabled = chosen != nil
    navigationItem.rightBarButtonItem = doneItem
  }

  /// Picks the recipe in row `row`.
  func choose(row: Int) {
    guard choices.indices.contains(row) else { return }
    let previous = chosen
    chosen = row
    doneItem.isEnabled = true
    let rows = Set([previous, row].compactMap { $0 }).map { IndexPath(row: $0, section: 0) }
    if isViewLoaded { tableView.reloadRows(at: rows, with: .none) }
  }

  /// Done: hands the chosen recipe to the delegate.
  func done() {
    delegate?.recipeAddController(self, didAdd: chosen.map { choices[$0] })
  }

  /// Cancel: tells the delegate nothing was added.
  func cancel() {
    delegate?.recipeAddController(self, didAdd: nil)
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    choices.count
  }

  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    choices.isEmpty ? "Every suggestion is in your list already" : "Pick a recipe to add"
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "choice", for: indexPath)
    let recipe = choices[indexPath.row]
    cell.textLabel?.text = recipe.name
    cell.detailTextLabel?.text =
      "\(recipe.minutes) min · " + recipe.ingredients.joined(separator: ", ")
    cell.imageView?.image = DemoArt.dish(recipe.colors, size: 48)
    cell.accessoryType = chosen == indexPath.row ? .checkmark : .none
    return cell
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    choose(row: indexPath.row)
  }
}
