import KioskGraphics

/// A recorded sequence of touches, one change a line, that can be replayed on any backend
/// (`--touch-script FILE` of every KioskKit app, `TestApplication.play(_:)`, and
/// `kiosk-uinput`, which plays it through a virtual touchscreen of the kernel).
///
/// The format: a time in milliseconds from the start, what the finger does (`down`, `move`,
/// `up`, `cancel`), which finger (a small integer), and where (two numbers; optional for
/// `up` and `cancel`, which then lift where the finger last was). `#` starts a comment.
/// Lines with the same time are one input frame, delivered together. A `type` line types
/// the rest of the line (after one space, without trailing spaces) into the field being
/// edited, a key per character, as a hardware keyboard does: `1200 type Ada Lovelace` (the
/// text cannot hold `#`; `kiosk-uinput`, which drives a touchscreen, leaves such lines out).
///
/// ```text
/// # tap the button, then swipe left with two fingers
/// 0    down 0 480 300
/// 60   up   0
/// 500  down 0 800 200
/// 500  down 1 800 300
/// 550  move 0 600 200
/// 550  move 1 600 300
/// 600  up   0
/// 600  up   1
/// 900  type Hello
/// ```
///
/// Coordinates are screen points for apps and tests; `kiosk-uinput` reads them as the
/// touchscreen's own units. A coordinate is 0 or between a millionth and a billion either
/// way, and at most 64 fingers are down at once (`TouchLimits`).
public struct TouchScript: Sendable, Equatable {
  /// One input frame: the changes of every finger that moved at `time`.
  public struct Frame: Sendable, Equatable {
    /// Seconds from the start of the script.
    public var time: Double
    /// The changes, in the order of the script.
    public var samples: [TouchSample]
    /// What `type` lines of this time type, after the touches (nil when none do).
    public var typed: String?

    /// A frame of `samples` at `time`, typing `typed` after them.
    public init(time: Double, samples: [TouchSample], typed: String? = nil) {
      self.time = time
      self.samples = samples
      self.typed = typed
    }
  }

  /// A line the parser could not read.
  public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line's number, from 1.
    public var line: Int
    /// What is wrong with it.
    public var reason: String

    public var description: String { "touch script line \(line): \(reason)" }
  }

  /// The frames, in time order.
  public var frames: [Frame]

  /// How long the script lasts, in seconds.
  public var duration: Double { frames.last?.time ?? 0 }

  /// Creates a script from frames (sorted by time).
  public init(frames: [Frame]) {
    self.frames = frames.sorted { $0.time < $1.time }
  }

  /// Reads a script in the format above.
  public init(parsing text: String) throws(ParseError) {
    var frames: [Frame] = []
    var lastPosition: [Int: Point] = [:]
    var lastTime = -Double.infinity
    // Lines end with LF, CRLF (one Character in Swift) or a lone CR (old Mac editors): a
    // file of CR-only lines was read as one line.
    let lines = text.split(
      omittingEmptySubsequences: false,
      whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    for (index, rawLine) in lines.enumerated() {
      let number = index + 1
      let content =
        rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        .first ?? ""
      let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      if fields.isEmpty { continue }
      if fields.count >= 2, fields[1] == "type" {
        let time = try Self.time(fields[0], after: lastTime, line: number)
        let text = try Self.typedText(content, line: number)
        if frames.last?.time == time {
          frames[frames.count - 1].typed = (frames[frames.count - 1].typed ?? "") + text
        } else {
          frames.append(Frame(time: time, samples: [], typed: text))
        }
        lastTime = time
        continue
      }
      guard fields.count >= 3 else {
        throw ParseError(line: number, reason: "expected `ms down|move|up|cancel finger [x y]`")
      }
      let time = try Self.time(fields[0], after: lastTime, line: number)
      guard let finger = Int(fields[2]), finger >= 0 else {
        throw ParseError(line: number, reason: "finger \"\(fields[2])\" is not an integer ≥ 0")
      }
      let phase = try Self.phase(fields[1], line: number)
      let location = try Self.location(
        fields, phase: phase, lastPosition: lastPosition[finger], line: number)
      guard fields.count <= 5 else {
        throw ParseError(line: number, reason: "unexpected \"\(fields[5])\" after the position")
      }
      let isDown = lastPosition[finger] != nil
      if phase == .began, isDown {
        throw ParseError(line: number, reason: "finger \(finger) is already down")
      }
      if phase != .began, !isDown {
        throw ParseError(line: number, reason: "finger \(finger) is not down")
      }
      lastPosition[finger] = phase == .ended || phase == .cancelled ? nil : location
      let sample = TouchSample(id: finger, phase: phase, location: location)
      // Not `if let last = frames.last`: the copy would share the samples' storage, and
      // every append would copy them all (100,000 fingers in one frame took 52 s).
      if frames.last?.time == time {
        frames[frames.count - 1].samples.append(sample)
      } else {
        frames.append(Frame(time: time, samples: [sample]))
      }
      lastTime = time
    }
    self.frames = frames
  }

  /// A line's time, in seconds.
  private static func time(_ field: Substring, after lastTime: Double, line: Int)
    throws(ParseError) -> Double
  {
    guard let milliseconds = Double(field), milliseconds >= 0, milliseconds.isFinite else {
      throw ParseError(line: line, reason: "time \"\(field)\" is not milliseconds ≥ 0")
    }
    let time = milliseconds / 1000
    guard time >= lastTime else {
      throw ParseError(line: line, reason: "time \(field) ms goes back in time")
    }
    return time
  }

  /// What a `type` line types: the rest of the line after `type` and one space or tab.
  private static func typedText(_ content: Substring, line: Int) throws(ParseError) -> String {
    guard let word = content.firstRange(of: "type") else {
      throw ParseError(line: line, reason: "expected `ms type TEXT`")
    }
    var rest = content[word.upperBound...]
    while let last = rest.last, last == " " || last == "\t" || last == "\r" {
      rest = rest.dropLast()
    }
    guard let first = rest.first, first == " " || first == "\t", rest.count > 1 else {
      throw ParseError(line: line, reason: "`type` needs text after it")
    }
    return String(rest.dropFirst())
  }

  /// The phase a line's second field names.
  private static func phase(_ word: Substring, line: Int) throws(ParseError) -> Touch.Phase {
    switch word {
    case "down": return .began
    case "move": return .moved
    case "up": return .ended
    case "cancel": return .cancelled
    default:
      throw ParseError(line: line, reason: "\"\(word)\" is not down, move, up or cancel")
    }
  }

  /// The position a line gives in its fourth and fifth fields or, for a finger lifted or
  /// cancelled without one, where the finger last was.
  private static func location(
    _ fields: [Substring], phase: Touch.Phase, lastPosition: Point?, line: Int
  ) throws(ParseError) -> Point {
    if fields.count == 4 {
      throw ParseError(line: line, reason: "a position needs x and y")
    } else if fields.count >= 5 {
      guard let x = Double(fields[3]), let y = Double(fields[4]), x.isFinite, y.isFinite else {
        throw ParseError(line: line, reason: "\"\(fields[3]) \(fields[4])\" is not a point")
      }
      for (text, value) in [(fields[3], x), (fields[4], y)] where !isSaneCoordinate(value) {
        throw ParseError(
          line: line,
          reason: "coordinate \(text) is out of bounds: a script's coordinates are 0 or"
            + " between \(TouchLimits.minimumScriptCoordinate) and"
            + " \(Int(TouchLimits.maximumScriptCoordinate).grouped) either way")
      }
      return Point(x: x, y: y)
    } else if fields.count == 3, phase == .ended || phase == .cancelled, let lastPosition {
      return lastPosition
    } else {
      throw ParseError(line: line, reason: "\(fields[1]) needs a position: x y")
    }
  }
}

extension TouchScript {
  /// Whether a script may name `value` as a coordinate (`TouchLimits`).
  static func isSaneCoordinate(_ value: Double) -> Bool {
    value == 0
      || (abs(value) >= TouchLimits.minimumScriptCoordinate
        && abs(value) <= TouchLimits.maximumScriptCoordinate)
  }

  /// The frames as they are played: a finger that comes down while
  /// `TouchLimits.maximumScriptFingers` are down is left out, with all it does until it
  /// lifts; each frame comes with the log line for the fingers it left out, if any.
  package var playedFrames: [(frame: Frame, droppedMessage: String?)] {
    var limit = FingerLimit(maximum: TouchLimits.maximumScriptFingers)
    return frames.map { frame in
      let (samples, refused) = limit.filter(frame.samples)
      let message =
        refused == 0
        ? nil
        : "touch script: "
          + FingerLimit.droppedMessage(refused, limit: limit.maximum, holder: "a touch script")
      return (Frame(time: frame.time, samples: samples, typed: frame.typed), message)
    }
  }

  /// Plays the script on `screen` through the shared application, starting now: each frame
  /// is a scheduled action at its time (so it follows the manual clock in tests and the
  /// simulated clock on the virtual backend). Returns the actions, to cancel the rest.
  /// Fingers past `TouchLimits.maximumScriptFingers` down at once are dropped, and each
  /// frame that drops some logs how many (`playedFrames`).
  @MainActor
  @discardableResult
  public func play(on screen: Screen) -> [ScheduledAction] {
    playedFrames.map { frame, droppedMessage in
      ScheduledAction.after(frame.time) { [weak screen] in
        if let droppedMessage { uiLogger.warning("\(droppedMessage)") }
        guard let screen else { return }
        if !frame.samples.isEmpty { Application.shared.sendTouches(frame.samples, on: screen) }
        if let typed = frame.typed { Application.shared.typeAsHardwareKeys(typed) }
      }
    }
  }
}

extension Application {
  /// Types `text` a key per character, each pressed and let go, as a hardware keyboard
  /// delivers characters (a touch script's `type` lines).
  package func typeAsHardwareKeys(_ text: String) {
    for character in text {
      let key = Key(keyCode: 0, characters: String(character))
      sendPresses([PressSample(phase: .began, key: key)])
      sendPresses([PressSample(phase: .ended, key: key)])
    }
  }
}
