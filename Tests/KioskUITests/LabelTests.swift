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
