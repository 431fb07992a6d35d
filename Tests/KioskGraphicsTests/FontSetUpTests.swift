import Testing

@testable import KioskGraphics

/// Fonts set up on another thread at start (`FontSetUp`), as `Application.main` does.
struct FontSetUpTests {
  @Test func theFirstThreadToLayOutTextTakesTheWarmedFontMap() async throws {
    FontSetUp.startInBackground()
    // Laid out on a thread of its own, as the main queue's thread is on Linux: it waits for
    // the set-up and takes its font map (in a test process another thread may have taken it
    // first; then this thread made its own and the layout must still work).
    let width = await Task.detached {
      TextLayout(text: "Recipe 1", font: .systemFont(ofSize: 17)).size.width
    }.value
    #expect(width > 40)
    // Some thread took the warmed map, and it lays out text on it.
    let again = await Task.detached { () -> Double in
      FontSetUp.waitUntilReady()
      return TextLayout(text: "Recipe 2", font: .systemFont(ofSize: 17)).size.width
    }.value
    #expect(again > 40)
    #expect(FontSetUp.warmedFontMapWasTaken)
  }
}
