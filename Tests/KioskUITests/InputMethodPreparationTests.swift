import Foundation
import KioskGraphics
import KioskTesting
import Synchronization
import Testing

@testable import KioskUI

/// An input method with a preparation (librime's deploy) never holds the main queue: on a
/// running panel the preparation runs on a thread of its own and the keyboard holds what is
/// typed meanwhile; on simulated time it runs at once, so frames do not depend on a
/// thread's pace.
@MainActor @Suite(.serialized) struct InputMethodPreparationTests {
  private func makeApp(languages: [String]) throws -> (TestApplication, TextField) {
    let (app, field) = try appWithTextField(languages: languages)
    field.autocapitalizationType = .none
    field.becomeFirstResponder()
    app.advance(by: 0.3)
    return (app, field)
  }

  @Test func onSimulatedTimeThePreparationRunsOnceWhenTheLanguageIsFirstChosen() throws {
    let runs = Mutex(0)
    InputMethodRegistry.register(
      language: "zh-pinyin", prepare: { runs.withLock { $0 += 1 } },
      make: { FakePinyin() })
    defer { InputMethodRegistry.removeAll() }
    let (app, field) = try makeApp(languages: ["en", "zh-pinyin"])
    #expect(runs.withLock { $0 } == 0, "nothing is prepared before the language is chosen")
    app.tapKeyboardKey(.language)
    #expect(app.keyboardLanguage == "zh-pinyin")
    #expect(runs.withLock { $0 } == 1, "prepared before the switch returned")
    #expect(app.typeOnScreenKeyboard("nihao"))
    #expect(app.keyboardCandidates == ["你好", "拟好"])
    app.tapKeyboardKey(.language)
    app.tapKeyboardKey(.language)
    #expect(app.keyboardLanguage == "zh-pinyin")
    #expect(runs.withLock { $0 } == 1)
    #expect(field.isFirstResponder)
  }

  @Test func onAThreadTheKeyboardHoldsTheLettersUntilTheInputMethodIsReady() throws {
    InputMethodRegistry.preparesOnThreads = true
    defer { InputMethodRegistry.preparesOnThreads = nil }
    let release = DispatchSemaphore(value: 0)
    let prepared = Mutex(false)
    InputMethodRegistry.register(
      language: "zh-pinyin",
      prepare: {
        release.wait()
        prepared.withLock { $0 = true }
      },
      make: { FakePinyin() })
    defer { InputMethodRegistry.removeAll() }
    let (app, field) = try makeApp(languages: ["en", "zh-pinyin"])
    app.tapKeyboardKey(.language)
    // The switch is at once; the letters wait as the pre-edit, with no candidates yet.
    #expect(app.keyboardLanguage == "zh-pinyin")
    #expect(app.typeOnScreenKeyboard("nihaoo"))
    #expect(app.tapKeyboardKey(.backspace))
    #expect(field.text == "nihao" && field.markedTextRange == TextRange(location: 0, length: 5))
    #expect(app.keyboardCandidates.isEmpty)
    InputMethodRegistry.waitForPreparations(timeout: 0.05)
    #expect(!prepared.withLock { $0 }, "the wait gives up after its timeout")
    release.signal()
    InputMethodRegistry.waitForPreparations(timeout: 10)
    #expect(prepared.withLock { $0 })
    // The main queue learns it next (here the test stands in for it): the input method is
    // given the letters held.
    InputMethodRegistry.finishPreparationsEndedOnThreads()
    #expect(app.keyboardCandidates == ["你好", "拟好"])
    #expect(field.text == "nihao" && field.markedTextRange == TextRange(location: 0, length: 5))
    #expect(app.tapCandidate(0))
    #expect(field.text == "你好" && field.markedTextRange == nil)
  }

  @Test func aLanguageThatCannotBeMadeAfterItsPreparationIsLeftOut() throws {
    struct Missing: Error, CustomStringConvertible {
      var description: String { "no data" }
    }
    InputMethodRegistry.preparesOnThreads = true
    defer { InputMethodRegistry.preparesOnThreads = nil }
    InputMethodRegistry.register(language: "zh-pinyin", prepare: {}, make: { throw Missing() })
    defer { InputMethodRegistry.removeAll() }
    let (app, field) = try makeApp(languages: ["en", "zh-pinyin"])
    app.tapKeyboardKey(.language)
    #expect(app.typeOnScreenKeyboard("ni"))
    InputMethodRegistry.waitForPreparations(timeout: 10)
    InputMethodRegistry.finishPreparationsEndedOnThreads()
    #expect(app.keyboardLanguage == "en")
    #expect(TextInputSystem.shared.unavailableLanguages["zh-pinyin"] == "no data")
    // What was typed stays, as typed.
    #expect(field.text == "ni" && field.markedTextRange == nil)
  }

  @Test func theHeldKeysGoToTheInputMethodInOrder() {
    let held = HeldKeysInputMethod(language: "zh-pinyin")
    #expect(held.handle(.backspace).handled == false)
    _ = held.handle(.text("n"))
    _ = held.handle(.text("i"))
    #expect(held.handle(.text("x")).composition.preedit == "nix")
    #expect(held.handle(.backspace).composition.preedit == "ni")
    _ = held.handle(.space)
    #expect(held.selectCandidate(at: 0).handled == false)
    let result = held.replay(into: FakePinyin())
    #expect(result.committed == "你")
    #expect(result.composition.preedit.isEmpty && held.heldKeys.isEmpty)
  }
}
