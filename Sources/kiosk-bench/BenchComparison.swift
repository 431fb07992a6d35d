import Foundation

/// `kiosk-bench --compare A.json B.json`: the change of every figure between two runs saved
/// with `--json`, each beside the run's own memcpy of a frame (a run on another machine, or
/// a busier one, shows in that line first), and the goal of those that have one.
struct BenchComparison {
  let before: [String: Double]
  let after: [String: Double]

  enum ComparisonError: Error, CustomStringConvertible {
    case unreadable(String, String)
    case notFigures(String)

    var description: String {
      switch self {
      case .unreadable(let path, let why): "cannot read \(path): \(why)"
      case .notFigures(let path):
        "\(path) is not the output of kiosk-bench --json (a JSON object of figures)"
      }
    }
  }

  init(beforePath: String, afterPath: String) throws {
    before = try Self.figures(at: beforePath)
    after = try Self.figures(at: afterPath)
  }

  /// The numbers of a `--json` file, by name (other values left out).
  static func figures(at path: String) throws -> [String: Double] {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw ComparisonError.unreadable(path, error.localizedDescription)
    }
    guard let object = try? JSONDecoder().decode([String: JSONFigure].self, from: data) else {
      throw ComparisonError.notFigures(path)
    }
    var figures: [String: Double] = [:]
    for case (let name, .number(let value)) in object { figures[name] = value }
    return figures
  }

  /// The table: one line a figure found in both runs (name, before, after, change), then the
  /// names found in one run only.
  func lines() -> [String] {
    var lines = [
      "figure".padding(toLength: 56, withPad: " ", startingAt: 0)
        + "before".padding(toLength: 14, withPad: " ", startingAt: 0)
        + "after".padding(toLength: 14, withPad: " ", startingAt: 0)
        + "change".padding(toLength: 10, withPad: " ", startingAt: 0) + "goal (after)"
    ]
    let baseline = "memcpy_frame_ms"
    let names =
      [baseline] + Set(before.keys).intersection(after.keys).subtracting([baseline]).sorted()
    for name in names {
      guard let a = before[name], let b = after[name] else { continue }
      lines.append(
        name.padding(toLength: 56, withPad: " ", startingAt: 0)
          + Self.format(a).padding(toLength: 14, withPad: " ", startingAt: 0)
          + Self.format(b).padding(toLength: 14, withPad: " ", startingAt: 0)
          + Self.change(from: a, to: b).padding(toLength: 10, withPad: " ", startingAt: 0)
          + (BenchGoals.goal(forJSONKey: name).map { "goal " + $0.column(for: b) } ?? ""))
    }
    let onlyBefore = Set(before.keys).subtracting(after.keys).sorted()
    let onlyAfter = Set(after.keys).subtracting(before.keys).sorted()
    if !onlyBefore.isEmpty { lines.append("only before: " + onlyBefore.joined(separator: ", ")) }
    if !onlyAfter.isEmpty { lines.append("only after: " + onlyAfter.joined(separator: ", ")) }
    return lines
  }

  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15
      ? String(format: "%.0f", value) : String(format: "%.4g", value)
  }

  /// The relative change, or the difference when the first value is zero.
  static func change(from a: Double, to b: Double) -> String {
    if a == b { return "=" }
    if a == 0 { return String(format: "%+.4g", b - a) }
    return String(format: "%+.1f %%", (b - a) / abs(a) * 100)
  }
}

/// A value of a `--json` file: a figure is a plain number; booleans, texts and anything else
/// are left out. (JSONSerialization's numbers were told apart by their class, which
/// depends on how a number is written: figures with many digits were dropped.)
private enum JSONFigure: Decodable {
  case number(Double)
  case other

  init(from decoder: Decoder) throws {
    let value = try decoder.singleValueContainer()
    if (try? value.decode(Bool.self)) != nil {
      self = .other
    } else if let number = try? value.decode(Double.self) {
      self = .number(number)
    } else {
      self = .other
    }
  }
}
