import Foundation

/// A value as the file or the environment wrote it, before it is checked against a key.
enum WrittenValue: Equatable {
  case string(String)
  case integer(Int)
  case float(Double)
  case bool(Bool)
  case array([WrittenValue])
  /// Another TOML type (a table, a date…), by name.
  case other(String)

  /// How the value reads in a message: TOML's spelling.
  var shown: String {
    switch self {
    case .string(let text): return "\"\(text)\""
    case .integer(let value): return String(value)
    case .float(let value): return String(value)
    case .bool(let value): return String(value)
    case .array(let elements): return "[" + elements.map(\.shown).joined(separator: ", ") + "]"
    case .other(let type): return "(a \(type))"
    }
  }

  /// What the value is, for "wrong type" messages.
  var typeName: String {
    switch self {
    case .string: return "a string"
    case .integer: return "an integer"
    case .float: return "a float"
    case .bool: return "a boolean"
    case .array: return "an array"
    case .other(let type): return "a \(type)"
    }
  }
}

extension ConfigurationKey {
  /// Why a written value cannot be taken.
  enum Refusal: Error, Equatable {
    /// Of a type the key does not take.
    case wrongType(String)
    /// Of the right type, but outside what is allowed.
    case notAllowed
  }

  /// The key's command-line form of `value`, or why it cannot be taken.
  func values(for value: WrittenValue) -> Result<[String], Refusal> {
    switch (kind, value) {
    case (.text, .string(let text)):
      return check(text) ? .success([text]) : .failure(.notAllowed)
    case (.choice(let choices), .string(let text)):
      return choices.contains(text) ? .success([text]) : .failure(.notAllowed)
    case (.integerChoice(let choices), .integer(let number)):
      return choices.contains(number) ? .success([String(number)]) : .failure(.notAllowed)
    case (.integer(let range), .integer(let number)):
      return range.contains(number) ? .success([String(number)]) : .failure(.notAllowed)
    case (.number(let range, let aboveLowerBound), .integer(let number)):
      return numberValues(Double(number), range: range, aboveLowerBound: aboveLowerBound)
    case (.number(let range, let aboveLowerBound), .float(let number)):
      return numberValues(number, range: range, aboveLowerBound: aboveLowerBound)
    case (.flag, .bool(let flag)):
      return .success([String(flag)])
    case (.paths, .array(let elements)):
      var paths: [String] = []
      for element in elements {
        guard case .string(let path) = element else { return .failure(.notAllowed) }
        guard check(path) else { return .failure(.notAllowed) }
        paths.append(path)
      }
      return .success(paths)
    case (.matrix, .array(let elements)):
      var numbers: [String] = []
      for element in elements {
        switch element {
        case .integer(let number): numbers.append(String(number))
        case .float(let number): numbers.append(formatNumber(number))
        default: return .failure(.notAllowed)
        }
      }
      let text = numbers.joined(separator: " ")
      return numbers.count == 6 && check(text) ? .success([text]) : .failure(.notAllowed)
    default:
      return .failure(.wrongType(value.typeName))
    }
  }

  private func numberValues(
    _ number: Double, range: ClosedRange<Double>, aboveLowerBound: Bool
  ) -> Result<[String], Refusal> {
    guard number.isFinite, range.contains(number), !(aboveLowerBound && number == range.lowerBound)
    else { return .failure(.notAllowed) }
    return .success([formatNumber(number)])
  }

  /// Whether `value`, in the command-line form `current` gives, is one this key takes: the
  /// command line goes through the same checks as the file and the environment.
  func accepts(commandLineValue value: String) -> Bool {
    // A list's elements come one option each; a comma inside one is no separator.
    if case .paths = kind { return check(value) }
    if case .success = values(for: writtenValue(fromEnvironment: value)) { return true }
    return false
  }

  /// An environment variable's text read as this key's type: numbers for numeric keys,
  /// `true`/`false`/`1`/`0`/`yes`/`no` for flags, a comma-separated list for lists, six numbers
  /// separated by spaces or commas for a matrix, else the text itself.
  func writtenValue(fromEnvironment text: String) -> WrittenValue {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch kind {
    case .integer, .integerChoice:
      return Int(trimmed).map(WrittenValue.integer) ?? .string(text)
    case .number:
      if let integer = Int(trimmed) { return .integer(integer) }
      return Double(trimmed).map(WrittenValue.float) ?? .string(text)
    case .flag:
      switch trimmed.lowercased() {
      case "true", "1", "yes": return .bool(true)
      case "false", "0", "no": return .bool(false)
      default: return .string(text)
      }
    case .paths:
      let paths = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      return .array(paths.map(WrittenValue.string))
    case .matrix:
      let fields = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
      return .array(fields.map { Double($0).map(WrittenValue.float) ?? .string(String($0)) })
    case .text, .choice:
      return .string(text)
    }
  }
}
