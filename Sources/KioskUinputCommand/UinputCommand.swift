import ArgumentParser
import FoundationEssentials
import Glibc
import KioskFiles
import KioskLinux
import KioskUI
import KioskVersion

/// `kiosk-uinput`: plays a touch script through a virtual touchscreen of the kernel, so a
/// running KioskKit app (or anything reading evdev) is touched as a real panel would touch
/// it; with `--keyboard`, a key script through a virtual keyboard. For bring-up on hardware
/// and for the real-kernel tests.
struct UinputCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "kiosk-uinput",
    abstract:
      "Replay a touch script through a virtual touchscreen, or a key script through a virtual keyboard (/dev/uinput).",
    discussion: """
      The script has the format of --touch-script (one change a line: ms down|move|up|cancel \
      finger x y); here x and y are the touchscreen's own units, 0..<width and 0..<height. \
      Make --size the panel's pixel size and a touch lands on that pixel of the panel. \
      With --keyboard it is a key script instead: one change a line, ms down|up code, where \
      code is a Linux input key code (KEY_A is 30, KEY_BACKSPACE 14); # starts a comment. \
      With --headset it is a headset jack (SW_HEADPHONE_INSERT, starting unplugged) and the \
      script is one change a line: ms plugged|unplugged.
      """,
    version: "kiosk-uinput (KioskKit) \(KioskKitVersion.string)")

  @Option(help: ArgumentHelp("The device's coordinate range, e.g. 1024x600.", valueName: "WxH"))
  var size: String = "1024x600"

  @Option(help: "The device's name, as libinput and udev show it.")
  var name: String = "KioskKit virtual touchscreen"

  @Flag(
    help:
      "Create the device, print `UINPUT READY name`, and play only when SIGUSR1 arrives (so a reader can open the device first)."
  )
  var waitForSignal = false

  @Option(help: ArgumentHelp("Keep the device this long after the script, in seconds."))
  var linger: Double = 0.5

  @Flag(help: "Make a virtual keyboard and play a key script (ms down|up code) instead.")
  var keyboard = false

  @Option(
    help: ArgumentHelp(
      "With --keyboard: a USB keyboard with these ids (hexadecimal vendor:product, e.g. 0c2e:0b61), as a barcode scanner presents itself.",
      valueName: "vendor:product"))
  var ids: String?

  @Flag(
    help: "Make a virtual headset jack and play a jack script (ms plugged|unplugged) instead.")
  var headset = false

  @Argument(
    help: ArgumentHelp("The touch script (the key script with --keyboard).", valueName: "file"))
  var script: String

  func run() throws {
    if keyboard { return try runKeyboard() }
    if headset { return try runHeadset() }
    let parts = size.split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2, parts[0] > 1, parts[1] > 1 else {
      throw ValidationError("--size must be WxH, e.g. 1024x600")
    }
    let touches: TouchScript
    do {
      touches = try TouchScript(parsing: readScript())
    } catch {
      throw ValidationError("\(script): \(error)")
    }
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGUSR1)
    pthread_sigmask(SIG_BLOCK, &blocked, nil)

    let device = try VirtualTouchscreen(name: name, width: parts[0], height: parts[1])
    print("UINPUT READY \(device.sysname) \(parts[0])x\(parts[1])")
    fflush(nil)
    if waitForSignal {
      var received: Int32 = 0
      sigwait(&blocked, &received)
    }
    let start = Date()
    if touches.frames.contains(where: { $0.typed != nil }) {
      print("UINPUT the script's type lines are left out: a touchscreen cannot type")
    }
    for frame in touches.frames where !frame.samples.isEmpty {
      let wait = frame.time - Date().timeIntervalSince(start)
      if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
      try device.send(
        frame.samples.map { sample in
          switch sample.phase {
          case .began: .down(finger: sample.id, x: sample.location.x, y: sample.location.y)
          case .moved, .stationary:
            .move(finger: sample.id, x: sample.location.x, y: sample.location.y)
          case .ended, .cancelled: .up(finger: sample.id)
          }
        })
    }
    print("UINPUT PLAYED \(touches.frames.count) frames")
    fflush(nil)
    usleep(UInt32(max(linger, 0) * 1_000_000))
  }

  /// The script's text: a regular file (a FIFO is refused rather than waited on), at most
  /// 256 MB, UTF-8.
  private func readScript() throws -> String {
    let bytes = try RegularFile.read(script, limit: 256 << 20)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ValidationError("\(script): the file is not UTF-8 text")
    }
    return text
  }

  /// `--keyboard`: a virtual keyboard types the key script.
  private func runKeyboard() throws {
    let changes = try KeyScript.parse(readScriptForValidation())
    try play(
      changes, at: \.time, kind: "keyboard", played: "keys",
      makeDevice: { name in try VirtualKeyboard(name: name, ids: try keyboardIDs()) },
      defaultName: "KioskKit virtual keyboard"
    ) { device, change in try device.send(code: change.code, down: change.down) }
  }

  /// `--ids`, read: vendor and product in hexadecimal, the vendor not 0.
  private func keyboardIDs() throws -> (vendor: UInt16, product: UInt16)? {
    guard let ids else { return nil }
    let parts = ids.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ (1...4).contains($0.count) }),
      let vendor = UInt16(parts[0], radix: 16), let product = UInt16(parts[1], radix: 16),
      vendor != 0
    else { throw ValidationError("--ids must be vendor:product in hexadecimal, e.g. 0c2e:0b61") }
    return (vendor, product)
  }

  /// `--headset`: a virtual headset jack plugs and unplugs as the jack script says.
  private func runHeadset() throws {
    let changes = try JackScript.parse(readScriptForValidation())
    try play(
      changes, at: \.time, kind: "headset", played: "jack changes",
      makeDevice: { name in try VirtualHeadsetJack(name: name) },
      defaultName: "KioskKit virtual headset jack"
    ) { device, change in try device.send(plugged: change.plugged) }
  }

  /// The script's text, its errors as a usage error naming the file.
  private func readScriptForValidation() throws -> String {
    do {
      return try readScript()
    } catch {
      throw ValidationError("\(script): \(error)")
    }
  }

  /// Makes the device (named `--name`, or `defaultName` when that is the touchscreen's
  /// default), says `UINPUT READY sysname kind`, waits for SIGUSR1 with
  /// `--wait-for-signal`, sends each change at its time, says `UINPUT PLAYED count played`
  /// and keeps the device for `--linger` seconds.
  private func play<Change, Device: UinputDevice>(
    _ changes: [Change], at time: KeyPath<Change, Double>, kind: String, played: String,
    makeDevice: (String) throws -> Device, defaultName: String,
    send: (Device, Change) throws -> Void
  ) throws {
    let blocked = blockSIGUSR1()
    let device = try makeDevice(name == "KioskKit virtual touchscreen" ? defaultName : name)
    print("UINPUT READY \(device.sysname) \(kind)")
    fflush(nil)
    if waitForSignal {
      var set = blocked
      var received: Int32 = 0
      sigwait(&set, &received)
    }
    let start = Date()
    for change in changes {
      let wait = change[keyPath: time] - Date().timeIntervalSince(start)
      if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
      try send(device, change)
    }
    print("UINPUT PLAYED \(changes.count) \(played)")
    fflush(nil)
    usleep(UInt32(max(linger, 0) * 1_000_000))
  }

  private func blockSIGUSR1() -> sigset_t {
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGUSR1)
    pthread_sigmask(SIG_BLOCK, &blocked, nil)
    return blocked
  }
}

/// A key script: `ms down|up code` a line, `#` comments, times in order.
struct KeyScript {
  struct Change {
    var time: Double
    var down: Bool
    var code: Int
  }

  static func parse(_ text: String) throws -> [Change] {
    var changes: [Change] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line =
        raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
        ?? ""
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      if fields.isEmpty { continue }
      guard fields.count == 3, let ms = Double(fields[0]), ms >= 0,
        fields[1] == "down" || fields[1] == "up", let code = Int(fields[2]), code > 0,
        code <= 0x2ff
      else {
        throw ValidationError(
          "line \(index + 1): expected \"ms down|up code\" (e.g. \"0 down 30\"), not \"\(raw)\"")
      }
      if let last = changes.last, ms / 1000 < last.time {
        throw ValidationError("line \(index + 1): times must not go back")
      }
      changes.append(Change(time: ms / 1000, down: fields[1] == "down", code: code))
    }
    return changes
  }
}

/// A jack script: `ms plugged|unplugged` a line, `#` comments, times in order.
struct JackScript {
  struct Change {
    var time: Double
    var plugged: Bool
  }

  static func parse(_ text: String) throws -> [Change] {
    var changes: [Change] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line =
        raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      if fields.isEmpty { continue }
      guard fields.count == 2, let ms = Double(fields[0]), ms >= 0,
        fields[1] == "plugged" || fields[1] == "unplugged"
      else {
        throw ValidationError(
          "line \(index + 1): expected \"ms plugged|unplugged\" (e.g. \"0 plugged\"), not \"\(raw)\""
        )
      }
      if let last = changes.last, ms / 1000 < last.time {
        throw ValidationError("line \(index + 1): times must not go back")
      }
      changes.append(Change(time: ms / 1000, plugged: fields[1] == "plugged"))
    }
    return changes
  }
}

/// What `play` needs of a uinput device: its name under /sys/devices/virtual/input.
protocol UinputDevice {
  var sysname: String { get }
}

extension VirtualKeyboard: UinputDevice {}
extension VirtualHeadsetJack: UinputDevice {}
