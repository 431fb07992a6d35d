import FoundationEssentials
import KioskGraphics

/// A scene's views and constraints, checked: every constraint read and naming views that
/// exist, every image loaded, every button's segue one of the scene's. The controller's
/// default `loadView()` builds its view from them.
@MainActor
struct StoryboardSceneViews {
  let root: StoryboardViewSpec
  let constraints: [StoryboardConstraintSpec]
  let images: [String: Image]

  /// Checks `root` and `lines` of the scene `scene` (at `path` in the file).
  static func resolve(
    root: StoryboardViewSpec, lines: [String], scene: String, path: String,
    segues: Set<String>, folder: URL,
    fail: (String, StoryboardError.Reason, String) -> StoryboardError
  ) throws(StoryboardError) -> StoryboardSceneViews {
    var ids: [String: StoryboardViewSpec] = [:]
    var images: [String: Image] = [:]
    func walk(_ spec: StoryboardViewSpec, at place: String) throws(StoryboardError) {
      if let id = spec.id {
        guard !StoryboardConstraintSpec.guideNames.contains(id), id != "view", !id.isEmpty,
          !id.contains("."), !id.contains(where: \.isWhitespace)
        else {
          throw fail(
            "\(place).id", .invalidValue,
            "\"\(id)\" cannot name a view (not empty, no dots or spaces, not view, safeArea, margins or keyboard)"
          )
        }
        guard ids[id] == nil else {
          throw fail("\(place).id", .invalidValue, "two views of the scene are named \"\(id)\"")
        }
        ids[id] = spec
      }
      if let segue = spec.segue, !segues.contains(segue) {
        throw fail(
          "\(place).segue", .unknownSegue(segue),
          "the scene \"\(scene)\" has no segue \"\(segue)\"")
      }
      if let image = spec.image, images[image] == nil {
        // The loader's message, put in this place's error here (a closure that captured
        // `fail` could not be sent to the loader).
        var problem = ""
        let loaded = try? StoryboardLoader.loadImage(image, folder: folder) {
          (message: String) in
          problem = message
          return StoryboardError(file: "", reason: .unreadableImage(image), message: message)
        }
        guard let loaded else {
          throw fail("\(place).image", .unreadableImage(image), "the image \(problem)")
        }
        images[image] = loaded
      }
      for (index, subview) in spec.subviews.enumerated() {
        try walk(subview, at: "\(place).subviews[\(index)]")
      }
    }
    try walk(root, at: "\(path).view")
    var constraints: [StoryboardConstraintSpec] = []
    for (index, line) in lines.enumerated() {
      let place = "\(path).constraints[\(index)]"
      let constraint: StoryboardConstraintSpec
      do {
        constraint = try StoryboardConstraintSpec(parsing: line)
      } catch {
        throw fail(place, .invalidValue, "\"\(line)\": \(error.message)")
      }
      for item in [constraint.firstItem, constraint.secondItem].compactMap({ $0 })
      where ids[item] == nil && item != "view"
        && !StoryboardConstraintSpec.guideNames.contains(item)
      {
        throw fail(
          place, .invalidValue,
          "\"\(line)\": there is no view \"\(item)\"; the items are view, "
            + (StoryboardConstraintSpec.guideNames + ids.keys.sorted()).joined(separator: ", "))
      }
      guard LayoutEngine.canRelate(constraint.firstAttribute, constraint.secondAttribute) else {
        throw fail(
          place, .invalidValue,
          "\"\(line)\": a size is related to a size or a number, a position to a position along the same axis"
        )
      }
      constraints.append(constraint)
    }
    return StoryboardSceneViews(root: root, constraints: constraints, images: images)
  }

  // MARK: Building

  /// The controller's view: the root's properties on a view the size of the screen, the
  /// subviews (arranged in stack views), each named by its `accessibilityIdentifier`, and
  /// the constraints, active. A view that a constraint names is placed by constraints.
  func makeView(for controller: ViewController) -> View {
    let view = View(frame: Screen.main.bounds)
    view.backgroundColor = .white
    view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    apply(root, to: view, controller: controller)
    var named: [String: View] = [:]
    func add(_ specs: [StoryboardViewSpec], to parent: View) {
      for spec in specs {
        let subview = make(spec, controller: controller)
        if let id = spec.id { named[id] = subview }
        if let stack = parent as? StackView {
          stack.addArrangedSubview(subview)
        } else {
          parent.addSubview(subview)
        }
        add(spec.subviews, to: subview)
      }
    }
    add(root.subviews, to: view)
    func item(_ name: String) -> AnyObject? {
      switch name {
      case "view": return view
      case "safeArea": return view.safeAreaLayoutGuide
      case "margins": return view.layoutMarginsGuide
      case "keyboard": return view.keyboardLayoutGuide
      default: return named[name]
      }
    }
    var made: [LayoutConstraint] = []
    for spec in constraints {
      guard let first = item(spec.firstItem) else { continue }
      for name in [spec.firstItem, spec.secondItem].compactMap({ $0 }) {
        named[name]?.translatesAutoresizingMaskIntoConstraints = false
      }
      let constraint = LayoutConstraint(
        item: first, attribute: spec.firstAttribute, relatedBy: spec.relation,
        toItem: spec.secondItem.flatMap(item), attribute: spec.secondAttribute,
        multiplier: spec.multiplier, constant: spec.constant)
      constraint.priority = spec.priority
      made.append(constraint)
    }
    LayoutConstraint.activate(made)
    return view
  }

  private func make(_ spec: StoryboardViewSpec, controller: ViewController) -> View {
    let view: View
    switch spec.className {
    case "Label": view = Label(frame: .zero)
    case "Button": view = Button(type: .system)
    case "ImageView": view = ImageView(image: spec.image.flatMap { images[$0] })
    case "TextField": view = TextField(frame: .zero)
    case "Switch": view = Switch(frame: .zero)
    case "StackView": view = StackView(frame: .zero)
    default: view = View(frame: .zero)
    }
    apply(spec, to: view, controller: controller)
    return view
  }

  /// Sets what `spec` says on `view`.
  private func apply(_ spec: StoryboardViewSpec, to view: View, controller: ViewController) {
    if let id = spec.id { view.accessibilityIdentifier = id }
    if let frame = spec.frame, frame.count == 4 {
      view.frame = Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])
    }
    if let color = spec.backgroundColor.flatMap(Color.init(hexString:)) {
      view.backgroundColor = color
    }
    if let hidden = spec.isHidden { view.isHidden = hidden }
    if let alpha = spec.alpha { view.alpha = alpha }
    if let label = spec.accessibilityLabel { view.accessibilityLabel = label }
    let font = spec.font.map { Font.systemFont(ofSize: $0.size, weight: $0.weight) }
    let textColor = spec.textColor.flatMap(Color.init(hexString:))
    switch view {
    case let label as Label:
      label.text = spec.text
      if let font { label.font = font }
      if let textColor { label.textColor = textColor }
      if let alignment = spec.textAlignment { label.textAlignment = alignment }
      if let lines = spec.numberOfLines { label.numberOfLines = max(lines, 0) }
    case let button as Button:
      button.setTitle(spec.title ?? spec.text, for: .normal)
      if let image = spec.image.flatMap({ images[$0] }) { button.setImage(image, for: .normal) }
      if let font { button.titleLabel?.font = font }
      if let textColor { button.setTitleColor(textColor, for: .normal) }
      if let segue = spec.segue { Storyboard.connect(button, to: segue, in: controller) }
    case let field as TextField:
      field.text = spec.text
      field.placeholder = spec.placeholder
      if let font { field.font = font }
      if let textColor { field.textColor = textColor }
      if let alignment = spec.textAlignment { field.textAlignment = alignment }
    case let toggle as Switch:
      if let isOn = spec.isOn { toggle.isOn = isOn }
    case let stack as StackView:
      if let axis = spec.axis { stack.axis = axis }
      if let spacing = spec.spacing { stack.spacing = spacing }
      if let alignment = spec.alignment { stack.alignment = alignment }
      if let distribution = spec.distribution { stack.distribution = distribution }
    default:
      break
    }
  }
}

extension ViewController {
  /// The view of this controller's storyboard scene named `identifier` (its `"id"` in the
  /// file, which is also its `accessibilityIdentifier`): UIKit's outlets, found by name.
  /// Loads the view if it is not loaded; `nil` when no view has that name.
  ///
  /// ```swift
  /// override func viewDidLoad() {
  ///   super.viewDidLoad()
  ///   greeting = storyboardView(withIdentifier: "greeting", as: Label.self)
  /// }
  /// ```
  public func storyboardView<T: View>(withIdentifier identifier: String, as type: T.Type) -> T? {
    func find(_ view: View) -> View? {
      if view.accessibilityIdentifier == identifier { return view }
      for subview in view.subviews {
        if let found = find(subview) { return found }
      }
      return nil
    }
    return find(view) as? T
  }

  /// The view of this controller's storyboard scene named `identifier`, of any class.
  public func storyboardView(withIdentifier identifier: String) -> View? {
    storyboardView(withIdentifier: identifier, as: View.self)
  }
}
