import ArgumentParser
import Glibc
import KioskControl
import KioskFiles
import KioskVersion

// No Foundation here: kioskctl is a small client, and Foundation would link ICU's data
// (38 MB) into it with the Swift runtime linked statically (the Debian package).

/// Prints `message` to standard error as one line, after "kioskctl: ", its control
/// characters escaped (it may quote the app: `ServerText`).
private func complain(_ message: String) {
  let line = Array("kioskctl: \(ServerText.escaped(message))\n".utf8)
  _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
}

/// `kioskctl`: asks a running KioskKit app for its status, a screenshot, a memory warning,
/// to blank or wake its display, or to reload its configuration, over its control socket.
struct Kioskctl: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "kioskctl",
    abstract: "Control a running KioskKit app (kiosk.service) over its control socket.",
    discussion: """
      The socket is mode 0600, owned by the service's user: run kioskctl as that user or \
      as root, or as a member of the group set with app.control-group (mode 0660). \
      --timeout covers the whole exchange: connecting, sending, the whole reply, and asking \
      a busy app again (after 20 ms, doubling up to 250 ms). Control characters in the \
      app's replies are printed as \\u001b-style escapes. Exit codes: 0 done; 1 the app \
      refused the request (its reason is printed); 64 wrong usage; 69 the app is not \
      running (no socket, or nobody answers); 74 the connection broke, or no whole reply \
      came within --timeout; 75 the app stayed busy (every control connection taken) for \
      all of --timeout: try again; 76 the reply was longer than 16 MiB (not a KioskKit \
      app's); 77 no permission to connect.
      """,
    version: "kioskctl (KioskKit) \(KioskKitVersion.string)",
    subcommands: [
      Status.self, Metrics.self, Screenshot.self, MemoryWarning.self, Blank.self, Unblank.self,
      Rotate.self, ReloadConfig.self, Accessibility.self, ScreenReader.self, Speech.self, CEC.self,
      AppRequest.self,
    ])

  /// An app's own request needs no `app` in front: `kioskctl checkin-count` is
  /// `kioskctl app checkin-count`. A first word that is no subcommand of kioskctl's (and no
  /// option) goes to the app as it is.
  static func main() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    let ours = Set(
      configuration.subcommands.map { $0._commandName } + ["help"])
    if let first = arguments.first, !ours.contains(first), !first.hasPrefix("-"),
      ControlRequest.isAppRequestName(first)
    {
      arguments.insert("app", at: 0)
    }
    main(arguments)
  }

  struct Connection: ParsableArguments {
    @Option(help: ArgumentHelp("The app's control socket.", valueName: "path"))
    var socket = "/run/kiosk/control.sock"

    @Option(
      help: ArgumentHelp(
        "Seconds for the whole exchange: connecting, sending, the whole reply, and asking again while the app is busy.",
        valueName: "seconds"))
    var timeout = defaultTimeout

    /// `--timeout` unless given.
    static let defaultTimeout = 10.0
    /// The longest `--timeout`, in seconds (a day).
    static let maximumTimeout = 86_400.0

    func validate() throws {
      guard timeout > 0, timeout <= Self.maximumTimeout else {
        throw ValidationError("--timeout must be more than 0 and at most \(Self.maximumTimeout) s")
      }
    }

    /// Prints the reply's lines, control characters escaped (`ServerText`).
    func send(_ request: String) throws {
      for line in try reply(to: request).lines { print(ServerText.escaped(line)) }
    }

    /// Sends `request` and returns the whole reply when the app carried it out.
    func reply(to request: String) throws -> ControlReply {
      let reply: ControlReply
      do {
        reply = try ControlClient(path: socket, timeout: timeout).send(request)
      } catch {
        complain(error.message)
        throw ExitCode(error.exitCode)
      }
      if reply.succeeded {
        return reply
      } else {
        complain("the app refused: \(reply.lines.joined(separator: " "))")
        throw ExitCode(1)
      }
    }
  }

  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Outputs, mode, input devices, frames presented, frame times, RSS, memory warnings.")
    @Flag(
      help:
        "One JSON object with stable keys (the kioskctl article lists them), for scripts and fleets."
    )
    var json = false
    @OptionGroup var connection: Connection
    func run() throws { try connection.send(json ? "status json" : "status") }
  }

  struct Metrics: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The app's metrics in Prometheus' text format (frames, present times, RSS…).",
      discussion: """
        The same text the app writes for node_exporter's textfile collector with \
        [metrics] textfile; KioskKit's documentation ("Metrics") lists the metrics.
        """)
    @OptionGroup var connection: Connection
    func run() throws { try connection.send("metrics") }
  }

  struct Screenshot: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the last presented frame as a PNG file, or to standard output with -.",
      discussion: """
        The PNG comes over the socket and kioskctl writes FILE as its own user, mode 0600, through a \
        temporary file renamed into place (no partial file; a symbolic link, FIFO or device \
        at FILE is refused). With - it goes to standard output, which must not be a terminal: \
        ssh panel sudo kioskctl screenshot - > panel.png. With --in-app-folder the app \
        writes FILE, a name without a folder, into its screenshot folder (--screenshot-dir; \
        /run/kiosk under kiosk.service).
        """)
    @OptionGroup var connection: Connection
    @Flag(help: "Have the app write FILE (a name, no folder) into its screenshot folder.")
    var inAppFolder = false
    @Argument(help: "The PNG file, or - for standard output.")
    var file: String

    func validate() throws {
      if inAppFolder && (file == "-" || file.contains("/")) {
        throw ValidationError("with --in-app-folder, FILE is a name without a folder")
      }
      guard !file.contains("\n") else { throw ValidationError("FILE must be one line") }
    }

    func run() throws {
      if inAppFolder {
        try connection.send("screenshot \(file)")
        return
      }
      // The PNG goes out as it came, unescaped: never to a terminal, which would take
      // whatever the bytes hold for escape sequences.
      if file == "-", isatty(1) != 0 {
        complain("standard output is a terminal; redirect it: kioskctl screenshot - > shot.png")
        throw ExitCode(64)
      }
      let reply = try connection.reply(to: "screenshot -")
      guard let png = reply.payload else {
        complain("the reply held no PNG")
        throw ExitCode(74)
      }
      if file == "-" {
        try Self.writeToStandardOutput(png)
        return
      }
      do {
        // Mode 0600, as the app writes its own: a screenshot (often taken as root, in a
        // shared folder) shows whatever the screen showed.
        try FileReplacement.write(png, to: file, permissions: FileReplacement.ownerOnlyPermissions)
      } catch {
        complain("cannot write \(error)")
        throw ExitCode(73)  // EX_CANTCREAT
      }
      let size = reply.lines.first { $0.hasPrefix("size: ") } ?? ""
      let absolute = file.hasPrefix("/") ? file : try Self.currentFolder() + "/" + file
      print("file: \(absolute)\n\(ServerText.escaped(size))")
    }

    /// The current folder, for a relative FILE (the app writes it from its own folder).
    static func currentFolder() throws -> String {
      guard let path = getcwd(nil, 0) else {
        throw ValidationError("the current folder: \(String(cString: strerror(errno)))")
      }
      defer { free(path) }
      return String(cString: path)
    }

    /// Writes `bytes` to standard output; a closed pipe or a full disk exits 74.
    static func writeToStandardOutput(_ bytes: [UInt8]) throws {
      signal(SIGPIPE, SIG_IGN)
      var written = 0
      while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          let reason = String(cString: strerror(errno))
          complain("writing the PNG: \(reason)")
          throw ExitCode(74)
        }
        written += count
      }
    }
  }

  struct MemoryWarning: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Send the app a memory warning (it releases what it can).")
    @OptionGroup var connection: Connection
    func run() throws { try connection.send("memory-warning") }
  }

  struct Blank: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Switch the display off (the next touch switches it on).")
    @OptionGroup var connection: Connection
    func run() throws { try connection.send("blank") }
  }

  struct Unblank: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Switch the display on.")
    @OptionGroup var connection: Connection
    func run() throws { try connection.send("unblank") }
  }

  struct AppRequest: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "app",
      abstract: "Send a request of the app's own (kioskctl NAME works too; help lists them).",
      discussion: """
        An app adds requests of its own (Application.addControlCommand): \
        kioskctl checkin-count, or kioskctl app checkin-count. The words after the name \
        go with it; the app's reply is printed.
        """)
    @OptionGroup var connection: Connection
    @Argument(help: "The request's name.") var name: String
    @Argument(parsing: .allUnrecognized, help: "Words the request takes.")
    var words: [String] = []
    func run() throws {
      let line = ([name] + words).joined(separator: " ")
      guard !line.contains("\n") else { throw ValidationError("a request is one line") }
      try connection.send(line)
    }
  }

  struct Rotate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Turn the screen on its panel to 0, 90, 180 or 270 degrees, live.",
      discussion: """
        The app's view controllers get viewWillTransition(to:with:) and their trait \
        changes, the turn is animated, and touch follows at once. The angle lasts until \
        the next start (then output.rotation counts) or the next turn. Prints the rotation \
        and the screen's new size in points.
        """)
    @OptionGroup var connection: Connection
    @Argument(help: "0, 90, 180 or 270 (degrees, clockwise)") var degrees: String

    func validate() throws {
      do {
        _ = try ControlRequest.rotationDegrees(degrees)
      } catch {
        throw ValidationError(error.message)
      }
    }

    func run() throws { try connection.send("rotate \(degrees)") }
  }

  struct ReloadConfig: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Load the configuration again: live keys take effect now, others at the next restart."
    )
    @OptionGroup var connection: Connection
    func run() throws { try connection.send("reload-config") }
  }

  struct Accessibility: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "The accessibility elements of every screen, or set KEY=VALUE… to change the looks live.",
      discussion: """
        Without arguments: one element a line in reading order, its traits, label, value \
        and frame in points. With set: the live keys of [accessibility] (screen-reader, \
        text-size, increase-contrast, bold-text, reduce-motion, zoom, idle-multiplier), \
        checked as the configuration file's; all pairs are applied, or none.
        """)
    @OptionGroup var connection: Connection
    @Argument(help: "Nothing, or set KEY=VALUE…") var words: [String] = []

    func validate() throws {
      guard words.isEmpty || (words.first == "set" && words.count > 1) else {
        throw ValidationError("accessibility takes nothing, or set KEY=VALUE…")
      }
      guard !words.contains(where: { $0.contains("\n") || $0.contains(" ") }) else {
        throw ValidationError("a KEY=VALUE pair is one word")
      }
    }

    func run() throws { try connection.send((["accessibility"] + words).joined(separator: " ")) }
  }

  struct ScreenReader: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "screen-reader", abstract: "Start (on) or stop (off) the screen reader.")
    @OptionGroup var connection: Connection
    @Argument(help: "on or off") var state: String

    func validate() throws {
      guard state == "on" || state == "off" else {
        throw ValidationError("screen-reader takes on or off")
      }
    }

    func run() throws { try connection.send("screen-reader \(state)") }
  }

  struct Speech: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Whether speech is on (or why it is off), and the last utterances spoken.")
    @OptionGroup var connection: Connection
    func run() throws { try connection.send("speech") }
  }

  struct CEC: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "cec",
      abstract:
        "HDMI-CEC: the adapters, the TV's vendor, power status and address, ours, the last problem."
    )
    @OptionGroup var connection: Connection
    @Flag(help: "One line of JSON.") var json = false
    func run() throws { try connection.send(json ? "cec json" : "cec") }
  }
}
