import KioskKit

/// Recipes: the list. A row shows the recipe (segue "showRecipe"); "+" presents the Add
/// screen (segue "addRecipe"), which reports back through `RecipeAddDelegate`: the
/// delegation of listings 11-4 and 11-5 of seed 001.
@MainActor
final class RecipeListController: ScaledRowsTableViewController, StoryboardInstantiable,
  RecipeAddDelegate
{
  /// The recipes shown, in order. The list owns them: they outlive its view.
  private(set) var recipes = Recipe.starters

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(SubtitleCell.self, forCellReuseIdentifier: "recipe")
    designRowHeight = 64
    navigationItem.rightBarButtonItem = BarButtonItem(
      barButtonSystemItem: .add, target: self, action: { $0.addRecipe() })
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    CustomerDisplay.shared.recipe = nil  // back on the list: no recipe is open
  }

  /// What "+" does: presents the Add screen.
  func addRecipe() {
    performSegue(withIdentifier: "addRecipe", sender: self)
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    recipes.count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "recipe", for: indexPath)
    let recipe = recipes[indexPath.row]
    cell.textLabel?.text = recipe.name
    cell.detailTextLabel?.text = "\(recipe.minutes) min · \(recipe.ingredients.count) ingredients"
    cell.imageView?.image = DemoArt.dish(recipe.colors, size: 48)
    cell.accessoryType = .disclosureIndicator
    return cell
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    performSegue(withIdentifier: "showRecipe", sender: indexPath)
  }

  override func prepare(for segue: StoryboardSegue, sender: Any?) {
    switch segue.identifier {
    case "showRecipe":
      if let detail = segue.destination as? RecipeDetailController,
        let indexPath = sender as? IndexPath, recipes.indices.contains(indexPath.row)
      {
        detail.recipe = recipes[indexPath.row]
      }
    case "addRecipe":
      let navigation = segue.destination as? NavigationController
      if let add = navigation?.viewControllers.first as? RecipeAddController {
        add.delegate = self
        add.choices = Recipe.suggestions.filter { !recipes.contains($0) }
      }
    default:
      break
    }
  }

  // Listing 11-5: the presenter decides what an answer means, then dismisses.
  func recipeAddController(_ controller: RecipeAddController, didAdd recipe: Recipe?) {
    if let recipe {
      recipes.append(recipe)
      if isViewLoaded {
        tableView.insertRows(
          at: [IndexPath(row: recipes.count - 1, section: 0)], with: .automatic)
      }
    }
    dismiss(animated: true)
  }
}

/// A cell with a title and a smaller line under it.
@MainActor
final class SubtitleCell: TableViewCell {
  override init(style: CellStyle, reuseIdentifier: String?) {
    super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
  }
}
