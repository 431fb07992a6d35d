import FoundationEssentials
import KioskBase

/// A value as the file or the environment wrote it, before it is checked against a key.
enum WrittenValue: Equatable {
  case string(String)
  case integer(Int)
  case float(Double)
  case bool(Bool)
  case array([WrittenValue])
  /// A number in a syntax only TOML has (`0x1F`, `0o17`, `0b1`, `1_000`, `inf`, `nan`),
  /// as written: refused, since the command line and the `KIOSK_*` variables take numbers
  /// only as `init(decimal:)` reads them, and a value means the same wherever it is given.
  case tomlOnlyNumber(String)
  /// Another TOML type (a table, a date…), by name.
  case other(String)

  /// How the value reads in a message: TOML's spelling.
  var shown: String {
    switch self {
    case .string(let text):
      // Control characters (a NUL, an escape) as TOML escapes: raw, they would reach the
      // terminal or the journal the message is written to.
      var shown = ""
      for scalar in text.unicodeScalars {
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          shown += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          shown.unicodeScalars.append(scalar)
        }
      }
      return "\"\(shown)\""
    case .integer(let value): return String(value)
    case .float(let value): return String(value)
    case .bool(let value): return String(value)
    case .array(let elements): return "[" + elements.map(\.shown).joined(separator: ", ") + "]"
    case .tomlOnlyNumber(let text): return text
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
    case .tomlOnlyNumber: return "a number not written in decimal"
    case .other(let type): return "a \(type)"
    }
  }

  /// A number as KioskKit reads it from the command line, a `KIOSK_*` variable and the file
  /// alike: TOML's decimal integers and floats without its `_` separators — an optional
  /// sign, digits without leading zeros, an optional fraction and exponent (`90`, `-1`,
  /// `+0.5`, `2.5e-3`). No blanks around it, no `0x`/`0o`/`0b`, `inf` or `nan`: such text is
  /// nil, so one spelling is taken or refused in all three places. An integer too large for
  /// `Int` is read as a float (out of any key's range).
  init?(decimal text: some StringProtocol) {
    var digits = text.utf8[...]
    if let sign = digits.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      digits = digits.dropFirst()
    }
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    /// Drops the digits at the start of `digits`; false when there are none.
    func dropDigits() -> Bool {
      let count = digits.prefix(while: isDigit).count
      digits = digits.dropFirst(count)
      return count > 0
    }
    let integerPart = digits.prefix(while: isDigit)
    guard dropDigits(), integerPart.count == 1 || integerPart.first != UInt8(ascii: "0") else {
      return nil
    }
    var isInteger = true
    if digits.first == UInt8(ascii: ".") {
      digits = digits.dropFirst()
      guard dropDigits() else { return nil }
      isInteger = false
    }
    if let e = digits.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      digits = digits.dropFirst()
      if let sign = digits.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        digits = digits.dropFirst()
      }
      guard dropDigits() else { return nil }
      isInteger = false
    }
    guard digits.isEmpty else { return nil }
    if isInteger, let integer = Int(text) {
      self = .integer(integer)
    } else if let number = Double(String(text)) {
      self = .float(number)
    } else {
      return nil
    }
  }
}

extension String {
  /// Whether the text holds a NUL (`"\u0000"` in TOML): every string value becomes a C string
  /// somewhere (a path, a device, a name), which would end at the NUL and name something
  /// else. The one check for every string a key takes, from any source.
  var containsNUL: Bool { utf8.contains(0) }
}

extension ConfigurationKey {
  /// Why a written value cannot be taken.
  enum Refusal: Error, Equatable {
    /// Of a type the key does not take.
    case wrongType(String)
    /// Of the right type, but outside what is allowed.
    case notAllowed
    /// A number in a syntax only TOML has (`WrittenValue.tomlOnlyNumber`).
    case notDecimal
    /// A string holding a NUL (`String.containsNUL`).
    case containsNUL
    /// A list refused by the key's `checkList`: the reason, and the index of the value at
    /// fault.
    case explained(String, element: Int)
  }

  /// Whether `text` is a string this key takes: no NUL, and what `check` allows.
  func accepts(text: String) -> Bool { !text.containsNUL && check(text) }

  /// Why `text` is refused as a string of this key.
  private func refusal(text: String) -> Refusal { text.containsNUL ? .containsNUL : .notAllowed }

  /// The key's command-line form of `value`, or why it cannot be taken.
  func values(for value: WrittenValue) -> Result<[String], Refusal> {
    switch (kind, value) {
    case (.text, .string(let text)):
      return accepts(text: text) ? .success([text]) : .failure(refusal(text: text))
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
    case (.integer, .tomlOnlyNumber), (.integerChoice, .tomlOnlyNumber), (.number, .tomlOnlyNumber):
      return .failure(.notDecimal)
    case (.flag, .bool(let flag)):
      return .success([String(flag)])
    case (.paths, .array(let elements)):
      var paths: [String] = []
      for element in elements {
        guard case .string(let path) = element else { return .failure(.notAllowed) }
        guard !path.containsNUL, checkList != nil || check(path) else {
          return .failure(refusal(text: path))
        }
        paths.append(path)
      }
      if let problem = checkList?(paths) {
        return .failure(.explained(problem.reason, element: problem.index))
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
    if case .paths = kind { return accepts(text: value) }
    if case .success = values(for: writtenValue(fromEnvironment: value)) { return true }
    return false
  }

  /// An environment variable's text (or a command-line value) read as this key's type:
  /// numbers for numeric keys (`WrittenValue(decimal:)`, as the file's are read),
  /// `true`/`false`/`1`/`0`/`yes`/`no` for flags, a comma-separated list for lists, six numbers
  /// separated by spaces or commas for a matrix, else the text itself. A number or a flag
  /// is not trimmed: `" 1"` is refused here as on the command line and in the file.
  func writtenValue(fromEnvironment text: String) -> WrittenValue {
    switch kind {
    case .integer, .integerChoice, .number:
      return WrittenValue(decimal: text) ?? .string(text)
    case .flag:
      switch text.lowercased() {
      case "true", "1", "yes": return .bool(true)
      case "false", "0", "no": return .bool(false)
      default: return .string(text)
      }
    case .paths:
      let paths = text.split(separator: ",").map { $0.trimmingWhitespace() }
      return .array(paths.map(WrittenValue.string))
    case .matrix:
      let fields = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
      return .array(fields.map { WrittenValue(decimal: $0) ?? .string(String($0)) })
    case .text, .choice:
      return .string(text)
    }
  }
}
