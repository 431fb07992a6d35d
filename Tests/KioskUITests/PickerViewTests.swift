import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A picker's data source and delegate with numbered rows, writing down what it hears.
@MainActor
final class PickerModel: PickerViewDataSource, PickerViewDelegate {
  var rows: [Int]
  var selections: [String] = []
  var titleRequests = 0
  var widths: [Double]?
  var rowHeight: Double?
  /// Whether rows are the model's own views rather than titles.
  var givesViews = false
  var viewsMade = 0

  init(rows: [Int]) { self.rows = rows }

  func numberOfComponents(in pickerView: PickerView) -> Int { rows.count }
  func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
    rows[component]
  }
  func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int)
    -> String?
  {
    titleRequests += 1
    return "\(component)-\(row)"
  }
  func pickerView(
    _ pickerView: PickerView, viewForRow row: Int, forComponent component: Int,
    reusing view: View?
  ) -> View? {
    guard givesViews else { return nil }
    let label = view as? Label ?? Label(frame: .zero)
    if view == nil { viewsMade += 1 }
    label.text = "view \(row)"
    return label
  }
  func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double {
    widths?[component] ?? pickerView.equalComponentWidth
  }
  func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double {
    rowHeight ?? PickerView.defaultRowHeight
  }
  func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
    selections.append("\(component):\(row)")
  }
}

/// A picker of UIKit's size at y = 100 on a 320 × 480 screen: the band's middle is at
/// y = 208.
@MainActor
struct PickerScene {
  let app: TestApplication
  let picker = PickerView()
  let model: PickerModel
  static let middle = 208.0

  init(rows: [Int] = [20, 20]) throws {
    app = try TestApplication(pointSize: Size(width: 320, height: 480))
    model = PickerModel(rows: rows)
    picker.frame.origin = Point(x: 0, y: 100)
    picker.dataSource = model
    picker.delegate = model
    app.window.addSubview(picker)
    app.runUntilIdle()
  }

  /// The x of the middle of `component`'s wheel, on screen.
  func x(ofComponent component: Int) -> Double {
    picker.wheels[component].frame.midX
  }

  /// How far the wheel is from resting exactly on a row (0: on one).
  func misalignment(ofComponent component: Int) -> Double {
    let wheel = picker.wheels[component]
    let offset = wheel.contentOffset.y
    let row = wheel.offset(forRow: 0)
    let phase = (offset - row).truncatingRemainder(dividingBy: wheel.rowHeight)
    return min(abs(phase), wheel.rowHeight - abs(phase))
  }

  /// The row whose view is drawn in the band of `component`.
  func rowInBand(ofComponent component: Int) -> Int {
    let wheel = picker.wheels[component]
    return Int(((wheel.contentOffset.y - wheel.offset(forRow: 0)) / wheel.rowHeight).rounded())
  }
}

@MainActor
struct PickerViewTests {
  @Test func aPickerHasUIKitsSizeAndAsksForItsComponentsAndRows() throws {
    let scene = try PickerScene(rows: [12, 0, 10_000])
    let picker = scene.picker
    #expect(picker.frame.size == Size(width: 320, height: 216))
    #expect(picker.numberOfComponents == 3)
    #expect(picker.numberOfRows(inComponent: 0) == 12)
    #expect(picker.numberOfRows(inComponent: 2) == 10_000)
    #expect(picker.selectedRow(inComponent: 0) == 0)
    #expect(picker.selectedRow(inComponent: 1) == -1)
    // Three equal wheels between 8-point margins, 5 points apart.
    let size = picker.rowSize(forComponent: 1)
    #expect(size.height == 32)
    #expect(abs(size.width - (320 - 16 - 10) / 3) < 0.001)
    #expect(picker.rowSize(forComponent: 7) == .zero)
    #expect(picker.wheels.map { $0.frame.minX } == [8, 111, 214])
    #expect(PickerView(frame: .zero).sizeThatFits(.zero) == Size(width: 320, height: 216))
    // Without a data source there is nothing.
    let empty = PickerView()
    #expect(empty.numberOfComponents == 0)
  }

  @Test func theDelegateSizesTheWheelsAndTheyAreCentred() throws {
    let scene = try PickerScene()
    scene.model.widths = [100, 60]
    scene.model.rowHeight = 40
    scene.picker.reloadAllComponents()
    scene.app.runUntilIdle()
    #expect(scene.picker.rowSize(forComponent: 1) == Size(width: 60, height: 40))
    let frames = scene.picker.wheels.map(\.frame)
    #expect(frames[0].minX == ((320 - 165) / 2).rounded())
    #expect(frames[1].minX == frames[0].maxX + 5)
    #expect(scene.picker.selectionBand.frame.height == 40)
    // Nonsense sizes fall back: a row height that is not positive is the default.
    scene.model.rowHeight = -3
    scene.picker.reloadAllComponents()
    #expect(scene.picker.rowSize(forComponent: 0).height == 32)
  }

  @Test func selectingFromCodeTurnsTheWheelAndTellsNobody() throws {
    let scene = try PickerScene()
    scene.picker.selectRow(5, inComponent: 0, animated: false)
    scene.app.runUntilIdle()
    #expect(scene.picker.selectedRow(inComponent: 0) == 5)
    #expect(scene.rowInBand(ofComponent: 0) == 5)
    scene.picker.selectRow(9, inComponent: 1, animated: true)
    #expect(scene.picker.selectedRow(inComponent: 1) == 9)
    scene.app.advance(by: 0.1)
    #expect(scene.rowInBand(ofComponent: 1) > 0 && scene.rowInBand(ofComponent: 1) < 9)
    scene.app.advance(by: 0.5)
    #expect(scene.rowInBand(ofComponent: 1) == 9)
    #expect(scene.misalignment(ofComponent: 1) == 0)
    // Past the end: the last row.
    scene.picker.selectRow(99, inComponent: 1, animated: false)
    #expect(scene.picker.selectedRow(inComponent: 1) == 19)
    #expect(scene.model.selections.isEmpty)
  }

  @Test func aSlowDragSettlesOnTheNearestRowAndSelectsItOnce() throws {
    let scene = try PickerScene()
    let app = scene.app
    let x = scene.x(ofComponent: 1)
    // Up by 2.4 rows, then the finger rests before it lifts: no momentum.
    app.touch(.began, at: Point(x: x, y: 300))
    for step in 1...12 {
      app.advance(by: 1.0 / 60)
      app.touch(.moved, at: Point(x: x, y: 300 - Double(step) * 7))
    }
    app.advance(by: 0.3)
    app.touch(.ended, at: Point(x: x, y: 216))
    #expect(scene.model.selections.isEmpty)  // not before it rests
    app.advance(by: 2)
    #expect(scene.misalignment(ofComponent: 1) == 0)
    #expect(scene.picker.selectedRow(inComponent: 1) == 2)
    #expect(scene.rowInBand(ofComponent: 1) == 2)
    #expect(scene.model.selections == ["1:2"])
    #expect(scene.picker.selectedRow(inComponent: 0) == 0)
  }

  @Test func aFlickSpinsOnWithMomentumAndStopsExactlyOnARow() throws {
    let scene = try PickerScene(rows: [200])
    let app = scene.app
    let wheel = scene.picker.wheels[0]
    app.drag(from: Point(x: 160, y: 300), to: Point(x: 160, y: 200), duration: 0.08)
    let atLift = wheel.contentOffset.y
    #expect(wheel.isDecelerating)
    var gains: [Double] = []
    var last = atLift
    for _ in 0..<3 {
      app.advance(by: 0.2)
      gains.append(wheel.contentOffset.y - last)
      last = wheel.contentOffset.y
    }
    #expect(gains.allSatisfy { $0 > 0 })
    #expect(zip(gains, gains.dropFirst()).allSatisfy { $0.1 < $0.0 })  // slowing down
    #expect(scene.model.selections.isEmpty)
    app.advance(by: 4)
    #expect(!wheel.isDecelerating)
    #expect(scene.misalignment(ofComponent: 0) == 0)
    let row = scene.picker.selectedRow(inComponent: 0)
    // The wheel went on well past the 100 points (about 3 rows) the finger moved.
    #expect(row > 6)
    #expect(scene.rowInBand(ofComponent: 0) == row)
    #expect(scene.model.selections == ["0:\(row)"])
    let frames = app.framesPresented
    app.advance(by: 1)
    #expect(app.framesPresented == frames)  // at rest, no frames
  }

  @Test func aTapOnARowAboveOrBelowTheBandTurnsItIntoTheBand() throws {
    let scene = try PickerScene()
    let app = scene.app
    let x = scene.x(ofComponent: 0)
    scene.picker.selectRow(5, inComponent: 0, animated: false)
    app.runUntilIdle()
    // One row below the band (the drum draws it a little less than 32 points lower).
    app.tap(at: Point(x: x, y: PickerScene.middle + 30))
    #expect(scene.model.selections.isEmpty)
    app.advance(by: 0.6)
    #expect(scene.picker.selectedRow(inComponent: 0) == 6)
    #expect(scene.model.selections == ["0:6"])
    // Two rows above.
    app.tap(at: Point(x: x, y: PickerScene.middle - 58))
    app.advance(by: 0.6)
    #expect(scene.picker.selectedRow(inComponent: 0) == 4)
    #expect(scene.misalignment(ofComponent: 0) == 0)
    // The selected row itself: nothing happens.
    app.tap(at: Point(x: x, y: PickerScene.middle + 3))
    app.advance(by: 0.6)
    #expect(scene.model.selections == ["0:6", "0:4"])
  }

  @Test func aWheelPulledPastItsEndSpringsBackToItsFirstRow() throws {
    let scene = try PickerScene()
    let app = scene.app
    let wheel = scene.picker.wheels[0]
    let x = scene.x(ofComponent: 0)
    app.touch(.began, at: Point(x: x, y: 150))
    for step in 1...10 {
      app.advance(by: 1.0 / 60)
      app.touch(.moved, at: Point(x: x, y: 150 + Double(step) * 10))
    }
    #expect(wheel.contentOffset.y < wheel.offset(forRow: 0) - 20)  // stretched past row 0
    app.advance(by: 0.3)
    app.touch(.ended, at: Point(x: x, y: 250))
    app.advance(by: 2)
    #expect(wheel.contentOffset.y == wheel.offset(forRow: 0))
    #expect(scene.model.selections.isEmpty)  // still row 0
    // Flung past the last row, it stops on the last row.
    app.drag(from: Point(x: x, y: 310), to: Point(x: x, y: 110), duration: 0.05)
    app.advance(by: 5)
    #expect(scene.picker.selectedRow(inComponent: 0) == 19)
    #expect(scene.misalignment(ofComponent: 0) == 0)
    #expect(scene.model.selections == ["0:19"])
  }

  @Test func aTouchStopsASpinAndTheWheelSettlesWhereItStopped() throws {
    let scene = try PickerScene(rows: [500])
    let app = scene.app
    let wheel = scene.picker.wheels[0]
    app.drag(from: Point(x: 160, y: 310), to: Point(x: 160, y: 190), duration: 0.06)
    app.advance(by: 0.15)
    #expect(wheel.isDecelerating)
    let stoppedNear = wheel.contentOffset.y
    // A tap well below the band while it spins: the wheel stops; the tapped row is not
    // selected.
    app.tap(at: Point(x: 160, y: PickerScene.middle + 90))
    app.advance(by: 2)
    #expect(scene.misalignment(ofComponent: 0) == 0)
    #expect(abs(wheel.contentOffset.y - stoppedNear) < 20)
    let row = scene.picker.selectedRow(inComponent: 0)
    #expect(scene.model.selections == ["0:\(row)"])
    app.advance(by: 3)
    #expect(scene.model.selections.count == 1)
  }

  @Test func tenThousandRowsKeepOnlyTheRowsOnTheDrum() throws {
    let scene = try PickerScene(rows: [10_000])
    let app = scene.app
    let wheel = scene.picker.wheels[0]
    scene.picker.selectRow(5_000, inComponent: 0, animated: false)
    app.runUntilIdle()
    #expect(wheel.shownRowCount <= 12)
    #expect(scene.model.titleRequests < 40)
    for _ in 0..<3 {
      app.drag(from: Point(x: 160, y: 310), to: Point(x: 160, y: 110), duration: 0.05)
      for _ in 0..<30 {
        app.advance(by: 0.1)
        #expect(wheel.shownRowCount <= 12)
        #expect(wheel.subviews.count <= 16)  // the rows, and the scroll indicators
      }
    }
    #expect(scene.picker.selectedRow(inComponent: 0) > 5_030)
    // Rows that turned away are shown again by the same labels.
    #expect(wheel.spares.labels.count <= 12)
  }

  @Test func theDelegatesViewsAreReusedAndReturnedByViewForRow() throws {
    let scene = try PickerScene(rows: [300])
    scene.model.givesViews = true
    scene.picker.selectRow(100, inComponent: 0, animated: false)
    scene.picker.reloadAllComponents()
    scene.app.runUntilIdle()
    let shown = scene.picker.view(forRow: 100, forComponent: 0) as? Label
    #expect(shown?.text == "view 100")
    #expect(scene.picker.view(forRow: 200, forComponent: 0) == nil)  // not on the drum
    let made = scene.model.viewsMade
    #expect(made <= 12)
    scene.picker.selectRow(200, inComponent: 0, animated: true)
    scene.app.advance(by: 1)
    #expect(scene.picker.view(forRow: 200, forComponent: 0) != nil)
    // 200 rows went by; the views of one drum showed them all.
    #expect(scene.model.viewsMade <= made + 1)
    // Titles give no view.
    scene.model.givesViews = false
    scene.picker.reloadComponent(0)
    #expect(scene.picker.view(forRow: 200, forComponent: 0) == nil)
  }

  @Test func rowsFadeAndFlattenTowardsTheEdges() throws {
    let scene = try PickerScene()
    scene.picker.selectRow(10, inComponent: 0, animated: false)
    scene.app.runUntilIdle()
    let wheel = scene.picker.wheels[0]
    let views = (8...12).compactMap { row in
      wheel.subviews.first { ($0 as? Label)?.text == "0-\(row)" }
    }
    #expect(views.count == 5)
    let middle = views[2]
    #expect(middle.alpha == 1 && middle.transform == .identity)
    #expect(views[1].alpha < 1 && views[0].alpha < views[1].alpha)
    #expect(views[3].transform.d < 1 && views[4].transform.d < views[3].transform.d)
    #expect(views[3].transform.a < 1)  // narrower too
    // Symmetric about the band.
    #expect(abs(views[1].alpha - views[3].alpha) < 1e-9)
    #expect(
      abs((middle.center.y - views[1].center.y) - (views[3].center.y - middle.center.y)) < 1e-9)
  }

  @Test func reloadingKeepsTheSelectionWithinTheNewRows() throws {
    let scene = try PickerScene()
    scene.picker.selectRow(15, inComponent: 0, animated: false)
    scene.model.rows[0] = 10
    scene.picker.reloadComponent(0)
    #expect(scene.picker.numberOfRows(inComponent: 0) == 10)
    #expect(scene.picker.selectedRow(inComponent: 0) == 9)
    scene.app.runUntilIdle()
    #expect(scene.rowInBand(ofComponent: 0) == 9)
    scene.model.rows = [0]
    scene.picker.reloadAllComponents()
    #expect(scene.picker.numberOfComponents == 1)
    #expect(scene.picker.selectedRow(inComponent: 0) == -1)
    scene.model.rows = [4]
    scene.picker.reloadAllComponents()
    #expect(scene.picker.selectedRow(inComponent: 0) == 0)
  }
}
