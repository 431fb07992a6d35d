import KioskFiles

/// One request of the control protocol, spoken over the control socket: KioskKit's
/// `ControlServer` reads it, `kioskctl` writes it (`ControlRequest+Wire`).
///
/// The protocol is plain words: the client sends one line of UTF-8 text, at most
/// `maximumLength` bytes with its newline, and reads one reply until the service closes
/// the connection. A reply starts with `ok` or `error: <why>` on its own line; `status`
/// follows `ok` with `key: value` lines, `status json` with one line of JSON.
///
/// | request | what the service does |
/// | --- | --- |
/// | `status` | version, outputs, mode, input devices, frames, frame times, RSS, memory warnings |
/// | `status json` | the same as one JSON object (keys in `ControlService.statusObject`) |
/// | `screenshot NAME.png` | writes the last presented frame as PNG, named NAME.png, in the app's screenshot folder |
/// | `screenshot -` | sends it back: `ok`, `size: WxH px`, `png: N`, then the N bytes of PNG |
/// | `memory-warning` | sends the app a memory warning |
/// | `blank`, `unblank` | switches the display off or on |
/// | `rotate DEGREES` | turns the main screen to 0, 90, 180 or 270 degrees on its panel, live |
/// | `reload-config` | loads the configuration again; live keys take effect at once |
/// | `metrics` | the metrics in Prometheus' text format, after `ok` (`KioskMetrics`) |
/// | `accessibility` | every screen's accessibility elements in reading order, one a line |
/// | `accessibility set KEY=VALUE…` | changes live `[accessibility]` settings (text size, contrast…) |
/// | `screen-reader on`, `screen-reader off` | starts or stops the screen reader |
/// | `speech` | speech's state and the last utterances spoken |
/// | `cec`, `cec json` | HDMI-CEC: the adapters, the TV's vendor, power status and address, ours, the last problem |
/// | `help` | lists the requests |
/// | *the app's own* | what the app added with `Application.addControlCommand` |
package enum ControlRequest: Equatable, Sendable {
  case status
  case statusJSON
  /// A file of this name (no folder) in the screenshot folder (`--screenshot-dir`).
  case screenshot(name: String)
  /// The PNG in the reply, for `kioskctl screenshot -`.
  case screenshotToClient
  case memoryWarning
  case blank
  case unblank
  /// Turns the main screen to this many degrees (0, 90, 180 or 270) on its panel.
  case rotate(degrees: Int)
  case reloadConfig
  case metrics
  /// The accessibility tree of every screen.
  case accessibility
  /// Live `[accessibility]` settings, `KEY=VALUE` each.
  case accessibilitySet([String])
  /// Starts (`true`) or stops the screen reader.
  case screenReader(Bool)
  /// Speech's state and transcript.
  case speech
  /// HDMI-CEC's state, as `key: value` lines or (`true`) one line of JSON.
  case cec(json: Bool)
  case help
  /// A request of the app's own (`Application.addControlCommand`), or of no one: the
  /// service answers the latter "unknown request".
  case app(name: String, argument: String)

  /// The request's word, as a client writes it (`screenshot` without its path).
  package var name: String {
    switch self {
    case .status, .statusJSON: "status"
    case .screenshot, .screenshotToClient: "screenshot"
    case .memoryWarning: "memory-warning"
    case .blank: "blank"
    case .unblank: "unblank"
    case .rotate: "rotate"
    case .reloadConfig: "reload-config"
    case .metrics: "metrics"
    case .accessibility, .accessibilitySet: "accessibility"
    case .screenReader: "screen-reader"
    case .speech: "speech"
    case .cec: "cec"
    case .help: "help"
    case .app(let name, _): name
    }
  }

  /// The words of KioskKit's own requests (and kioskctl's), which the app's may not take.
  package static let standardNames: Set<String> = [
    "status", "screenshot", "memory-warning", "blank", "unblank", "reload-config", "metrics",
    "help", "app", "accessibility", "screen-reader", "speech", "cec", "rotate",
  ]

  /// The longest request line, newline included.
  package static let maximumLength = 1024

  /// The requests, as `help` lists them.
  package static let summary = [
    "status", "status json", "screenshot NAME.png", "screenshot -", "memory-warning",
    "blank", "unblank", "rotate 90",
    "reload-config", "metrics", "accessibility", "accessibility set KEY=VALUE…",
    "screen-reader on", "screen-reader off", "speech", "cec", "cec json", "help",
  ]

  /// Whether `name` can be a request of the app's own (`Application.addControlCommand`):
  /// lower-case letters, digits and `-`, at most 64 of them.
  package static func isAppRequestName(_ name: some StringProtocol) -> Bool {
    !name.isEmpty && name.count <= 64
      && name.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
  }

  /// Parses one line (without its newline); throws a message for the error reply.
  package init(parsing bytes: some Collection<UInt8>) throws(ControlError) {
    guard let line = String(validating: bytes, as: UTF8.self) else {
      throw ControlError("the request is not UTF-8 text")
    }
    if line.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
      throw ControlError("the request holds control characters")
    }
    let trimmed = line.trimmingSpaces
    let word = trimmed.prefix { $0 != " " && $0 != "\t" }
    let argument = trimmed.dropFirst(word.count).trimmingSpaces
    switch word {
    case "":
      throw ControlError("empty request; try help")
    case "screenshot":
      guard !argument.isEmpty else {
        throw ControlError(
          "screenshot needs a file name (written in the app's screenshot folder) or -")
      }
      if argument == "-" {
        self = .screenshotToClient
        return
      }
      // A name, never a path: the app writes only into its own folder, so a request
      // cannot aim its write (a symbolic link, /dev, /proc/self/fd, another app's files).
      if let problem = FileReplacement.problem(withName: String(argument)) {
        throw ControlError(
          "screenshot takes a file name, which the app writes in its screenshot folder (\(problem)); "
            + "kioskctl screenshot PATH writes a file anywhere as kioskctl's user")
      }
      self = .screenshot(name: String(argument))
      return
    case "status":
      switch argument {
      case "": self = .status
      case "json": self = .statusJSON
      default: throw ControlError("status takes no argument but json")
      }
      return
    case "accessibility":
      self = try Self.accessibility(argument)
      return
    case "screen-reader":
      switch argument {
      case "on": self = .screenReader(true)
      case "off": self = .screenReader(false)
      default: throw ControlError("screen-reader takes on or off")
      }
      return
    case "rotate":
      self = .rotate(degrees: try Self.rotationDegrees(argument))
      return
    case "speech": self = .speech
    case "cec":
      switch argument {
      case "": self = .cec(json: false)
      case "json": self = .cec(json: true)
      default: throw ControlError("cec takes no argument but json")
      }
      return
    case "memory-warning": self = .memoryWarning
    case "blank": self = .blank
    case "unblank": self = .unblank
    case "reload-config": self = .reloadConfig
    case "metrics": self = .metrics
    case "help": self = .help
    default:
      guard Self.isAppRequestName(word) else {
        throw ControlError("unknown request \(word.prefix(64)); try help")
      }
      self = .app(name: String(word), argument: String(argument))
      return
    }
    guard argument.isEmpty else {
      throw ControlError("\(word) takes no argument")
    }
  }
}

extension ControlRequest {
  /// `accessibility` with `argument`: nothing (the tree) or `set KEY=VALUE…`.
  private static func accessibility(_ argument: Substring) throws(ControlError) -> ControlRequest {
    if argument.isEmpty { return .accessibility }
    let words = argument.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard words.first == "set", words.count > 1 else {
      throw ControlError("accessibility takes nothing, or set KEY=VALUE…")
    }
    return .accessibilitySet(Array(words.dropFirst()))
  }
}

extension ControlRequest {
  /// The angles `rotate` takes, in degrees.
  package static let rotationAngles = [0, 90, 180, 270]

  /// `rotate`'s argument as degrees: exactly one of `rotationAngles`, written as a number.
  package static func rotationDegrees(_ argument: some StringProtocol) throws(ControlError) -> Int {
    guard !argument.isEmpty else {
      throw ControlError("rotate needs an angle: 0, 90, 180 or 270 (degrees)")
    }
    guard let degrees = Int(argument), String(degrees) == argument,
      rotationAngles.contains(degrees)
    else {
      throw ControlError(
        "rotate \(argument.prefix(32)) is not allowed; allowed: 0, 90, 180 or 270 (degrees)")
    }
    return degrees
  }
}

extension StringProtocol {
  fileprivate var trimmingSpaces: Substring {
    let text = Substring(self)
    let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
    let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
    return text[start..<Swift.max(start, end)]
  }
}
