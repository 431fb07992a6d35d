import Foundation
import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A scripted input method: "ni" + "hao" → candidates, for the keyboard's plumbing (the
/// librime one has its own tests).
@MainActor
final class FakePinyin: InputMethod {
  let language = "zh-pinyin"
  let displayName = "拼音"
  private var letters = ""

  private var composition: InputMethodComposition {
    let candidates = letters == "nihao" ? ["你好", "拟好"] : letters.isEmpty ? [] : ["你"]
    return InputMethodComposition(
      preedit: letters, caret: letters.count, candidates: candidates, isLastPage: true)
  }

  func handle(_ key: InputMethodKey) -> InputMethodResult {
    switch key {
    case .text(let text):
      guard text.allSatisfy(\.isLetter) else { return InputMethodResult(handled: false) }
      letters += text
    case .backspace:
      guard !letters.isEmpty else { return InputMethodResult(handled: false) }
      letters.removeLast()
    case .space:
      guard !letters.isEmpty else { return InputMethodResult(handled: false) }
      return selectCandidate(at: 0)
    case .enter:
      let typed = letters
      letters = ""
      return InputMethodResult(handled: true, committed: typed, composition: composition)
    case .escape:
      letters = ""
    }
    return InputMethodResult(handled: true, composition: composition)
  }

  func selectCandidate(at index: Int) -> InputMethodResult {
    let chosen = composition.candidates[index]
    letters = ""
    return InputMethodResult(handled: true, committed: chosen, composition: composition)
  }

  func turnCandidatePage(forward: Bool) -> InputMethodResult {
    InputMethodResult(handled: true, composition: composition)
  }

  func reset() { letters = "" }
}

/// A 1024×600 app with one rounded text field (20, 40, 400×44), its keyboard typing in
/// `languages`.
@MainActor
func appWithTextField(languages: [String] = ["en"]) throws -> (TestApplication, TextField) {
  let app = try TestApplication(pointSize: Size(width: 1024, height: 600))
  app.application.keyboardSettings.languages = languages
  let field = TextField(frame: Rect(x: 20, y: 40, width: 400, height: 44))
  field.borderStyle = .roundedRect
  app.window.addSubview(field)
  app.runUntilIdle()
  return (app, field)
}

/// The on-screen keyboard: shown for a first responder, typed on by tapping keys, its
/// notifications and frames, languages and pads, avoidance by scroll views.
@MainActor
struct OnScreenKeyboardTests {
  private func makeApp(languages: [String] = ["en"]) throws -> (TestApplication, TextField) {
    try appWithTextField(languages: languages)
  }

  @Test func tappingAFieldShowsTheKeyboardAndKeysType() throws {
    let (app, field) = try makeApp()
    #expect(app.keyboardFrame == nil)
    app.tap(at: Point(x: 100, y: 62))
    app.advance(by: 0.3)
    let frame = try #require(app.keyboardFrame)
    #expect(frame.maxY == 600 && frame.width == 1024)
    #expect(app.typeOnScreenKeyboard("hello"))
    #expect(field.text == "hello")
    #expect(app.tapKeyboardKey(.backspace))
    #expect(field.text == "hell")
    #expect(app.tapKeyboardKey(.hide))
    app.advance(by: 0.3)
    #expect(!field.isFirstResponder && app.keyboardFrame == nil)
  }

  @Test func aPressedKeySwapsItsDrawnLooksInsteadOfRedrawing() throws {
    let (app, field) = try makeApp()
    field.autocapitalizationType = .none
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    let center = try #require(OnScreenKeyboardProbe.center(ofKeyTyping: "q"))
    let keys = try #require(TextInputSystem.shared.keyboardWindow?.keyboardView.keyViews)
    // The field changes as it is typed in; the keyboard must look the same for each tap.
    let keyboard = try #require(app.keyboardFrame)
    let key = try #require(keys.first { $0.isCharacter && $0.title == "q" })
    let upDraws = key.drawCount
    app.touch(.began, at: center)
    let pressed = app.snapshot()
    #expect(key.drawCount == upDraws + 1)  // the pressed look, drawn once
    app.touch(.ended, at: center)
    let released = app.snapshot()
    #expect(field.text == "q")
    app.touch(.began, at: center)
    #expect(Self.differingPixels(app.snapshot(), pressed, in: keyboard) == 0)
    app.touch(.ended, at: center)
    #expect(Self.differingPixels(app.snapshot(), released, in: keyboard) == 0)
    #expect(key.drawCount == upDraws + 1)
    #expect(field.text == "qq")
    // A look that changes (shift turns the titles to capitals) draws again, once per state.
    #expect(app.tapKeyboardKey(.shift))
    app.runUntilIdle()
    let shiftedDraws = key.drawCount
    #expect(shiftedDraws > upDraws + 1)
    app.touch(.began, at: center)
    let shiftedPressed = app.snapshot()
    #expect(Self.differingPixels(shiftedPressed, pressed, in: keyboard) > 0)
    app.touch(.ended, at: center)
    #expect(field.text == "qqQ")
    let inPlace = app.snapshot()
    app.screen.compositor.setNeedsFullRepaint()
    Transaction.setNeedsCommit()
    #expect(Self.differingPixels(app.snapshot(), inPlace, in: keyboard) == 0)
  }

  /// A pressed key keeps its other look for the next press; once the keyboard is off
  /// screen, a memory warning lets those go with the backing stores, and a key pressed
  /// after it is drawn again.
  @Test func aMemoryWarningLetsTheKeptLooksOfAHiddenKeyboardGo() throws {
    let (app, field) = try makeApp()
    field.autocapitalizationType = .none
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    let keys = try #require(TextInputSystem.shared.keyboardWindow?.keyboardView.keyViews)
    let key = try #require(keys.first { $0.isCharacter && $0.title == "q" })
    let center = try #require(OnScreenKeyboardProbe.center(ofKeyTyping: "q"))
    app.touch(.began, at: center)
    app.touch(.ended, at: center)
    app.runUntilIdle()
    #expect(key.keptLookCount > 0)
    field.resignFirstResponder()
    app.advance(by: 0.3)
    #expect(app.keyboardFrame == nil)
    app.application.simulateMemoryWarning()
    app.runUntilIdle()
    #expect(key.keptLookCount == 0)
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    let draws = key.drawCount
    app.touch(.began, at: center)
    #expect(key.drawCount == draws + 1)
    app.touch(.ended, at: center)
    #expect(field.text?.count == 2)
  }

  @Test func theNextFieldOfTheSameKindKeepsTheDrawnKeys() throws {
    let (app, field) = try makeApp()
    let other = TextField(frame: Rect(x: 20, y: 100, width: 400, height: 44))
    app.window.addSubview(other)
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    let view = try #require(TextInputSystem.shared.keyboardWindow?.keyboardView)
    let keys = view.keyViews
    let draws = keys.map(\.drawCount)
    other.becomeFirstResponder()
    app.advance(by: 0.3)
    let kept = view.keyViews.elementsEqual(keys, by: ===)
    #expect(kept)
    #expect(view.keyViews.map(\.drawCount) == draws)
    // Another keyboard type builds other keys.
    field.keyboardType = .numberPad
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    let rebuilt = !view.keyViews.elementsEqual(keys, by: ===)
    #expect(rebuilt)
    #expect(view.plane == .numberPad)
  }

  /// Pixels that differ inside `rect` (points, at scale 1).
  private static func differingPixels(_ a: Bitmap, _ b: Bitmap, in rect: Rect) -> Int {
    var count = 0
    for y in Int(rect.minY)..<Int(rect.maxY) {
      for x in Int(rect.minX)..<Int(rect.maxX)
      where a.buffer.rawPixel(x: x, y: y) != b.buffer.rawPixel(x: x, y: y) {
        count += 1
      }
    }
    return count
  }

  @Test func keysAreAtLeast44PointsTallOnA1024x600Panel() throws {
    #expect(OnScreenKeyboardView.keyHeight(screenHeight: 600) >= 44)
    #expect(OnScreenKeyboardView.keyHeight(screenHeight: 400) >= 44)
  }

  @Test func russianLayoutTypesPrivet() throws {
    let (app, field) = try makeApp(languages: ["en", "ru"])
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    #expect(app.tapKeyboardKey(.language))
    #expect(app.keyboardLanguage == "ru")
    #expect(app.typeOnScreenKeyboard("Привет"))
    #expect(field.text == "Привет")
  }

  @Test func sentencesStartWithACapitalAndShiftLocks() throws {
    let (app, field) = try makeApp()
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    // Auto-capitalised first letter.
    #expect(app.typeOnScreenKeyboard("H"))
    #expect(app.typeOnScreenKeyboard("i"))
    #expect(field.text == "Hi")
    // Double tap on Shift: caps lock.
    app.tapKeyboardKey(.shift)
    app.tapKeyboardKey(.shift)
    #expect(app.typeOnScreenKeyboard("OK"))
    #expect(field.text == "HiOK")
  }

  @Test func keyboardTypePicksPadsAndVariants() throws {
    let (app, field) = try makeApp()
    field.keyboardType = .numberPad
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    #expect(app.typeOnScreenKeyboard("2026"))
    #expect(field.text == "2026")
    #expect(OnScreenKeyboardProbe.center(ofKeyTyping: "a") == nil)
    field.resignFirstResponder()
    field.keyboardType = .emailAddress
    field.text = ""
    field.autocapitalizationType = .none
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    #expect(app.typeOnScreenKeyboard("a@b.c"))
    #expect(field.text == "a@b.c")
  }

  /// As UIKit's: a frame change is posted around the keyboard's appearance and departure
  /// too, willChangeFrame before willShow or willHide, didChangeFrame before didShow or
  /// didHide.
  @Test func notificationsCarryTheFramesAndTheAnimation() throws {
    let (app, field) = try makeApp()
    var received: [(String, Rect?, Double?)] = []
    let names = [
      "WillChangeFrame", "WillShow", "DidChangeFrame", "DidShow",
      "WillChangeFrame", "WillHide", "DidChangeFrame", "DidHide",
    ]
    func observe<Message: KeyboardMessage>(_ type: Message.Type, _ name: String)
      -> NotificationCenter.ObservationToken
    {
      NotificationCenter.default.addObserver(of: nil as Screen?, for: type) { message in
        received.append((name, message.endFrame, message.animationDuration))
      }
    }
    let observers = [
      observe(Responder.KeyboardWillChangeFrameMessage.self, "WillChangeFrame"),
      observe(Responder.KeyboardWillShowMessage.self, "WillShow"),
      observe(Responder.KeyboardDidChangeFrameMessage.self, "DidChangeFrame"),
      observe(Responder.KeyboardDidShowMessage.self, "DidShow"),
      observe(Responder.KeyboardWillHideMessage.self, "WillHide"),
      observe(Responder.KeyboardDidHideMessage.self, "DidHide"),
    ]
    defer { for observer in observers { NotificationCenter.default.removeObserver(observer) } }
    field.becomeFirstResponder()
    #expect(received.map(\.0) == Array(names.prefix(2)))
    app.advance(by: 0.3)
    #expect(received.map(\.0) == Array(names.prefix(4)))
    let height = OnScreenKeyboardView.height(screenHeight: 600, candidateBar: false)
    for note in received {
      #expect(note.1 == Rect(x: 0, y: 600 - height, width: 1024, height: height))
      #expect(note.2 == TextInputSystem.animationDuration)
    }
    field.resignFirstResponder()
    app.advance(by: 0.3)
    #expect(received.map(\.0) == names)
    for note in received.dropFirst(4) { #expect(note.1?.minY == 600) }
  }

  @Test func aHardwareKeyboardKeepsTheOnScreenOneAwayInAutoMode() throws {
    let (app, field) = try makeApp()
    app.application.isHardwareKeyboardAttached = true
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    #expect(app.keyboardFrame == nil)
    app.application.keyboardSettings.onScreenKeyboard = .always
    app.advance(by: 0.3)
    #expect(app.keyboardFrame != nil)
    app.application.keyboardSettings.onScreenKeyboard = .never
    app.application.isHardwareKeyboardAttached = false
    app.advance(by: 0.3)
    #expect(app.keyboardFrame == nil)
  }

  @Test func aScrollViewScrollsTheFieldAboveTheKeyboard() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600))
    let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 1024, height: 600))
    scroll.contentSize = Size(width: 1024, height: 1200)
    app.window.addSubview(scroll)
    let field = TextField(frame: Rect(x: 20, y: 500, width: 400, height: 44))
    scroll.addSubview(field)
    app.runUntilIdle()
    field.becomeFirstResponder()
    app.advance(by: 0.5)
    let keyboard = try #require(app.keyboardFrame)
    let inWindow = field.convert(field.bounds, to: app.window)
    #expect(inWindow.maxY <= keyboard.minY)
    #expect(scroll.contentInset.bottom > 0)
    field.resignFirstResponder()
    app.advance(by: 0.5)
    #expect(scroll.contentInset.bottom == 0)
  }

  @Test func theLayoutGuideFollowsTheKeyboard() throws {
    let (app, field) = try makeApp()
    #expect(app.window.keyboardLayoutGuide.layoutFrame.height == 0)
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    let frame = try #require(app.keyboardFrame)
    #expect(app.window.keyboardLayoutGuide.layoutFrame.minY == frame.minY)
  }

  @Test func pinyinTypesIntoMarkedTextAndACandidateCommits() throws {
    InputMethodRegistry.register(language: "zh-pinyin") { FakePinyin() }
    defer { InputMethodRegistry.removeAll() }
    let (app, field) = try makeApp(languages: ["zh-pinyin", "en"])
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    #expect(app.keyboardLanguage == "zh-pinyin")
    field.autocapitalizationType = .none
    #expect(app.typeOnScreenKeyboard("nihao"))
    #expect(field.text == "nihao")
    #expect(field.markedTextRange == TextRange(location: 0, length: 5))
    #expect(app.keyboardCandidates == ["你好", "拟好"])
    #expect(app.tapCandidate(0))
    #expect(field.text == "你好" && field.markedTextRange == nil)
  }

  @Test func aLanguageWhoseInputMethodFailsIsLeftOut() throws {
    struct Missing: Error, CustomStringConvertible {
      var description: String { "no data" }
    }
    InputMethodRegistry.register(language: "zh-pinyin") { throw Missing() }
    defer { InputMethodRegistry.removeAll() }
    let (app, field) = try makeApp(languages: ["en", "zh-pinyin", "ru"])
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    app.tapKeyboardKey(.language)
    #expect(app.keyboardLanguage == "ru")
    #expect(TextInputSystem.shared.unavailableLanguages["zh-pinyin"] == "no data")
    #expect(app.typeOnScreenKeyboard("да"))
  }

  @Test func aLongPressOffersAlternatesAndTheOneUnderTheFingerIsTyped() throws {
    let (app, field) = try makeApp()
    field.autocapitalizationType = .none
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    let e = try #require(OnScreenKeyboardProbe.center(ofKeyTyping: "e"))
    app.touch(.began, at: e)
    app.advance(by: OnScreenKeyboardView.alternatesDelay + 0.1)
    // The row starts at the key: e, then è é ê …; the finger slides onto the third.
    let keyWidth = try #require(TextInputSystem.shared.keyboardWindow?.keyboardView.keyViews.first)
      .frame.width
    let onAcute = Point(x: e.x + 2 * max(keyWidth, 40), y: e.y - keyWidth)
    app.touch(.moved, at: onAcute)
    app.touch(.ended, at: onAcute)
    #expect(field.text == "é")
    // A quick tap types the letter itself.
    app.tap(at: e)
    #expect(field.text == "ée")
  }

  @Test func aHeldBackspaceRepeats() throws {
    let (app, field) = try makeApp()
    field.text = "abcdefghij"
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    let backspace = try #require(OnScreenKeyboardProbe.center(of: .backspace))
    app.touch(.began, at: backspace)
    #expect(field.text == "abcdefghi")
    app.advance(by: OnScreenKeyboardView.backspaceRepeatDelay + 0.01)
    #expect(field.text == "abcdefgh")
    app.advance(by: OnScreenKeyboardView.backspaceRepeatInterval * 3)
    #expect(field.text == "abcde")
    app.touch(.ended, at: backspace)
    app.advance(by: 1)
    #expect(field.text == "abcde")
  }

  @Test func theKeyboardFollowsTheScreenWhenItTurns() throws {
    let (app, field) = try makeApp()
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    #expect(app.keyboardFrame?.width == 1024)
    app.screen.setRotation(.degrees90, animated: false)
    app.advance(by: 0.5)
    let frame = try #require(app.keyboardFrame)
    #expect(frame.width == 600)
    #expect(frame.maxY == 1024)
    #expect(TextInputSystem.shared.keyboardWindow?.keyboardView.frame == frame)
  }

  @Test func theDecimalPadHasASeparatorAndThePhonePadAPlus() throws {
    let (app, field) = try makeApp()
    field.keyboardType = .decimalPad
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    #expect(app.typeOnScreenKeyboard("3.5"))
    #expect(field.text == "3.5")
    field.resignFirstResponder()
    field.keyboardType = .phonePad
    field.text = ""
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    #expect(app.typeOnScreenKeyboard("+49#"))
    #expect(field.text == "+49#")
  }
}
