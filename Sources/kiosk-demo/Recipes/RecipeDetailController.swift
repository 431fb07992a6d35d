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
  /// The text column beside the picture, or under it on a narrow screen: one set of
  /// constraints is active at a time.
  private var textBeside: [LayoutConstraint] = []
  private var textUnder: [LayoutConstraint] = []

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
      subview.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(subview)
    }
    // The picture: a square 20 points in, 180 points when there is room, never wider than
    // the screen allows nor (down to 60) taller than its height less 140.
    let wantedSide = picture.widthAnchor.constraint(equalToConstant: 180)
    wantedSide.priority = .defaultHigh
    let leavesHeight = picture.heightAnchor.constraint(
      lessThanOrEqualTo: view.heightAnchor, multiplier: 1, constant: -140)
    leavesHeight.priority = LayoutPriority(998)
    let leastSide = picture.widthAnchor.constraint(greaterThanOrEqualToConstant: 60)
    leastSide.priority = LayoutPriority(999)
    LayoutConstraint.activate([
      picture.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
      picture.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
      picture.heightAnchor.constraint(equalTo: picture.widthAnchor),
      picture.widthAnchor.constraint(lessThanOrEqualToConstant: 180),
      picture.trailingAnchor.constraint(lessThanOrEqualTo: view.trailingAnchor, constant: -20),
      wantedSide, leavesHeight, leastSide,
      timeLabel.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
      timeLabel.heightAnchor.constraint(equalToConstant: 30),
      ingredientsLabel.topAnchor.constraint(equalTo: timeLabel.topAnchor, constant: 38),
      ingredientsLabel.leadingAnchor.constraint(equalTo: timeLabel.leadingAnchor),
      ingredientsLabel.trailingAnchor.constraint(equalTo: timeLabel.trailingAnchor),
      photoButton.topAnchor.constraint(equalTo: ingredientsLabel.bottomAnchor, constant: 16),
      photoButton.leadingAnchor.constraint(equalTo: timeLabel.leadingAnchor),
      photoButton.widthAnchor.constraint(equalToConstant: 160),
      photoButton.heightAnchor.constraint(equalToConstant: 44),
    ])
    textBeside = [
      timeLabel.leadingAnchor.constraint(equalTo: picture.trailingAnchor, constant: 24),
      timeLabel.topAnchor.constraint(equalTo: picture.topAnchor),
    ]
    textUnder = [
      timeLabel.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
      timeLabel.topAnchor.constraint(equalTo: picture.bottomAnchor, constant: 12),
    ]
    self.picture = picture
    self.timeLabel = timeLabel
    self.ingredientsLabel = ingredientsLabel
    self.photoButton = photoButton
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    CustomerDisplay.shared.recipe = recipe
  }

  /// Beside the picture when there are 300 points for the text next to it, else under it.
  override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    let bounds = view.bounds
    let side = min(180, bounds.width - 40, max(bounds.height - 140, 60))
    let beside = bounds.width >= side + 300
    LayoutConstraint.deactivate(beside ? textUnder : textBeside)
    LayoutConstraint.activate(beside ? textBeside : textUnder)
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
