import KioskKit

/// Recipes: one recipe, its picture, time and ingredients. "Show photo" pushes the picture
/// full size (segue "showPhoto", connected to the button). The recipe is the controller's;
/// the view is built from it each time it loads, its subviews held weakly.
@MainActor
final class RecipeDetailController: ViewController, StoryboardInstantiable {
  /// The recipe shown; the list sets it in `prepare(for:sender:)`, before the view loads.
  var recipe = Recipe.starters[0] {
    didSet { title = recipe.name }
  }
  private weak var picture: ImageView?
  private weak var timeLabel: Label?
  private weak var ingredientsLabel: Label?
  /// Pushes the photo.
  private(set) weak var photoButton: Button?

  override func viewDidLoad() {
    super.viewDidLoad()
    title = recipe.name
    view.backgroundColor = .white
    let picture = ImageView(image: DemoArt.dish(recipe.colors, size: 180))
    picture.contentMode = .scaleAspectFit
    let timeLabel = Label(frame: .zero)
    timeLabel.text = "Ready in \(recipe.minutes) minutes"
    timeLabel.font = .boldSystemFont(ofSize: 22)
    let ingredientsLabel = Label(frame: .zero)
    ingredientsLabel.text = recipe.ingredients.map { "•  " + $0 }.joined(separator: "\n")
    ingredientsLabel.numberOfLines = 0
    ingredientsLabel.font = .systemFont(ofSize: 18)
    ingredientsLabel.textColor = .darkGray
    let photoButton = Button(type: .system)
    photoButton.setTitle("Show photo", for: .normal)
    Storyboard.connect(photoButton, to: "showPhoto", in: self)
    for subview in [picture, timeLabel, ingredientsLabel, photoButton] as [View] {
      view.addSubview(subview)
    }
    self.picture = picture
    self.timeLabel = timeLabel
    self.ingredientsLabel = ingredientsLabel
    self.photoButton = photoButton
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    CustomerDisplay.shared.recipe = recipe
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    guard let picture, let timeLabel, let ingredientsLabel, let photoButton else { return }
    let bounds = view.bounds
    let top = 20.0
    let side = min(180, bounds.width - 40, max(bounds.height - 140, 60))
    picture.frame = Rect(x: 20, y: top, width: side, height: side)
    // Beside the picture when there is room, else under it.
    let beside = bounds.width >= side + 300
    let textX = beside ? side + 44 : 20
    let textY = beside ? top : top + side + 12
    let textWidth = max(bounds.width - textX - 20, 0)
    timeLabel.frame = Rect(x: textX, y: textY, width: textWidth, height: 30)
    let ingredientsHeight = ingredientsLabel.sizeThatFits(Size(width: textWidth, height: 0)).height
    ingredientsLabel.frame = Rect(
      x: textX, y: textY + 38, width: textWidth, height: ingredientsHeight)
    photoButton.frame = Rect(x: textX, y: ingredientsLabel.frame.maxY + 16, width: 160, height: 44)
  }

  override func prepare(for segue: StoryboardSegue, sender: Any?) {
    (segue.destination as? RecipePhotoController)?.recipe = recipe
  }
}

/// Recipes: a recipe's picture, as large as the screen allows, on black. The picture (2 MB
/// at scale 2) belongs to the view, built each time it loads: a memory warning that
/// unloads the view while the controller waits offscreen in the stack lets it go.
@MainActor
final class RecipePhotoController: ViewController, StoryboardInstantiable {
  var recipe = Recipe.starters[0]

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0x1c1c1e)
    navigationItem.title = recipe.name
    let picture = ImageView(image: DemoArt.dish(recipe.colors, size: 360))
    picture.contentMode = .scaleAspectFit
    picture.frame = view.bounds.insetBy(dx: 20, dy: 20)
    picture.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(picture)
  }
}
