import Foundation
import KioskKit
import KioskTesting
import Testing

/// A scripted Pinyin input method for the candidate bar's golden (the librime one's
/// candidates depend on its dictionary version).
@MainActor
private final class ScriptedPinyin: InputMethod {
  let language = "zh-pinyin"
  let displayName = "拼音"
  private var letters = ""

  private var composition: InputMethodComposition {
    InputMethodComposition(
      preedit: letters, caret: letters.count,
      candidates: letters.isEmpty ? [] : ["你好", "拟好", "你", "尼", "泥", "妮", "倪"],
      isLastPage: false)
  }

  func handle(_ key: InputMethodKey) -> InputMethodResult {
    guard case .text(let text) = key else { return InputMethodResult(handled: false) }
    letters += text
    return InputMethodResult(handled: true, composition: composition)
  }
  func selectCandidate(at index: Int) -> InputMethodResult {
    letters = ""
    return InputMethodResult(handled: true, committed: "你好", composition: composition)
  }
  func turnCandidatePage(forward: Bool) -> InputMethodResult {
    InputMethodResult(handled: true, composition: composition)
  }
  func reset() { letters = "" }
}

/// The on-screen keyboard's layouts and a text field being edited, compared with goldens.
@MainActor
struct TextInputGoldenTests {
  private func makeApp(languages: [String] = ["en"]) throws -> (TestApplication, TextField) {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600))
    app.application.keyboardSettings.languages = languages
    app.window.backgroundColor = Color(hex: 0xf2f2f7)
    let field = TextField(frame: Rect(x: 24, y: 40, width: 420, height: 44))
    field.borderStyle = .roundedRect
    field.placeholder = "Name"
    app.window.addSubview(field)
    app.runUntilIdle()
    return (app, field)
  }

  @Test func englishKeyboard() throws {
    let (app, field) = try makeApp(languages: ["en", "de", "ru"])
    field.returnKeyType = .done
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    #expect(app.typeOnScreenKeyboard("Hello"))
    app.advance(by: 0.2)
    try assertSnapshot(of: app, named: "keyboard-en")
  }

  @Test func germanAndRussianKeyboards() throws {
    let (app, field) = try makeApp(languages: ["en", "de", "ru"])
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    app.tapKeyboardKey(.language)
    app.advance(by: 0.6)
    try assertSnapshot(of: app, named: "keyboard-de")
    app.tapKeyboardKey(.language)
    #expect(app.typeOnScreenKeyboard("Привет"))
    app.advance(by: 0.6)
    try assertSnapshot(of: app, named: "keyboard-ru")
  }

  @Test func symbolsAndPads() throws {
    let (app, field) = try makeApp()
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    app.tapKeyboardKey(.planeSwitch)
    app.advance(by: 0.6)
    try assertSnapshot(of: app, named: "keyboard-symbols")
    field.resignFirstResponder()
    field.keyboardType = .numberPad
    field.becomeFirstResponder()
    app.advance(by: 0.6)
    #expect(app.typeOnScreenKeyboard("1234"))
    try assertSnapshot(of: app, named: "keyboard-number-pad")
  }

  @Test func pinyinWithCandidates() throws {
    InputMethodRegistry.register(language: "zh-pinyin") { ScriptedPinyin() }
    defer { InputMethodRegistry.removeAll() }
    let (app, field) = try makeApp(languages: ["zh-pinyin", "en"])
    field.autocapitalizationType = .none
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    #expect(app.typeOnScreenKeyboard("nihao"))
    app.advance(by: 0.6)
    try assertSnapshot(of: app, named: "keyboard-pinyin-candidates")
  }

  @Test func aSelectionWithTheEditMenu() throws {
    let (app, field) = try makeApp()
    app.application.keyboardSettings.onScreenKeyboard = .never
    // The pasteboard is the process's: another test may have left a string on it, which
    // would add Paste to the menu.
    Pasteboard.general.strings = nil
    field.text = "Table for two at eight"
    app.runUntilIdle()
    field.becomeFirstResponder()
    field.selectedRange = TextRange(location: 10, length: 3)
    app.runUntilIdle()
    // A long press shows the edit menu for the selection.
    let point = Point(x: 24 + 140, y: 62)
    app.touch(.began, at: point)
    app.advance(by: 0.6)
    app.touch(.ended, at: point)
    field.selectedRange = TextRange(location: 10, length: 3)
    app.tap(at: Point(x: 24 + 120, y: 62))
    app.advance(by: 0.4)
    app.tap(at: Point(x: 24 + 120, y: 62))
    app.runUntilIdle()
    try assertSnapshot(of: app, named: "text-field-selection-menu")
  }
}
