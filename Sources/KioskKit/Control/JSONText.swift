import FoundationEssentials

/// JSON's null in the `[String: Any]` objects `status json` is built from (Foundation's
/// `NSNull`, which KioskKit does without).
struct JSONNull: Sendable {}

/// One JSON value, made from the `Any`s of `ControlService.statusObject`, so that
/// FoundationEssentials' `JSONEncoder` writes them: the text JSONSerialization wrote with
/// sorted keys and unescaped slashes, which `kioskctl status json` keeps.
enum JSONValue: Encodable {
  case null
  case bool(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// `value` as JSON: numbers, booleans, strings, arrays and dictionaries of them, and
  /// `JSONNull`; anything else is written as its description.
  init(_ value: Any) {
    switch value {
    case is JSONNull: self = .null
    case let bool as Bool: self = .bool(bool)
    case let integer as Int: self = .integer(integer)
    case let integer as any BinaryInteger: self = .integer(Int(clamping: integer))
    case let number as Double: self = .number(number)
    case let number as any BinaryFloatingPoint: self = .number(Double(number))
    case let string as String: self = .string(string)
    case let array as [Any]: self = .array(array.map(JSONValue.init))
    case let object as [String: Any]: self = .object(object.mapValues(JSONValue.init))
    default: self = .string(String(describing: value))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let bool): try container.encode(bool)
    case .integer(let integer): try container.encode(integer)
    case .number(let number): try container.encode(number)
    case .string(let string): try container.encode(string)
    case .array(let array): try container.encode(array)
    case .object(let object): try container.encode(object)
    }
  }

  /// The value as one line of JSON, keys sorted, slashes unescaped; nil when it holds a
  /// number JSON cannot write (infinity, NaN).
  var text: String? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
  }
}
