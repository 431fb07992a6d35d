import Foundation
import KioskUI
import Testing

@testable import KioskRime

/// Pinyin through librime, on Debian's `pinyin_simp` data. librime is set up once per
/// process; these tests share it (and a user data folder of their own).
@MainActor
struct RimeInputMethodTests {
  static let userData = FileManager.default.temporaryDirectory
    .appendingPathComponent("kiosk-rime-tests-\(getpid())").path

  private func makeMethod() throws -> RimeInputMethod {
    try RimeInputMethod(userDataDirectory: Self.userData)
  }

  private func type(_ letters: String, into method: RimeInputMethod) -> InputMethodResult {
    var last = InputMethodResult(handled: false)
    for letter in letters { last = method.handle(.text(String(letter))) }
    return last
  }

  @Test func nihaoOffersNiHaoAndATapCommitsIt() throws {
    let method = try makeMethod()
    let typed = type("nihao", into: method)
    #expect(typed.handled && typed.committed.isEmpty)
    #expect(typed.composition.preedit == "ni hao")
    #expect(typed.composition.caret == 6)
    let index = try #require(typed.composition.candidates.firstIndex(of: "你好"))
    #expect(index < 3)
    let chosen = method.selectCandidate(at: index)
    #expect(chosen.committed == "你好")
    #expect(chosen.composition.isEmpty)
  }

  @Test func spaceCommitsTheHighlightedCandidateAndReturnTheLetters() throws {
    let method = try makeMethod()
    let typed = type("zhongguo", into: method)
    let first = try #require(typed.composition.candidates.first)
    #expect(method.handle(.space).committed == first)
    _ = type("nihao", into: method)
    #expect(method.handle(.enter).committed == "nihao")
  }

  @Test func backspaceEscapeAndPages() throws {
    let method = try makeMethod()
    _ = type("nihao", into: method)
    #expect(method.handle(.backspace).composition.preedit == "ni ha")
    let firstPage = type("o", into: method).composition
    #expect(firstPage.page == 0 && !firstPage.isLastPage)
    let second = method.turnCandidatePage(forward: true).composition
    #expect(second.page == 1)
    #expect(second.candidates != firstPage.candidates)
    #expect(method.turnCandidatePage(forward: false).composition.candidates == firstPage.candidates)
    #expect(method.handle(.escape).composition.isEmpty)
  }

  @Test func whatIsNotALetterIsNotHandled() throws {
    let method = try makeMethod()
    #expect(!method.handle(.text("é")).handled)
    #expect(!method.handle(.text("👍")).handled)
    #expect(!method.handle(.space).handled)
    #expect(!method.handle(.backspace).handled)
    method.reset()
  }

  @Test func missingDataNamesThePackage() {
    #expect {
      try RimeInputMethod(
        sharedDataDirectory: "/nonexistent/rime-data", userDataDirectory: Self.userData)
    } throws: { error in
      "\(error)".contains("rime-data-pinyin-simp") && "\(error)".contains("/nonexistent")
    }
  }

  @Test func theUserDataFolderFallsBackWhenHomeCannotBeUsed() {
    let candidates = RimeEngine.userDataDirectoryCandidates(environment: [
      "HOME": "/nonexistent", "CACHE_DIRECTORY": "/var/cache/kiosk",
    ])
    #expect(candidates.first == "/var/cache/kiosk/rime")
    #expect(candidates.last?.hasPrefix("/tmp/kioskkit-rime-") == true)
    #expect(
      RimeEngine.firstWritableDirectory(["/proc/nope", FileManager.default.temporaryDirectory.path])
        == FileManager.default.temporaryDirectory.path)
  }
}
