/// One constraint of a scene, as a storyboard file writes it: a line in the scene's
/// `"constraints"`, in the form of UIKit's constraint descriptions.
///
/// ```text
/// greeting.centerX == view.centerX
/// greeting.top == safeArea.top + 40
/// start.width == 0.5 * view.width @750
/// start.height >= 44
/// ```
///
/// An item is a subview's `id`, `view` (the scene's root view), or one of its guides:
/// `safeArea`, `margins`, `keyboard`. Attributes: `left`, `right`, `top`, `bottom`,
/// `leading`, `trailing`, `width`, `height`, `centerX`, `centerY`, `firstBaseline`,
/// `lastBaseline`. The priority after `@` is a number (1–1000) or `required`, `high`
/// (750) or `low` (250); without one the constraint is required.
struct StoryboardConstraintSpec: Equatable {
  var firstItem: String
  var firstAttribute: LayoutAttribute
  var relation: LayoutRelation
  var secondItem: String?
  var secondAttribute: LayoutAttribute
  var multiplier: Double
  var constant: Double
  var priority: LayoutPriority

  /// The names of the root view's guides, as items.
  static let guideNames = ["safeArea", "margins", "keyboard"]

  static let attributes: [(String, LayoutAttribute)] = [
    ("left", .left), ("right", .right), ("top", .top), ("bottom", .bottom),
    ("leading", .leading), ("trailing", .trailing), ("width", .width), ("height", .height),
    ("centerX", .centerX), ("centerY", .centerY), ("firstBaseline", .firstBaseline),
    ("lastBaseline", .lastBaseline),
  ]

  /// Reads one line; the error says what was expected where.
  init(parsing text: String) throws(StoryboardConstraintSyntaxError) {
    var tokens = Tokens(text)
    (firstItem, firstAttribute) = try tokens.itemAttribute()
    relation = try tokens.relation()
    multiplier = 1
    constant = 0
    secondItem = nil
    secondAttribute = .notAnAttribute
    if let number = tokens.number() {
      if tokens.take("*") {
        multiplier = number
        let second = try tokens.itemAttribute()
        (secondItem, secondAttribute) = (second.0, second.1)
      } else {
        constant = number
      }
    } else {
      let second = try tokens.itemAttribute()
      (secondItem, secondAttribute) = (second.0, second.1)
    }
    if secondItem != nil {
      if tokens.take("+") {
        constant = try tokens.requiredNumber("a constant after +")
      } else if tokens.take("-") {
        constant = -(try tokens.requiredNumber("a constant after -"))
      }
    }
    priority = .required
    if tokens.take("@") { priority = try tokens.priority() }
    guard tokens.isAtEnd else {
      throw StoryboardConstraintSyntaxError("unexpected \"\(tokens.rest)\" at the end")
    }
  }
}

/// Why a constraint line could not be read.
struct StoryboardConstraintSyntaxError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

/// The words, numbers and operators of a constraint line.
private struct Tokens {
  private var words: [Substring]
  private var index = 0

  init(_ text: String) {
    // Operators stand apart whether or not they have spaces around them.
    var spaced = ""
    let characters = Array(text)
    var i = 0
    while i < characters.count {
      let c = characters[i]
      let pair = i + 1 < characters.count ? String([c, characters[i + 1]]) : ""
      if ["==", "<=", ">="].contains(pair) {
        spaced += " \(pair) "
        i += 2
        continue
      }
      spaced += "*+@".contains(c) ? " \(c) " : String(c)
      i += 1
    }
    words = spaced.split(whereSeparator: \.isWhitespace)
    // A minus between terms is an operator; one before a number (a negative constant or
    // multiplier) is part of it.
    var joined: [Substring] = []
    for word in words {
      if word.hasPrefix("-"), word.count > 1, let last = joined.last,
        last != "==" && last != "<=" && last != ">=" && last != "*"
      {
        joined.append("-")
        joined.append(word.dropFirst())
      } else {
        joined.append(word)
      }
    }
    words = joined
  }

  var isAtEnd: Bool { index >= words.count }
  var rest: String { words[index...].joined(separator: " ") }

  mutating func take(_ word: String) -> Bool {
    guard !isAtEnd, words[index] == word else { return false }
    index += 1
    return true
  }

  mutating func number() -> Double? {
    guard !isAtEnd, let value = Double(words[index]), value.isFinite else { return nil }
    index += 1
    return value
  }

  mutating func requiredNumber(_ what: String) throws(StoryboardConstraintSyntaxError) -> Double {
    guard let value = number() else {
      throw StoryboardConstraintSyntaxError(
        "expected \(what)" + (isAtEnd ? "" : ", not \"\(words[index])\""))
    }
    return value
  }

  mutating func itemAttribute() throws(StoryboardConstraintSyntaxError) -> (String, LayoutAttribute)
  {
    guard !isAtEnd else {
      throw StoryboardConstraintSyntaxError("expected an item and attribute (e.g. title.top)")
    }
    let word = words[index]
    let parts = word.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty else {
      throw StoryboardConstraintSyntaxError(
        "expected an item and attribute (e.g. title.top), not \"\(word)\"")
    }
    guard let attribute = StoryboardConstraintSpec.attributes.first(where: { $0.0 == parts[1] })?.1
    else {
      throw StoryboardConstraintSyntaxError(
        "\"\(parts[1])\" is not an attribute; the attributes are "
          + StoryboardConstraintSpec.attributes.map(\.0).joined(separator: ", "))
    }
    index += 1
    return (String(parts[0]), attribute)
  }

  mutating func relation() throws(StoryboardConstraintSyntaxError) -> LayoutRelation {
    if take("==") { return .equal }
    if take("<=") { return .lessThanOrEqual }
    if take(">=") { return .greaterThanOrEqual }
    throw StoryboardConstraintSyntaxError(
      "expected ==, <= or >=" + (isAtEnd ? "" : ", not \"\(words[index])\""))
  }

  mutating func priority() throws(StoryboardConstraintSyntaxError) -> LayoutPriority {
    if take("required") { return .required }
    if take("high") { return .defaultHigh }
    if take("low") { return .defaultLow }
    let value = try requiredNumber("a priority (1–1000, required, high or low) after @")
    guard value >= 1, value <= 1000 else {
      throw StoryboardConstraintSyntaxError("a priority is from 1 to 1000, not \(value)")
    }
    return LayoutPriority(Float(value))
  }
}
