import KioskBase
import KioskKit

/// What the Add screen tells the controller that presented it (listing 11-4 of seed 001).
@MainActor
protocol RecipeAddDelegate: AnyObject {
  /// The person finished: `recipe` is the new recipe, or `nil` when they cancelled. The
  /// delegate adds it and dismisses the Add screen.
  func recipeAddController(_ controller: RecipeAddController, didAdd recipe: Recipe?)
}

/// Recipes: the Add screen, presented modally in a navigation controller. The person types
/// a name (the on-screen keyboard comes up), picks one of the suggestions for the rest, or
/// both, and taps Done, or Cancel; the answer goes to the delegate, which dismisses this
/// screen. Section 0 is the name field, section 1 the suggestions.
@MainActor
final class RecipeAddController: ScaledRowsTableViewController, StoryboardInstantiable {
  weak var delegate: RecipeAddDelegate?
  /// The recipes offered.
  var choices: [Recipe] = []
  /// The row picked, if any.
  private(set) var chosen: Int?
  private lazy var doneItem = BarButtonItem(
    barButtonSystemItem: .done, target: self, action: { $0.done() })
  /// The name typed: the controller's, so it outlives the table's cells and a reloaded view.
  let nameField: TextField = {
    let field = TextField(frame: .zero)
    field.placeholder = "Name your own recipe"
    field.borderStyle = .roundedRect
    field.clearButtonMode = .whileEditing
    field.returnKeyType = .done
    return field
  }()

  /// The name typed, without spaces around it; `nil` when none.
  var typedName: String? {
    let name = (nameField.text ?? "").trimmingWhitespace()
    return name.isEmpty ? nil : name
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(SubtitleCell.self, forCellReuseIdentifier: "choice")
    tableView.register(FieldCell.self, forCellReuseIdentifier: "name")
    designRowHeight = 64
    nameField.addTarget(self, action: { $0.updateDone() }, for: .editingChanged)
    nameField.addTarget(
      self, action: { $0.nameField.resignFirstResponder() }, for: .editingDidEndOnExit)
    navigationItem.leftBarButtonItem = BarButtonItem(
      barButtonSystemItem: .cancel, target: self, action: { $0.cancel() })
    navigationItem.rightBarButtonItem = doneItem
    updateDone()
  }

  /// Done needs a name or a suggestion.
  private func updateDone() {
    doneItem.isEnabled = chosen != nil || typedName != nil
  }

  /// Picks the recipe in row `row`.
  func choose(row: Int) {
    guard choices.indices.contains(row) else { return }
    let previous = chosen
    chosen = row
    updateDone()
    let rows = Set([previous, row].compactMap { $0 }).map { IndexPath(row: $0, section: 1) }
    if isViewLoaded { tableView.reloadRows(at: rows, with: .none) }
  }

  /// Done: hands the recipe to the delegate: the suggestion picked, named as typed; or a
  /// new recipe of that name.
  func done() {
    var recipe = chosen.map { choices[$0] }
    if let typedName {
      recipe = recipe ?? Recipe(name: typedName, minutes: 30, ingredients: [], colors: [0xd8d8dc])
      recipe?.name = typedName
    }
    delegate?.recipeAddController(self, didAdd: recipe)
  }

  /// Cancel: tells the delegate nothing was added.
  func cancel() {
    delegate?.recipeAddController(self, didAdd: nil)
  }

  override func numberOfSections(in tableView: TableView) -> Int { 2 }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    section == 0 ? 1 : choices.count
  }

  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    if section == 0 { return "Name" }
    return choices.isEmpty ? "Every suggestion is in your list already" : "Or pick a suggestion"
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    if indexPath.section == 0 {
      let cell = tableView.dequeueReusableCell(withIdentifier: "name", for: indexPath)
      (cell as? FieldCell)?.show(nameField)
      return cell
    }
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
    if indexPath.section == 0 {
      nameField.becomeFirstResponder()
    } else {
      choose(row: indexPath.row)
    }
  }
}
