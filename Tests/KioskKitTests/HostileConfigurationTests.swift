import Foundation
import Testing

@testable import KioskKit

/// Files a hostile outsider writes (issue 34): each is refused with its line in bounded
/// time and memory, and the same value gets the same verdict from the command line, the
/// file and the environment.
@Suite("Configuration: hostile files")
struct HostileConfigurationTests {
  /// `body`'s result, expecting it to take well under the 2 s a refusal may take.
  private func quickly<T>(_ body: () throws -> T) rethrows -> T {
    let start = ContinuousClock.now
    let result = try body()
    #expect(ContinuousClock.now - start < .seconds(2))
    return result
  }

  private static let limit = ConfigurationLimits.maximumNestingDepth

  /// The message for a line that nests `depth` levels deep.
  private static func tooDeep(_ line: Int, _ depth: Int) -> String {
    "FILE:\(line): this line nests \(depth) levels deep (parts of table headers and keys, arrays, inline tables); at most \(limit)"
  }

  /// Deep texts and the depth each reaches, built one by one: as one literal, Swift 6.2
  /// (which builds the arm64 tests) could not type-check them in time.
  static let deepTexts: [(String, Int)] = {
    let header = Array(repeating: "a", count: 16_000).joined(separator: ".")
    let arrays = String(repeating: "[", count: 16_000) + String(repeating: "]", count: 16_000)
    let tables: String = String(repeating: "{b=", count: 16_000) + "1"
    let closing = String(repeating: "}", count: 16_000)
    let key = Array(repeating: "b", count: 20_000).joined(separator: " . ")
    return [
      ("# deep\n[\(header)]\n", 16_000),
      ("\na = \(arrays)", 16_001),
      ("\na = \(tables)\(closing)", 16_001),
      ("[a]\n\(key) = 1\n", 20_001),
    ]
  }()

  /// A 16,000-part header was a SIGSEGV (the bridge recursed once per level), and deep
  /// arrays and inline tables were refused only by toml++'s own limit of 256.
  @Test(arguments: deepTexts)
  func deepNestingIsRefusedWithItsLine(text: String, depth: Int) throws {
    let found = try quickly { try problems(text) }
    #expect(found == [Self.tooDeep(2, depth)])
  }

  @Test func theLimitItselfIsAllowedAndStringsAndCommentsDoNotCount() throws {
    let header = Array(repeating: "a", count: Self.limit - 1).joined(separator: ".")
    // 127 header parts and a key: 128 levels, TOML KioskKit does not know, but not too deep.
    #expect(
      try problems("[\(header)]\nb = 1\n") == [
        "FILE:1: unknown table [a]; the tables are output, input, display, accessibility, memory, log, metrics, app"
      ])
    #expect(try problems("[\(header)]\nb.c = 1\n") == [Self.tooDeep(2, Self.limit + 1)])
    let brackets = String(repeating: "[{.", count: 1_000)
    #expect(
      try problems(
        """
        [log] # \(brackets)
        level = "debug" # \(brackets)
        [app]
        control-group = "\(brackets)"
        main-storyboard = '''
        \(brackets)'''
        """
      ) == [])
  }

  /// A deep file as a drop-in is refused as the file is, naming the drop-in.
  @Test func aDeepDropInIsRefused() throws {
    let path = try writeConfiguration("[log]\nlevel = \"debug\"\n")
    try FileManager.default.createDirectory(atPath: path + ".d", withIntermediateDirectories: true)
    let deep = "[" + Array(repeating: "a", count: 16_000).joined(separator: ".") + "]\n"
    try deep.write(toFile: path + ".d/10-deep.toml", atomically: true, encoding: .utf8)
    #expect {
      _ = try quickly { try KioskConfiguration.load(file: path, environment: [:]) }
    } throws: { error in
      (error as? ConfigurationError)?.problems.map(\.location) == ["\(path).d/10-deep.toml:1"]
    }
  }

  /// Recording every prefix of a dotted key took 11.7 s and 260 MB for 14,000 parts, when
  /// a scan of the text found lines: toml++ gives each node its line now, and a key that
  /// long is refused with its line by the bridge's one pass before toml++ reads it.
  @Test func aLongDottedKeyIsRefusedInLinearTimeWithItsLine() throws {
    let key = Array(repeating: "a", count: 100_000).joined(separator: ".")
    let found = try quickly { try problems("\n[t]\n" + key + " = 1\n") }
    #expect(found == [Self.tooDeep(3, 100_001)])
  }

  /// A dotted key as deep as the limit allows: each table it makes, and its value, are on
  /// the key's line.
  @Test func linesOfADottedKeyAreItsLine() throws {
    let parts = Self.limit - 1
    let key = Array(repeating: "a", count: parts).joined(separator: ".")
    var node = try #require(TOMLDocument(parsing: "\n[t]\n" + key + " = 1\n").root["t"])
    #expect(node.line == 2)
    for _ in 0..<parts {
      node = try #require(node.table?["a"])
      #expect(node.line == 3)
    }
    #expect(WrittenValue(node) == .integer(1))
  }

  /// An unknown dotted header was reported without its line.
  @Test func anUnknownDottedHeaderHasItsLine() throws {
    #expect(
      try problems("\n\n[a.b]\nx = 1\n") == [
        "FILE:3: unknown table [a]; the tables are output, input, display, accessibility, memory, log, metrics, app"
      ])
  }

  /// `"\u0000"` cut `card`, `seat`, `main-storyboard`… short; every string a key takes
  /// refuses it.
  @Test(
    arguments: ConfigurationKey.all.filter { key in
      switch key.kind {
      case .text, .paths: true
      default: false
      }
    }.map(\.path))
  func aNulIsRefusedInEveryStringKey(path: String) throws {
    let key = try #require(ConfigurationKey.all.first { $0.path == path })
    let value = "\"/dev/x\\u0000y\""
    let written = if case .paths = key.kind { "[\(value)]" } else { value }
    let found = try problems("[\(key.table)]\n\(key.name) = \(written)\n")
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("FILE:2: \(path) = ") == true)
    #expect(found.first?.contains("holds a NUL character (\\u0000)") == true)
  }

  /// A raw value as each source writes it, and whether all of them take it.
  struct Case: Sendable, CustomStringConvertible {
    var key: String
    var raw: String
    /// The value in the file (TOML).
    var file: String
    var accepted: Bool
    var description: String { "\(key) \(raw.debugDescription)" }
  }

  static let cases: [Case] = [
    Case(key: "memory.floor", raw: "100", file: "100", accepted: true),
    Case(key: "memory.floor", raw: "+100", file: "+100", accepted: true),
    Case(key: "memory.floor", raw: "0b1", file: "0b1", accepted: false),
    Case(key: "memory.floor", raw: "0o777", file: "0o777", accepted: false),
    Case(key: "memory.floor", raw: "0x10", file: "0x10", accepted: false),
    Case(key: "memory.floor", raw: "1_000", file: "1_000", accepted: false),
    Case(key: "memory.floor", raw: "1e3", file: "1e3", accepted: false),
    Case(key: "memory.floor", raw: " 1", file: "\" 1\"", accepted: false),
    Case(key: "memory.floor", raw: "1 ", file: "\"1 \"", accepted: false),
    Case(key: "output.rotation", raw: "090", file: "090", accepted: false),
    Case(key: "output.rotation", raw: "90", file: "90", accepted: true),
    Case(key: "output.scale", raw: "1.5", file: "1.5", accepted: true),
    Case(key: "output.scale", raw: "0.25", file: "0.25", accepted: true),
    Case(key: "output.scale", raw: "15e-1", file: "15e-1", accepted: true),
    Case(key: "output.scale", raw: "1e-300", file: "1e-300", accepted: false),
    Case(key: "output.scale", raw: "0x1p1", file: "0x1p1", accepted: false),
    Case(key: "output.scale", raw: "2.", file: "2.", accepted: false),
    Case(key: "output.scale", raw: "inf", file: "inf", accepted: false),
    Case(key: "output.scale", raw: "nan", file: "nan", accepted: false),
    Case(key: "output.scale", raw: "1_0", file: "1_0", accepted: false),
    Case(key: "input.devices", raw: " ", file: "[\" \"]", accepted: false),
    Case(
      key: "input.devices", raw: "/dev/input/event3", file: "[\"/dev/input/event3\"]",
      accepted: true),
    Case(key: "input.seat", raw: "seat1", file: "\"seat1\"", accepted: true),
    Case(key: "input.seat", raw: " ", file: "\" \"", accepted: true),
  ]

  /// One check per value: the command line, the file and a `KIOSK_*` variable give the same
  /// raw value the same verdict (they disagreed on `0b1`, `1_000`, `" 1"`, `' '`…).
  @Test(arguments: cases)
  func theSameValueGetsTheSameVerdictEverywhere(_ row: Case) throws {
    let key = try #require(ConfigurationKey.all.first { $0.path == row.key })
    let path = try writeConfiguration("[\(key.table)]\n\(key.name) = \(row.file)\n")
    let fromFile = (try? KioskConfiguration.load(file: path, environment: [:])) != nil
    let fromEnvironment =
      (try? KioskConfiguration.load(file: nil, environment: [key.environmentName: row.raw]))
      != nil
    let fromCommandLine =
      (try? CommandLineParser.standard.parse(["--\(key.option)", row.raw])) != nil
    #expect(fromFile == row.accepted, "file")
    #expect(fromEnvironment == row.accepted, "environment")
    #expect(fromCommandLine == row.accepted, "command line")
  }

  @Test func aNumberOnlyTOMLWritesIsRefusedWithItsLineAndWhy() throws {
    #expect(
      try problems("[memory]\n\nfloor = 1_000\n") == [
        "FILE:3: memory.floor = 1_000 is not a decimal number (write it as on the command line, e.g. 1000, not 1_000 or 0x3E8); allowed: 0 to 1000000 (MB; 0: do not read MemAvailable)"
      ])
  }
}
