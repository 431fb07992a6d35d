import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct LabelTests {
  @Test func sizeThatFitsMeasuresOnceUntilSomethingChanges() throws {
    let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 30))
    label.text = "Chocolate Cake"
    let size = label.sizeThatFits(Size(width: 200, height: 30))
    #expect(size.width > 50 && size.height > 10)
    let layouts = label.textLayoutCount
    // Another layout pass asks again: no new pango layout, the same answer.
    #expect(label.sizeThatFits(Size(width: 120, height: 30)) == size)
    #expect(label.textLayoutCount == layouts)

    label.text = "Chocolate Cake with Cream"
    let longer = label.sizeThatFits(Size(width: 200, height: 30))
    #expect(longer.width > size.width)
    label.font = .systemFont(ofSize: 34)
    #expect(label.sizeThatFits(Size(width: 200, height: 30)).height > longer.height)
    #expect(label.textLayoutCount == layouts + 2)
  }

  /// A title of a million characters was shaped whole (seconds of pango per layout); the
  /// label lays out only what it can show, and shows it the same.
  @Test func aMillionCharacterTitleIsLaidOutOnlyAsFarAsItShows() throws {
    let label = Label(frame: Rect(x: 0, y: 0, width: 300, height: 30))
    label.text = String(repeating: "Departures ", count: 100_000)
    let layout = try #require(label.textLayout)
    #expect(layout.text.utf8.count < 10_000)
    #expect(layout.isTruncated)
    #expect(layout.text.hasPrefix("Departures Departures"))
    let short = Label(frame: Rect(x: 0, y: 0, width: 300, height: 30))
    short.text = String(repeating: "Departures ", count: 100)
    #expect(short.textLayout?.size == layout.size)
  }

  @Test func theVisiblePartKeepsTheEndThatShows() {
    let font = Font.systemFont(ofSize: 20)
    let text = "A" + String(repeating: "x", count: 100_000) + "Z"
    let tail = TextLayout.visiblePart(of: text, font: font, numberOfLines: 1, width: 100)
    let head = TextLayout.visiblePart(
      of: text, font: font, lineBreakMode: .byTruncatingHead, numberOfLines: 1, width: 100)
    let middle = TextLayout.visiblePart(
      of: text, font: font, lineBreakMode: .byTruncatingMiddle, numberOfLines: 1, width: 100)
    #expect(tail.hasPrefix("A") && !tail.hasSuffix("Z") && tail.count < 200)
    #expect(head.hasSuffix("Z") && !head.hasPrefix("A") && head.count < 200)
    #expect(middle.hasPrefix("A") && middle.hasSuffix("Z") && middle.count < 200)
    // Short text, and text of many bytes but few characters, is left whole.
    #expect(TextLayout.visiblePart(of: "Departures", font: font, width: 100) == "Departures")
    let chinese = String(repeating: "中", count: 150)
    #expect(
      TextLayout.visiblePart(
        of: chinese, font: font, lineBreakMode: .byTruncatingMiddle, numberOfLines: 1, width: 100)
        == chinese)
  }

  @Test func aWrappingLabelMeasuresAgainForANewWidth() throws {
    let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 30))
    label.numberOfLines = 0
    label.text = "A kiosk label that wraps onto several lines when it is narrow"
    let wide = label.sizeThatFits(Size(width: 600, height: 0))
    let narrow = label.sizeThatFits(Size(width: 120, height: 0))
    #expect(narrow.height > wide.height)
    #expect(narrow.width <= 120)
    #expect(label.sizeThatFits(Size(width: 600, height: 0)) == wide)
  }
}

/// A label's backing store covers its text, not its bounds.
@MainActor
struct LabelBackingStoreTests {
  /// Draws a label's text as a label does, into a backing store of its whole bounds.
  final class WholeBoundsText: View {
    let model: Label
    init(copying label: Label) {
      model = label
      super.init(frame: label.frame)
    }
    override func draw(_ rect: Rect) {
      guard let layout = model.textLayout else { return }
      let height = min(layout.size.height, bounds.height)
      GraphicsContext.current?.draw(
        layout, at: Point(x: 0, y: (bounds.height - height) / 2))
    }
  }

  @Test(arguments: [TextAlignment.left, .center, .right])
  func theStoreIsTheTextsAndThePixelsAreTheSame(alignment: TextAlignment) throws {
    let app = try TestApplication(pointSize: Size(width: 440, height: 60), scale: 2)
    let label = Label(frame: Rect(x: 10, y: 5, width: 420, height: 40))
    label.text = "Recipe 1 — Ågjy"
    label.font = .systemFont(ofSize: 17)
    label.textAlignment = alignment
    app.window.addSubview(label)
    app.runUntilIdle()
    let contents = try #require(label.layer.contents)
    #expect(contents.frame != nil)
    #expect(contents.buffer.width < 840 / 2 && contents.buffer.height < 80)
    let cropped = app.snapshot()
    label.removeFromSuperview()
    let reference = WholeBoundsText(copying: label)
    app.window.addSubview(reference)
    app.runUntilIdle()
    #expect(reference.layer.contents?.frame == nil)
    let whole = app.snapshot()
    var differing = 0
    for y in 0..<120 {
      for x in 0..<880 where cropped.pixel(x: x, y: y) != whole.pixel(x: x, y: y) {
        differing += 1
      }
    }
    #expect(differing == 0)
  }
}
