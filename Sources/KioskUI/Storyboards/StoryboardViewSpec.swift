import KioskGraphics

/// A view of a scene as a storyboard file writes it: the scene's `"view"` (its root: the
/// controller's view) and, inside it, `"subviews"`, each a built-in class with the
/// properties a UIKit developer sets in Interface Builder's inspector.
///
/// ```json
/// "view": { "backgroundColor": "#ffffff", "subviews": [
///   { "id": "greeting", "class": "Label", "text": "Welcome", "font": { "size": 32, "weight": "bold" },
///     "textAlignment": "center", "numberOfLines": 0 },
///   { "id": "start", "class": "Button", "title": "Start", "segue": "begin" }
/// ] }
/// ```
struct StoryboardViewSpec: Decodable {
  /// The name constraints and `storyboardView(withIdentifier:)` use; it is also the view's
  /// `accessibilityIdentifier`, as XCUITest finds views by.
  var id: String?
  var className: String
  var frame: [Double]?
  var backgroundColor: String?
  var isHidden: Bool?
  var alpha: Double?
  var accessibilityLabel: String?
  // Labels, buttons and text fields.
  var text: String?
  var title: String?
  var placeholder: String?
  var textColor: String?
  var font: FontSpec?
  var textAlignment: TextAlignment?
  var numberOfLines: Int?
  // Image views and buttons.
  var image: String?
  // Buttons: a segue of the scene performed by a tap.
  var segue: String?
  // Switches.
  var isOn: Bool?
  // Stack views: their subviews are arranged.
  var axis: LayoutAxis?
  var spacing: Double?
  var alignment: StackView.Alignment?
  var distribution: StackView.Distribution?
  var subviews: [StoryboardViewSpec]

  /// A font: its size and weight.
  struct FontSpec: Decodable {
    var size: Double
    var weight: Font.Weight

    private enum CodingKeys: String, CodingKey, CaseIterable { case size, weight }

    init(from decoder: Decoder) throws {
      try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.rawValue))
      let container = try decoder.container(keyedBy: CodingKeys.self)
      size = try container.decode(Double.self, forKey: .size)
      guard size.isFinite, size > 0, size <= 1000 else {
        throw DecodingError.dataCorruptedError(
          forKey: .size, in: container, debugDescription: "a font size is above 0 and at most 1000")
      }
      weight = try container.decodeName(StoryboardViewNames.weights, forKey: .weight) ?? .regular
    }
  }

  /// The classes a storyboard's views may have.
  static let classes = [
    "View", "Label", "Button", "ImageView", "TextField", "Switch", "StackView",
  ]

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case id
    case className = "class"
    case frame, backgroundColor, isHidden, alpha, accessibilityLabel, text, title, placeholder
    case textColor, font, textAlignment, numberOfLines, image, segue, isOn, axis, spacing
    case alignment, distribution, subviews
  }

  init(from decoder: Decoder) throws {
    try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.rawValue))
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decodeIfPresent(String.self, forKey: .id)
    // The scene's root view has no class of its own: it is the controller's view.
    className = try c.decodeIfPresent(String.self, forKey: .className) ?? "View"
    guard Self.classes.contains(className) else {
      throw DecodingError.dataCorruptedError(
        forKey: .className, in: c,
        debugDescription: "\"\(className)\" is not one of " + Self.classes.joined(separator: ", "))
    }
    frame = try c.decodeIfPresent([Double].self, forKey: .frame)
    if let frame, frame.count != 4 || !frame.allSatisfy(\.isFinite) {
      throw DecodingError.dataCorruptedError(
        forKey: .frame, in: c, debugDescription: "a frame is [x, y, width, height], all finite")
    }
    backgroundColor = try Self.color(c, .backgroundColor)
    isHidden = try c.decodeIfPresent(Bool.self, forKey: .isHidden)
    alpha = try c.decodeIfPresent(Double.self, forKey: .alpha)
    accessibilityLabel = try c.decodeIfPresent(String.self, forKey: .accessibilityLabel)
    text = try c.decodeIfPresent(String.self, forKey: .text)
    title = try c.decodeIfPresent(String.self, forKey: .title)
    placeholder = try c.decodeIfPresent(String.self, forKey: .placeholder)
    textColor = try Self.color(c, .textColor)
    font = try c.decodeIfPresent(FontSpec.self, forKey: .font)
    textAlignment = try c.decodeName(StoryboardViewNames.alignments, forKey: .textAlignment)
    numberOfLines = try c.decodeIfPresent(Int.self, forKey: .numberOfLines)
    image = try c.decodeIfPresent(String.self, forKey: .image)
    segue = try c.decodeIfPresent(String.self, forKey: .segue)
    isOn = try c.decodeIfPresent(Bool.self, forKey: .isOn)
    axis = try c.decodeName(StoryboardViewNames.axes, forKey: .axis)
    spacing = try c.decodeIfPresent(Double.self, forKey: .spacing)
    alignment = try c.decodeName(StoryboardViewNames.stackAlignments, forKey: .alignment)
    distribution = try c.decodeName(StoryboardViewNames.distributions, forKey: .distribution)
    subviews = try c.decodeIfPresent([StoryboardViewSpec].self, forKey: .subviews) ?? []
  }

  /// A colour written `"#rrggbb"` or `"#rrggbbaa"`, checked as it is read.
  private static func color(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws
    -> String?
  {
    guard let value = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
    guard Color(hexString: value) != nil else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: c,
        debugDescription: "\"\(value)\" is not a colour (\"#rrggbb\" or \"#rrggbbaa\")")
    }
    return value
  }
}

/// The names storyboard views use for enumerations.
enum StoryboardViewNames {
  static let weights: [(String, Font.Weight)] = [
    ("regular", .regular), ("medium", .medium), ("semibold", .semibold), ("bold", .bold),
  ]
  static let alignments: [(String, TextAlignment)] = [
    ("left", .left), ("center", .center), ("right", .right), ("justified", .justified),
    ("natural", .natural),
  ]
  static let axes: [(String, LayoutAxis)] = [("horizontal", .horizontal), ("vertical", .vertical)]
  static let stackAlignments: [(String, StackView.Alignment)] = [
    ("fill", .fill), ("leading", .leading), ("top", .leading), ("center", .center),
    ("trailing", .trailing), ("bottom", .trailing), ("firstBaseline", .firstBaseline),
    ("lastBaseline", .lastBaseline),
  ]
  static let distributions: [(String, StackView.Distribution)] = [
    ("fill", .fill), ("fillEqually", .fillEqually), ("fillProportionally", .fillProportionally),
    ("equalSpacing", .equalSpacing), ("equalCentering", .equalCentering),
  ]
}
