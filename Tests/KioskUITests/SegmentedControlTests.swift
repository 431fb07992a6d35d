import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct SegmentedControlTests {
  /// Three segments, 100 points each, from x = 20; their middles at x 70, 170 and 270, y 36
  /// on screen (50, 150 and 250 in the control).
  private func makeApp() throws -> (TestApplication, SegmentedControl, ControlEventLog) {
    let app = try TestApplication(pointSize: Size(width: 340, height: 80), scale: 2)
    let control = SegmentedControl(items: ["One", "Two", "Three"])
    control.frame = Rect(x: 20, y: 20, width: 300, height: 32)
    app.window.addSubview(control)
    app.runUntilIdle()
    return (app, control, ControlEventLog(control))
  }

  @Test func itemsMakeSegmentsWithNoneSelected() throws {
    let control = SegmentedControl(items: ["One", "Two", "Three"])
    #expect(control.numberOfSegments == 3)
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    #expect(control.titleForSegment(at: 1) == "Two")
    #expect(control.titleForSegment(at: 7) == nil)
    #expect(control.bounds.height == 32)
    #expect(control.bounds.width >= 3 * 2 * SegmentedControl.contentPadding)
    #expect(control.thumb.isHidden)
  }

  @Test func aTapSelectsASegmentAndSendsValueChangedOnce() throws {
    let (app, control, log) = try makeApp()
    app.tap(at: Point(x: 170, y: 36))
    #expect(control.selectedSegmentIndex == 1)
    #expect(log.count("valueChanged") == 1)
    #expect(log.count("primaryActionTriggered") == 1)
    app.advance(by: 0.5)
    #expect(control.thumb.frame.center.x == 150)
    // Tapping the selected segment again changes nothing.
    app.tap(at: Point(x: 160, y: 36))
    #expect(log.count("valueChanged") == 1)
  }

  @Test func settingTheSelectionFromCodeSendsNothing() throws {
    let (app, control, log) = try makeApp()
    control.selectedSegmentIndex = 2
    app.runUntilIdle()
    #expect(control.thumb.frame.center.x == 250)
    control.selectedSegmentIndex = SegmentedControl.noSegment
    #expect(control.thumb.isHidden)
    #expect(log.events.isEmpty)
  }

  @Test func slidingFromTheSelectedSegmentDragsThePlateAcross() throws {
    let (app, control, log) = try makeApp()
    control.selectedSegmentIndex = 0
    app.touch(.began, at: Point(x: 70, y: 36))
    app.advance(by: 0.05)
    app.touch(.moved, at: Point(x: 180, y: 38))
    app.advance(by: 0.5)
    // The plate follows the finger before it lifts; the value waits.
    #expect(control.thumb.frame.center.x == 150)
    #expect(control.selectedSegmentIndex == 0)
    app.touch(.moved, at: Point(x: 290, y: 38))
    app.touch(.ended, at: Point(x: 290, y: 38))
    #expect(control.selectedSegmentIndex == 2)
    #expect(log.count("valueChanged") == 1)
  }

  @Test func slidingFromAnotherSegmentSelectsWhereTheFingerLifts() throws {
    let (app, control, log) = try makeApp()
    control.selectedSegmentIndex = 0
    app.touch(.began, at: Point(x: 170, y: 36))
    #expect(!control.shade.isHidden)
    #expect(control.shade.frame.center.x == 150)
    app.touch(.moved, at: Point(x: 230, y: 30))
    #expect(control.shade.frame.center.x == 250)
    #expect(control.thumb.frame.center.x == 50)  // the plate stays
    app.touch(.moved, at: Point(x: 280, y: 30))
    app.touch(.ended, at: Point(x: 280, y: 30))
    #expect(control.selectedSegmentIndex == 2)
    #expect(control.shade.isHidden)
    #expect(log.count("valueChanged") == 1)
  }

  @Test func liftingFarOutsideSelectsNothing() throws {
    let (app, control, log) = try makeApp()
    app.drag(from: Point(x: 170, y: 36), to: Point(x: 170, y: 79), duration: 0.1)
    app.drag(from: Point(x: 270, y: 36), to: Point(x: 339, y: 79), duration: 0.1)
    #expect(control.selectedSegmentIndex == 2)  // 43 points away is still inside
    let far = SegmentedControl(items: ["A", "B"])
    far.frame = Rect(x: 0, y: 0, width: 100, height: 32)
    app.window.addSubview(far)
    let farLog = ControlEventLog(far)
    app.runUntilIdle()
    app.touch(.began, at: Point(x: 75, y: 16))
    app.touch(.moved, at: Point(x: 75, y: 16 + 130))
    app.touch(.ended, at: Point(x: 75, y: 16 + 130))
    #expect(far.selectedSegmentIndex == SegmentedControl.noSegment)
    #expect(farLog.count("valueChanged") == 0)
    _ = log
  }

  @Test func disabledSegmentsCannotBeChosen() throws {
    let (app, control, log) = try makeApp()
    control.setEnabled(false, forSegmentAt: 1)
    #expect(!control.isEnabledForSegment(at: 1))
    #expect(!control.isEnabledForSegment(at: 9))
    app.tap(at: Point(x: 170, y: 36))
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    app.drag(from: Point(x: 70, y: 36), to: Point(x: 170, y: 36), duration: 0.1)
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    #expect(log.count("valueChanged") == 0)
    control.isEnabled = false
    app.tap(at: Point(x: 270, y: 36))
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
  }

  @Test func aMomentaryControlReportsTheTapThenDeselects() throws {
    let (app, control, _) = try makeApp()
    control.isMomentary = true
    var seen: [Int] = []
    control.addAction(Action { _ in seen.append(control.selectedSegmentIndex) }, for: .valueChanged)
    app.tap(at: Point(x: 270, y: 36))
    app.tap(at: Point(x: 270, y: 36))
    #expect(seen == [2, 2])
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
  }

  @Test func insertingAndRemovingSegmentsKeepsTheSelectedOne() throws {
    let (app, control, _) = try makeApp()
    control.selectedSegmentIndex = 1
    control.insertSegment(withTitle: "Zero", at: 0, animated: true)
    #expect(control.selectedSegmentIndex == 2)
    #expect(control.titleForSegment(at: 2) == "Two")
    control.insertSegment(withTitle: "Last", at: 99, animated: false)
    #expect(control.titleForSegment(at: 4) == "Last")
    app.advance(by: 0.5)
    #expect(control.segmentWidths() == [60, 60, 60, 60, 60])
    control.removeSegment(at: 0, animated: true)
    #expect(control.selectedSegmentIndex == 1)
    control.removeSegment(at: 1, animated: false)
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    control.setTitle("Uno", forSegmentAt: 0)
    #expect(control.titleForSegment(at: 0) == "Uno")
    control.removeAllSegments()
    #expect(control.numberOfSegments == 0)
    app.advance(by: 0.5)
  }

  @Test func widthsSetOrApportionedByContent() throws {
    let (_, control, _) = try makeApp()
    control.setWidth(50, forSegmentAt: 0)
    #expect(control.widthForSegment(at: 0) == 50)
    #expect(control.segmentWidths() == [50, 125, 125])
    control.setWidth(0, forSegmentAt: 0)
    control.setTitle("A much longer title", forSegmentAt: 2)
    control.apportionsSegmentWidthsByContent = true
    let widths = control.segmentWidths()
    #expect(widths[2] > widths[0] && abs(widths.reduce(0, +) - 300) < 1e-9)
    let fitted = control.sizeThatFits(.zero)
    #expect(fitted.height == 32)
    control.apportionsSegmentWidthsByContent = false
    #expect(control.sizeThatFits(.zero).width > fitted.width)
  }

  @Test func aDarkSelectedTintMakesTheTitleWhite() throws {
    let (_, control, _) = try makeApp()
    control.selectedSegmentIndex = 0
    #expect(control.segments[0].content.label.textColor == SegmentedControl.titleColor)
    control.selectedSegmentTintColor = .systemBlue
    #expect(control.thumb.fillColor == .systemBlue)
    #expect(control.segments[0].content.label.textColor == .white)
    #expect(control.segments[1].content.label.textColor == SegmentedControl.titleColor)
  }

  @Test func imageSegmentsAndTitlesReplaceEachOther() throws {
    let dot = try Image.render(size: Size(width: 20, height: 20), scale: 2) { context in
      context.setFillColor(.red)
      context.fillEllipse(in: Rect(x: 0, y: 0, width: 20, height: 20))
    }
    let control = SegmentedControl(images: [dot, dot])
    #expect(control.numberOfSegments == 2)
    #expect(control.imageForSegment(at: 0) === dot)
    #expect(control.titleForSegment(at: 0) == nil)
    #expect(control.bounds.width == 2 * (20 + 2 * SegmentedControl.contentPadding))
    control.setTitle("Text", forSegmentAt: 0)
    #expect(control.imageForSegment(at: 0) == nil)
    #expect(control.titleForSegment(at: 0) == "Text")
    control.setImage(dot, forSegmentAt: 0)
    #expect(control.titleForSegment(at: 0) == nil)
    #expect(!control.segments[0].content.imageView.isHidden)
    #expect(control.segments[0].content.label.isHidden)
  }
}
