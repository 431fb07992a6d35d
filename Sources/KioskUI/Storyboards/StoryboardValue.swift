/// One value of a scene's `properties` in a storyboard file: a string, a number or a
/// boolean.
public enum StoryboardValue: Equatable, Sendable, Decodable {
  /// A JSON string.
  case string(String)
  /// A JSON number.
  case number(Double)
  /// `true` or `false`.
  case bool(Bool)

  /// Reads a string, number or boolean; anything else (an object, a list, `null`) is an
  /// error.
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "a property is a string, a number or true/false")
    }
  }
}

/// The `properties` a storyboard scene gives its controller: plain values the controller
/// reads to configure itself (a data source's name, a row count, a flag). Read them through
/// the controller's `storyboardProperties`, from `viewDidLoad()` on (they are there as soon
/// as the storyboard has made the controller, before any segue's `prepare(for:sender:)`).
///
/// ```swift
/// // "list": { "class": "ListController", "properties": { "rows": 12, "editable": true } }
/// override func viewDidLoad() {
///   super.viewDidLoad()
///   rowCount = storyboardProperties.int("rows") ?? 10
///   isEditable = storyboardProperties.bool("editable") ?? false
/// }
/// ```
public struct StoryboardProperties: Equatable, Sendable {
  /// Every property by name.
  public let values: [String: StoryboardValue]

  /// Creates a set of properties.
  public init(_ values: [String: StoryboardValue] = [:]) {
    self.values = values
  }

  /// Whether there are none.
  public var isEmpty: Bool { values.isEmpty }

  /// The value named `key`, if the scene has one.
  public subscript(key: String) -> StoryboardValue? { values[key] }

  /// The string named `key`; `nil` when missing or not a string.
  public func string(_ key: String) -> String? {
    if case .string(let value) = values[key] { return value }
    return nil
  }

  /// The number named `key`; `nil` when missing or not a number.
  public func number(_ key: String) -> Double? {
    if case .number(let value) = values[key] { return value }
    return nil
  }

  /// The number named `key` as an integer; `nil` when missing, not a number or not whole.
  public func int(_ key: String) -> Int? {
    guard let value = number(key), value.rounded() == value, abs(value) < 9e15 else { return nil }
    return Int(value)
  }

  /// The boolean named `key`; `nil` when missing or not `true`/`false`.
  public func bool(_ key: String) -> Bool? {
    if case .bool(let value) = values[key] { return value }
    return nil
  }
}
