import KioskGraphics
import KioskTesting
import KioskUI
import Testing

@testable import KioskLinux

/// Keys through xkbcommon (a real keymap compiled from xkb-data) to the first responder.
@MainActor
struct LibinputKeyboardTests {
  // linux/input-event-codes.h
  static let keyA: UInt32 = 30
  static let keyY: UInt32 = 21
  static let leftShift: UInt32 = 42
  static let leftControl: UInt32 = 29
  static let capsLock: UInt32 = 58
  static let keypad1: UInt32 = 79

  func type(_ code: UInt32, on keyboard: XKBKeyboard) -> Key {
    let key = keyboard.handle(code: code, pressed: true)
    _ = keyboard.handle(code: code, pressed: false)
    return key
  }

  static let grave: UInt32 = 41
  static let keyE: UInt32 = 18
  static let keyB: UInt32 = 48
  static let apostrophe: UInt32 = 40

  /// Dead keys through xkbcommon's compose table: the German ^ key types nothing, then ê;
  /// a dead key followed by a key it does not combine with types nothing for either.
  @Test func deadKeysCompose() throws {
    let keyboard = try XKBKeyboard(layout: KeyboardLayout(layout: "de"), locale: "C")
    #expect(keyboard.composeLocale != nil)
    #expect(type(Self.grave, on: keyboard).characters == "")
    #expect(type(Self.keyE, on: keyboard).characters == "ê")
    #expect(type(Self.keyE, on: keyboard).characters == "e")
    #expect(type(Self.grave, on: keyboard).characters == "")
    #expect(type(Self.keyB, on: keyboard).characters == "")
    #expect(type(Self.keyE, on: keyboard).characters == "e")
    let international = try XKBKeyboard(
      layout: KeyboardLayout(layout: "us", variant: "intl"), locale: "en_US.UTF-8")
    #expect(type(Self.apostrophe, on: international).characters == "")
    #expect(type(Self.keyE, on: international).characters == "é")
  }

  /// With Control held a key bypasses the compose table.
  @Test func controlBypassesCompose() throws {
    let keyboard = try XKBKeyboard(layout: KeyboardLayout(layout: "de"), locale: "C")
    _ = type(Self.grave, on: keyboard)
    _ = keyboard.handle(code: Self.leftControl, pressed: true)
    let control = type(Self.keyA, on: keyboard)
    _ = keyboard.handle(code: Self.leftControl, pressed: false)
    #expect(control.modifierFlags.contains(.control))
    #expect(control.charactersIgnoringModifiers == "a")
    #expect(type(Self.keyE, on: keyboard).characters == "ê")
  }

  @Test func theLocaleComesFromTheEnvironment() {
    #expect(XKBKeyboard.typingLocale(environment: ["LANG": "de_DE.UTF-8"]) == "de_DE.UTF-8")
    #expect(
      XKBKeyboard.typingLocale(environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "ru_RU.UTF-8"])
        == "ru_RU.UTF-8")
    #expect(XKBKeyboard.typingLocale(environment: [:]) == "C")
  }

  @Test func theUSLayoutTypesLettersWithAndWithoutShift() throws {
    let keyboard = try XKBKeyboard(layout: KeyboardLayout())
    let a = type(Self.keyA, on: keyboard)
    #expect(a.characters == "a")
    #expect(a.keyCode == 30)
    #expect(a.modifierFlags.isEmpty)

    _ = keyboard.handle(code: Self.leftShift, pressed: true)
    let shifted = type(Self.keyA, on: keyboard)
    _ = keyboard.handle(code: Self.leftShift, pressed: false)
    #expect(shifted.characters == "A")
    #expect(shifted.charactersIgnoringModifiers == "A")
    #expect(shifted.modifierFlags == .shift)
    #expect(type(Self.keyA, on: keyboard).characters == "a")  // shift is up again
  }

  @Test func controlAndCapsLockAreIgnoredByCharactersIgnoringModifiers() throws {
    let keyboard = try XKBKeyboard(layout: KeyboardLayout())
    _ = keyboard.handle(code: Self.leftControl, pressed: true)
    let control = type(Self.keyA, on: keyboard)
    _ = keyboard.handle(code: Self.leftControl, pressed: false)
    #expect(control.characters == "\u{1}")
    #expect(control.charactersIgnoringModifiers == "a")
    #expect(control.modifierFlags == .control)

    _ = type(Self.capsLock, on: keyboard)
    let locked = type(Self.keyA, on: keyboard)
    #expect(locked.characters == "A")
    #expect(locked.charactersIgnoringModifiers == "a")
    #expect(locked.modifierFlags == .capsLock)
  }

  @Test func keypadKeysSayWhereTheyAre() throws {
    let keyboard = try XKBKeyboard(layout: KeyboardLayout())
    #expect(type(Self.keypad1, on: keyboard).modifierFlags.contains(.numericPad))
    #expect(!type(Self.keyA, on: keyboard).modifierFlags.contains(.numericPad))
  }

  @Test func theLayoutComesFromItsName() throws {
    let german = try XKBKeyboard(layout: KeyboardLayout(layout: "de"))
    #expect(type(Self.keyY, on: german).characters == "z")
    #expect(throws: KeymapError.self) {
      try XKBKeyboard(layout: KeyboardLayout(layout: "no-such-layout"))
    }
  }

  @Test func aKeyReachesTheFirstResponder() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let field = TypingView(frame: Rect(x: 0, y: 0, width: 100, height: 30))
    app.window.addSubview(field)
    #expect(field.becomeFirstResponder())
    let harness = LibinputHarness(
      screen: app.screen, keyboard: try XKBKeyboard(layout: KeyboardLayout()), deliver: true)
    let keyboard = harness.backend.plug("USB keyboard", .keyboard)
    harness.backend.key(keyboard, Self.keyA, pressed: true)
    harness.backend.key(keyboard, Self.keyA, pressed: false)
    harness.backend.key(keyboard, Self.leftShift, pressed: true)
    harness.backend.key(keyboard, Self.keyA, pressed: true)
    harness.backend.key(keyboard, Self.keyA, pressed: false)
    harness.backend.key(keyboard, Self.leftShift, pressed: false)
    harness.run()
    #expect(field.typed == "aA")
    #expect(field.ended == 3)  // a, shift, A
    #expect(harness.log.lines.contains("info input: first key 30 from event1"))
  }

  @Test func withoutAFirstResponderTheWindowGetsTheKey() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let window = TypingWindow(screen: app.screen)
    window.makeKeyAndVisible()
    defer { window.isHidden = true }
    let harness = LibinputHarness(
      screen: app.screen, keyboard: try XKBKeyboard(layout: KeyboardLayout()), deliver: true)
    let keyboard = harness.backend.plug("USB keyboard", .keyboard)
    harness.backend.key(keyboard, Self.keyA, pressed: true)
    harness.run()
    #expect(window.typed == "a")
  }

  @Test func aKeyboardUnpluggedWithAKeyDownCancelsThePress() throws {
    let screen = Screen(panelWidth: 1000, panelHeight: 500, scale: 1, rotation: .degrees0)
    let keyboard = try XKBKeyboard(layout: KeyboardLayout())
    let harness = LibinputHarness(screen: screen, keyboard: keyboard)
    let device = harness.backend.plug("USB keyboard", .keyboard)
    harness.backend.key(device, Self.leftShift, pressed: true)
    harness.backend.unplug(device)
    harness.run()
    #expect(harness.presses.map(\.phase) == [.began, .cancelled])
    #expect(keyboard.modifierFlags.isEmpty)  // shift is not left stuck
  }

  @Test func withoutAKeymapKeysStillArriveByCode() {
    let screen = Screen(panelWidth: 1000, panelHeight: 500, scale: 1, rotation: .degrees0)
    let harness = LibinputHarness(screen: screen, keyboard: nil)
    let device = harness.backend.plug("USB keyboard", .keyboard)
    harness.backend.key(device, Self.keyA, pressed: true)
    harness.run()
    #expect(harness.presses == [PressSample(phase: .began, key: Key(keyCode: 30, characters: ""))])
  }
}

/// Takes typing: becomes first responder and keeps the text of the keys going down.
@MainActor
private final class TypingView: View {
  var typed = ""
  var ended = 0
  override var canBecomeFirstResponder: Bool { true }

  override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
    for press in presses { typed += press.key?.characters ?? "" }
  }

  override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
    ended += presses.count
  }
}

/// A window that keeps the text of the keys reaching it.
@MainActor
private final class TypingWindow: Window {
  var typed = ""

  override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
    for press in presses { typed += press.key?.characters ?? "" }
  }
}
