import KioskGraphics
import KioskTesting
import KioskUI
import Testing

@testable import KioskLinux

/// Barcode and card readers (`[input] scanners`): matched by ids or name, their keys
/// gathered into scans ended by Return or a pause, delivered to the app and never typed.
@MainActor
struct ScannerTests {
  // linux/input-event-codes.h
  static let leftShift: UInt32 = 42
  static let enter: UInt32 = 28
  static let keypadEnter: UInt32 = 96
  static let digits: [Character: UInt32] = [
    "1": 2, "2": 3, "3": 4, "4": 5, "5": 6, "6": 7, "7": 8, "8": 9, "9": 10, "0": 11,
  ]
  static let letters: [Character: UInt32] = [
    "q": 16, "w": 17, "e": 18, "r": 19, "t": 20, "y": 21, "u": 22, "i": 23, "o": 24, "p": 25,
    "a": 30, "s": 31, "d": 32, "f": 33, "g": 34, "h": 35, "j": 36, "k": 37, "l": 38,
    "z": 44, "x": 45, "c": 46, "v": 47, "b": 48, "n": 49, "m": 50, "-": 12,
  ]

  static func scannerConfiguration(_ entries: [String], gap: Double = 0.1)
    -> LibinputConfiguration
  {
    var configuration = LibinputConfiguration()
    configuration.scanners = entries.compactMap(ScannerMatch.init(parsing:))
    configuration.scanGap = gap
    return configuration
  }

  /// Presses and releases the keys typing `text` (capitals with Shift), `interval` seconds
  /// apart on the test's clock, letting the source read each as it comes.
  static func type(
    _ text: String, on device: Int, _ harness: LibinputHarness, _ app: TestApplication,
    interval: Double = 0.005
  ) {
    for character in text {
      let lower = Character(character.lowercased())
      guard let code = digits[lower] ?? letters[lower] else { continue }
      let shifted = character.isUppercase
      if shifted { harness.backend.key(device, leftShift, pressed: true) }
      harness.backend.key(device, code, pressed: true)
      harness.run()
      app.advance(by: interval / 2)
      harness.backend.key(device, code, pressed: false)
      if shifted { harness.backend.key(device, leftShift, pressed: false) }
      harness.run()
      app.advance(by: interval / 2)
    }
  }

  static func press(_ code: UInt32, on device: Int, _ harness: LibinputHarness) {
    harness.backend.key(device, code, pressed: true)
    harness.backend.key(device, code, pressed: false)
    harness.run()
  }

  // MARK: Matching

  @Test func entriesAreIDsOrNames() {
    #expect(ScannerMatch(parsing: "0C2E:0b61")?.rule == .ids(vendor: 0x0c2e, model: 0x0b61))
    #expect(ScannerMatch(parsing: "1:2")?.rule == .ids(vendor: 1, model: 2))
    #expect(ScannerMatch(parsing: "Datalogic Scanner")?.rule == .name("Datalogic Scanner"))
    #expect(ScannerMatch(parsing: "HID 0c2e:0b61")?.rule == .name("HID 0c2e:0b61"))
    for bad in ["", " ", "0c2e:", ":0b61", "0c2e:0b61:0001", "12345:1", "abc:", " Scanner"] {
      #expect(ScannerMatch(parsing: bad) == nil, "\(bad)")
    }
    #expect(ScannerMatch.normalizedID("0C2E") == "0c2e")
    #expect(ScannerMatch.normalizedID("0000") == nil)
    #expect(ScannerMatch.normalizedID("usb") == nil)
  }

  @Test func aDeviceMatchesByItsIDsOrItsWholeName() {
    let scanner = InputDeviceInfo(
      id: 1, name: "Honeywell 1900", sysname: "event4", capabilities: [.keyboard, .typing],
      vendorID: "0c2e", modelID: "0b61")
    #expect(ScannerMatch(parsing: "0c2e:0b61")!.matches(scanner))
    #expect(ScannerMatch(parsing: "0C2E:B61")!.matches(scanner))
    #expect(!ScannerMatch(parsing: "0c2e:0b62")!.matches(scanner))
    #expect(ScannerMatch(parsing: "Honeywell 1900")!.matches(scanner))
    #expect(!ScannerMatch(parsing: "Honeywell")!.matches(scanner))
    let noIDs = InputDeviceInfo(id: 2, name: "Keyboard", sysname: "event5", capabilities: .keyboard)
    #expect(!ScannerMatch(parsing: "0c2e:0b61")!.matches(noIDs))
  }

  @Test func aMatchedDeviceIsAScannerAndNoKeyboardToTypeOn() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let harness = LibinputHarness(
      screen: app.screen, configuration: Self.scannerConfiguration(["0c2e:0b61"]))
    harness.backend.plug(
      "Honeywell 1900", [.keyboard, .typing], vendorID: "0c2e", modelID: "0b61")
    harness.run()
    #expect(harness.source.scanners.count == 1)
    #expect(!harness.source.hasTypingKeyboard)
    #expect(harness.log.lines.contains { $0.contains("0c2e:0b61, a scanner (0c2e:0b61)") })
    harness.backend.plug("USB keyboard", [.keyboard, .typing], vendorID: "046d", modelID: "c31c")
    harness.run()
    #expect(harness.source.scanners.count == 1)
    #expect(harness.source.hasTypingKeyboard)
  }

  // MARK: Gathering

  @Test func returnEndsAScanAndShiftMakesCapitals() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let harness = LibinputHarness(
      screen: app.screen, configuration: Self.scannerConfiguration(["Scanner"]))
    let scanner = harness.backend.plug("Scanner", [.keyboard, .typing])
    harness.run()
    Self.type("Ab-12", on: scanner, harness, app)
    #expect(harness.scans.isEmpty)
    Self.press(Self.enter, on: scanner, harness)
    Self.press(Self.enter, on: scanner, harness)  // an empty scan is none
    Self.type("x9", on: scanner, harness, app)
    Self.press(Self.keypadEnter, on: scanner, harness)
    #expect(harness.scans.map(\.text) == ["Ab-12", "x9"])
    #expect(harness.scans.map(\.ending) == [.returnKey, .returnKey])
    #expect(harness.scans.first?.device == ScannerDevice(name: "Scanner", sysname: "event1"))
    #expect(harness.presses.isEmpty)  // nothing typed
    #expect(
      harness.log.lines.contains("info input: scan of 5 characters from event1, ended by Return"))
  }

  @Test func aPauseEndsAScanWithoutReturn() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let harness = LibinputHarness(
      screen: app.screen, configuration: Self.scannerConfiguration(["Scanner"], gap: 0.05))
    let scanner = harness.backend.plug("Scanner", [.keyboard, .typing])
    harness.run()
    let start = app.now
    Self.type("4006381333931", on: scanner, harness, app, interval: 0.02)
    let lastKey = app.now - 0.01
    app.advance(by: 0.03)  // 40 ms after the last key: not yet
    #expect(harness.scans.isEmpty)
    app.advance(by: 0.02)
    #expect(harness.scans.map(\.text) == ["4006381333931"])
    #expect(harness.scans.first?.ending == .pause)
    #expect(abs((harness.scans.first?.time ?? 0) - lastKey) < 1e-9)
    #expect(harness.scans.first!.time > start)
    // A key after a pause starts a new scan even when it is read with the timer: "2" comes
    // 60 ms after "1", but is read only when the timer runs.
    Self.type("1", on: scanner, harness, app)
    harness.backend.key(scanner, Self.digits["2"]!, pressed: true, at: app.now + 0.055)
    app.advance(by: 0.06)
    #expect(harness.scans.map(\.text) == ["4006381333931", "1"])
    app.advance(by: 0.2)
    #expect(harness.scans.map(\.text) == ["4006381333931", "1", "2"])
  }

  @Test func twoHundredCharactersASecondLoseNone() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let harness = LibinputHarness(
      screen: app.screen, configuration: Self.scannerConfiguration(["0c2e:0b61"]))
    let scanner = harness.backend.plug(
      "Honeywell 1900", [.keyboard, .typing], vendorID: "0c2e", modelID: "0b61")
    harness.run()
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-")
    let text = String((0..<250).map { alphabet[($0 * 7) % alphabet.count] })
    // 250 characters at 5 ms each (a key down and up every 2.5 ms, Shift too for capitals).
    Self.type(text, on: scanner, harness, app, interval: 0.005)
    Self.press(Self.enter, on: scanner, harness)
    #expect(harness.scans.count == 1)
    #expect(harness.scans.first?.text == text)
    // Without Return, the pause after the last key ends it, whole.
    Self.type(text, on: scanner, harness, app, interval: 0.005)
    app.advance(by: 0.2)
    #expect(harness.scans.map(\.text) == [text, text])
  }

  @Test func keysReadLateAfterABusyMainQueueMakeNoPause() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let harness = LibinputHarness(
      screen: app.screen, configuration: Self.scannerConfiguration(["Scanner"]))
    let scanner = harness.backend.plug("Scanner", [.keyboard, .typing])
    harness.run()
    Self.type("12", on: scanner, harness, app)
    // The keys of "34" wait in libinput while the main queue is busy past the gap: the
    // timer reads them before it decides there was a pause.
    harness.backend.key(scanner, Self.digits["3"]!, pressed: true, at: app.now + 0.003)
    harness.backend.key(scanner, Self.digits["3"]!, pressed: false, at: app.now + 0.005)
    app.advance(by: 0.15)
    Self.press(Self.enter, on: scanner, harness)
    #expect(harness.scans.map(\.text) == ["123"])
  }

  @Test func aScannersShiftDoesNotShiftAKeyboard() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let harness = LibinputHarness(
      screen: app.screen, configuration: Self.scannerConfiguration(["Scanner"]),
      keyboard: try XKBKeyboard(layout: KeyboardLayout()))
    let scanner = harness.backend.plug("Scanner", [.keyboard, .typing])
    let keyboard = harness.backend.plug("Keyboard", [.keyboard, .typing])
    harness.backend.key(scanner, Self.leftShift, pressed: true)
    harness.backend.key(keyboard, Self.letters["a"]!, pressed: true)
    harness.run()
    #expect(harness.presses.map(\.key.characters) == ["a"])
  }

  // MARK: Unplugged

  @Test func aScannerUnpluggedMidScanDropsItAndSaysSo() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let harness = LibinputHarness(
      screen: app.screen, configuration: Self.scannerConfiguration(["Scanner"]))
    let scanner = harness.backend.plug("Scanner", [.keyboard, .typing])
    harness.run()
    Self.type("400638", on: scanner, harness, app)
    harness.backend.key(scanner, Self.digits["1"]!, pressed: true)
    harness.backend.unplug(scanner)
    harness.run()
    app.advance(by: 1)
    #expect(harness.scans.isEmpty)
    #expect(harness.presses.isEmpty)
    #expect(
      harness.log.lines.contains(
        "warning input: scanner event1 \"Scanner\" went away in the middle of a scan; its 7 characters were dropped"
      ))
    #expect(harness.source.scanners.isEmpty)
    // Plugged in again, it scans from the start.
    let again = harness.backend.plug("Scanner", [.keyboard, .typing])
    harness.run()
    Self.type("42", on: again, harness, app)
    Self.press(Self.enter, on: again, harness)
    #expect(harness.scans.map(\.text) == ["42"])
  }

  // MARK: The app

  @Test func aScanReachesTheHandlerAndTheStreamAndNoFocusedField() async throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 100))
    let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 40))
    app.window.addSubview(field)
    #expect(field.becomeFirstResponder())
    var handled: [Scan] = []
    Application.shared.scanHandler = { handled.append($0) }
    let stream = Application.shared.scans
    let harness = LibinputHarness(
      screen: app.screen, configuration: Self.scannerConfiguration(["Scanner"]),
      keyboard: try XKBKeyboard(layout: KeyboardLayout()), deliver: true)
    let scanner = harness.backend.plug("Scanner", [.keyboard, .typing])
    let keyboard = harness.backend.plug("Keyboard", [.keyboard, .typing])
    harness.run()
    Self.type("Ticket42", on: scanner, harness, app)
    Self.press(Self.enter, on: scanner, harness)
    app.runUntilIdle()
    #expect(handled.map(\.text) == ["Ticket42"])
    #expect(Application.shared.lastScan?.text == "Ticket42")
    #expect((field.text ?? "").isEmpty)
    // A keyboard still types into the field.
    Self.type("k", on: keyboard, harness, app)
    app.runUntilIdle()
    #expect(field.text == "k")
    // Last: other tests may run on the main actor while this one waits. The stream got
    // what the handler got (one delivery): waited for only then, so a failure cannot hang.
    guard !handled.isEmpty else { return }
    var iterator = stream.makeAsyncIterator()
    #expect(await iterator.next()?.text == "Ticket42")
  }

  @Test func theAppCanLetScansTypeToo() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 100))
    let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 40))
    app.window.addSubview(field)
    #expect(field.becomeFirstResponder())
    var handled: [String] = []
    Application.shared.scanHandler = { handled.append($0.text) }
    Application.shared.typesScansIntoFocusedField = true
    let harness = LibinputHarness(
      screen: app.screen, configuration: Self.scannerConfiguration(["Scanner"]), deliver: true)
    let scanner = harness.backend.plug("Scanner", [.keyboard, .typing])
    harness.run()
    Self.type("Ab1", on: scanner, harness, app)
    app.runUntilIdle()
    #expect(field.text == "Ab1")
    app.advance(by: 0.2)
    #expect(handled == ["Ab1"])
  }

  @Test func aReloadMakesAKeyboardAScannerAndBack() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let harness = LibinputHarness(screen: app.screen)
    let device = harness.backend.plug(
      "Scanner", [.keyboard, .typing], vendorID: "1a86", modelID: "e026")
    harness.run()
    #expect(harness.source.hasTypingKeyboard)
    harness.source.updateScanners([ScannerMatch(parsing: "1a86:e026")!], gap: 0.05)
    #expect(!harness.source.hasTypingKeyboard)
    Self.type("77", on: device, harness, app)
    app.advance(by: 0.1)
    #expect(harness.scans.map(\.text) == ["77"])
    harness.source.updateScanners([], gap: 0.05)
    #expect(harness.source.scanners.isEmpty && harness.source.hasTypingKeyboard)
    #expect(harness.log.lines.contains("info input: event1 \"Scanner\" is a keyboard again"))
  }
}
