import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A view of a fixed intrinsic size (what a width and height constraint give in UIKit).
@MainActor
final class SizedView: View {
  var size: Size {
    didSet { invalidateIntrinsicContentSize() }
  }
  init(_ width: Double, _ height: Double) {
    size = Size(width: width, height: height)
    super.init(frame: .zero)
  }
  override var intrinsicContentSize: Size { size }
}

@MainActor
struct StackViewTests {
  /// A stack of views of the given sizes, `frame` in a window, laid out.
  private func makeStack(
    _ sizes: [(Double, Double)], axis: LayoutAxis = .horizontal,
    frame: Rect = Rect(x: 0, y: 0, width: 200, height: 100)
  ) throws -> (TestApplication, StackView, [SizedView]) {
    let app = try TestApplication(pointSize: Size(width: 300, height: 300))
    let views = sizes.map { SizedView($0.0, $0.1) }
    let stack = StackView(arrangedSubviews: views)
    stack.axis = axis
    stack.frame = frame
    app.window.addSubview(stack)
    app.runUntilIdle()
    return (app, stack, views)
  }

  private func frames(_ views: [View]) -> [Rect] { views.map(\.frame) }

  // MARK: Distribution, horizontal

  @Test func fillStretchesTheFirstOfTheLeastHuggingViews() throws {
    let (app, stack, views) = try makeStack([(40, 20), (30, 10), (20, 30)])
    stack.spacing = 10
    app.runUntilIdle()
    #expect(
      frames(views) == [
        Rect(x: 0, y: 0, width: 130, height: 100), Rect(x: 140, y: 0, width: 30, height: 100),
        Rect(x: 180, y: 0, width: 20, height: 100),
      ])
    views[0].setContentHuggingPriority(.defaultHigh, for: .horizontal)
    app.runUntilIdle()
    #expect(frames(views).map(\.width) == [40, 120, 20])
    #expect(views[1].frame.minX == 50)
  }

  @Test func fillShrinksTheLeastCompressionResistantViewLastOfEqualsFirst() throws {
    let (app, stack, views) = try makeStack([(100, 20), (80, 20), (60, 20)])
    #expect(frames(views).map(\.width) == [100, 80, 20])
    views[0].setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
    app.runUntilIdle()
    #expect(frames(views).map(\.width) == [60, 80, 60])
    #expect(stack.arrangedSubviews.count == 3)
  }

  @Test func fillEquallyGivesEveryViewTheSameLength() throws {
    let (app, stack, views) = try makeStack([(40, 20), (10, 10), (20, 30)])
    stack.distribution = .fillEqually
    stack.spacing = 7
    app.runUntilIdle()
    #expect(
      frames(views) == [
        Rect(x: 0, y: 0, width: 62, height: 100), Rect(x: 69, y: 0, width: 62, height: 100),
        Rect(x: 138, y: 0, width: 62, height: 100),
      ])
  }

  @Test func fillProportionallySharesByIntrinsicLength() throws {
    let (app, stack, views) = try makeStack([(20, 20), (60, 10), (20, 30)])
    stack.distribution = .fillProportionally
    app.runUntilIdle()
    #expect(frames(views).map(\.width) == [40, 120, 40])
    #expect(frames(views).map(\.minX) == [0, 40, 160])
  }

  @Test func equalSpacingKeepsSizesAndEqualGaps() throws {
    let (app, stack, views) = try makeStack([(20, 20), (60, 10), (20, 30)])
    stack.distribution = .equalSpacing
    app.runUntilIdle()
    #expect(frames(views).map(\.width) == [20, 60, 20])
    #expect(frames(views).map(\.minX) == [0, 70, 180])
    // A spacing larger than the equal gap wins and the views shrink to fit.
    stack.spacing = 60
    app.runUntilIdle()
    #expect(frames(views).map(\.width) == [20, 60, 0])
    #expect(frames(views).map(\.minX) == [0, 80, 200])
  }

  @Test func equalCenteringSpacesTheCentres() throws {
    let (app, stack, views) = try makeStack([(20, 20), (60, 10), (40, 30)])
    stack.distribution = .equalCentering
    app.runUntilIdle()
    // Centres at 10, 95, 180: the first at the start, the last at the end.
    #expect(frames(views).map(\.midX) == [10, 95, 180])
    #expect(frames(views).map(\.width) == [20, 60, 40])
    // Too tight for the spacing: laid out with equal gaps instead.
    stack.spacing = 45
    app.runUntilIdle()
    #expect(frames(views).map(\.minX) == [0, 65, 170])
    #expect(frames(views).map(\.width) == [20, 60, 30])
  }

  // MARK: Distribution, vertical

  @Test func verticalDistributions() throws {
    let (app, stack, views) = try makeStack(
      [(20, 20), (60, 10), (40, 30)], axis: .vertical,
      frame: Rect(x: 10, y: 20, width: 100, height: 120))
    stack.spacing = 5
    app.runUntilIdle()
    #expect(
      frames(views) == [
        Rect(x: 0, y: 0, width: 100, height: 70), Rect(x: 0, y: 75, width: 100, height: 10),
        Rect(x: 0, y: 90, width: 100, height: 30),
      ])
    stack.distribution = .fillEqually
    app.runUntilIdle()
    // 36⅔ points each, edges on the pixel grid (scale 1).
    #expect(frames(views).map(\.minY) == [0, 42, 83])
    #expect(frames(views).map(\.height) == [37, 36, 37])
    stack.distribution = .fillProportionally
    stack.spacing = 0
    app.runUntilIdle()
    #expect(frames(views).map(\.height) == [40, 20, 60])
    stack.distribution = .equalSpacing
    app.runUntilIdle()
    #expect(frames(views).map(\.minY) == [0, 50, 90])
    stack.distribution = .equalCentering
    app.runUntilIdle()
    // Centres at 10, 57.5 and 105; the middle one's edges snap to 53 and 63.
    #expect(frames(views).map(\.midY) == [10, 58, 105])
  }

  // MARK: Alignment

  @Test func horizontalAlignments() throws {
    let (app, stack, views) = try makeStack([(20, 20), (30, 60), (20, 200)])
    stack.alignment = .top
    app.runUntilIdle()
    #expect(frames(views).map(\.minY) == [0, 0, 0])
    #expect(frames(views).map(\.height) == [20, 60, 100])  // clamped to the stack
    stack.alignment = .center
    app.runUntilIdle()
    #expect(frames(views).map(\.minY) == [40, 20, 0])
    stack.alignment = .bottom
    app.runUntilIdle()
    #expect(frames(views).map(\.minY) == [80, 40, 0])
    stack.alignment = .fill
    app.runUntilIdle()
    #expect(frames(views).map(\.height) == [100, 100, 100])
  }

  @Test func verticalAlignments() throws {
    let (app, stack, views) = try makeStack(
      [(20, 20), (60, 10), (300, 30)], axis: .vertical)
    stack.alignment = .leading
    app.runUntilIdle()
    #expect(frames(views).map(\.minX) == [0, 0, 0])
    #expect(frames(views).map(\.width) == [20, 60, 200])
    stack.alignment = .center
    app.runUntilIdle()
    #expect(frames(views).map(\.minX) == [90, 70, 0])
    stack.alignment = .trailing
    app.runUntilIdle()
    #expect(frames(views).map(\.minX) == [180, 140, 0])
    // Baselines mean nothing in a column: leading.
    stack.alignment = .firstBaseline
    app.runUntilIdle()
    #expect(frames(views).map(\.minX) == [0, 0, 0])
  }

  @Test func firstAndLastBaselineAlignLabels() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 200))
    let small = Label()
    small.text = "Small"
    small.font = .systemFont(ofSize: 12)
    let big = Label()
    big.text = "Big"
    big.font = .systemFont(ofSize: 40)
    let block = SizedView(20, 20)
    let stack = StackView(arrangedSubviews: [small, big, block])
    stack.alignment = .firstBaseline
    stack.frame = Rect(x: 0, y: 0, width: 400, height: 100)
    app.window.addSubview(stack)
    app.runUntilIdle()
    let smallBaseline = try #require(
      small.baselineOffset(forHeight: small.frame.height, last: false))
    let bigBaseline = try #require(big.baselineOffset(forHeight: big.frame.height, last: false))
    #expect(big.frame.minY == 0)
    #expect(abs(small.frame.minY + smallBaseline - (big.frame.minY + bigBaseline)) <= 0.5)
    // A view without text has its baseline at its bottom.
    #expect(abs(block.frame.maxY - bigBaseline) <= 0.5)
    #expect(small.frame.minY > 10)

    small.numberOfLines = 0
    small.text = "one\ntwo\nthree\nfour"
    stack.alignment = .lastBaseline
    app.runUntilIdle()
    let smallLast = try #require(small.baselineOffset(forHeight: small.frame.height, last: true))
    let bigLast = try #require(big.baselineOffset(forHeight: big.frame.height, last: true))
    #expect(abs(small.frame.minY + smallLast - (big.frame.minY + bigLast)) <= 0.5)
    #expect(small.frame.minY == 0)  // the tall label sets the line
  }

  // MARK: Spacing

  @Test func spacingAndCustomSpacing() throws {
    let (app, stack, views) = try makeStack([(20, 20), (30, 10), (40, 30)])
    stack.distribution = .equalSpacing
    stack.spacing = 0
    stack.distribution = .fill
    views[2].setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
    stack.spacing = 5
    stack.setCustomSpacing(20, after: views[0])
    app.runUntilIdle()
    #expect(frames(views).map(\.minX) == [0, 40, 75])
    #expect(stack.customSpacing(after: views[0]) == 20)
    #expect(stack.customSpacing(after: views[1]) == StackView.spacingUseDefault)
    stack.setCustomSpacing(StackView.spacingUseDefault, after: views[0])
    stack.setCustomSpacing(StackView.spacingUseSystem, after: views[1])
    app.runUntilIdle()
    #expect(frames(views).map(\.minX) == [0, 25, 63])
    // Custom spacing after a hidden view is dropped with the view.
    stack.setCustomSpacing(50, after: views[0])
    views[0].isHidden = true
    app.runUntilIdle()
    #expect(frames(views).map(\.minX) == [0, 0, 38])
  }

  @Test func baselineRelativeArrangementSpacesBaselines() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 300))
    let first = Label()
    first.text = "First"
    let second = Label()
    second.text = "Second"
    second.font = .systemFont(ofSize: 30)
    let block = SizedView(20, 20)
    let stack = StackView(arrangedSubviews: [first, second, block])
    stack.axis = .vertical
    stack.alignment = .leading
    stack.spacing = 40
    stack.isBaselineRelativeArrangement = true
    stack.frame = Rect(x: 0, y: 0, width: 300, height: 300)
    app.window.addSubview(stack)
    app.runUntilIdle()
    // The spacing is measured between baselines (the stack at its fitting height).
    stack.frame.size.height = stack.sizeThatFits(.zero).height
    app.runUntilIdle()
    let last = try #require(first.baselineOffset(forHeight: first.frame.height, last: true))
    let next = try #require(second.baselineOffset(forHeight: second.frame.height, last: false))
    let secondLast = try #require(second.baselineOffset(forHeight: second.frame.height, last: true))
    #expect(abs(second.frame.minY + next - (first.frame.minY + last) - 40) <= 1)
    // A view without text is spaced from the baseline to its top edge.
    #expect(abs(block.frame.minY - (second.frame.minY + secondLast) - 40) <= 1)
  }

  // MARK: Arranged subviews

  @Test func arrangedSubviewsManagement() throws {
    let (app, stack, views) = try makeStack([(20, 20), (30, 10)])
    let extra = SizedView(10, 10)
    stack.insertArrangedSubview(extra, at: 1)
    #expect(
      stack.arrangedSubviews.map(ObjectIdentifier.init)
        == [views[0], extra, views[1]].map(ObjectIdentifier.init))
    #expect(extra.superview === stack)
    app.runUntilIdle()
    #expect(extra.frame.minX == views[0].frame.maxX)
    #expect(extra.frame.maxX == views[1].frame.minX)
    // Removing from the arrangement keeps the subview, as UIKit.
    stack.removeArrangedSubview(extra)
    #expect(extra.superview === stack)
    #expect(stack.arrangedSubviews.count == 2)
    // Removing from the superview leaves the arrangement.
    views[0].removeFromSuperview()
    #expect(stack.arrangedSubviews.count == 1)
    // Moving an arranged view to another index.
    stack.addArrangedSubview(extra)
    stack.insertArrangedSubview(extra, at: 0)
    #expect(stack.arrangedSubviews.first === extra)
    #expect(stack.arrangedSubviews.count == 2)
  }

  // MARK: Hidden views

  @Test func hiddenViewsCollapseAndTakeNoSpacing() throws {
    let (app, stack, views) = try makeStack([(20, 20), (30, 10), (40, 30)])
    stack.spacing = 10
    stack.distribution = .equalSpacing
    views[1].isHidden = true
    app.runUntilIdle()
    #expect(frames(views).map(\.minX) == [0, 20, 160])
    #expect(views[1].frame.width == 0)
    views[1].isHidden = false
    app.runUntilIdle()
    #expect(frames(views).map(\.minX) == [0, 75, 160])
    #expect(views[1].frame.width == 30)
  }

  @Test func hidingInsideAnAnimationSlidesTheOthers() throws {
    let (app, stack, views) = try makeStack(
      [(100, 20), (40, 20), (60, 20)], frame: Rect(x: 0, y: 0, width: 200, height: 20))
    _ = stack
    views[2].setContentHuggingPriority(.defaultLow - 1, for: .horizontal)  // it stretches
    views[0].backgroundColor = .red
    views[1].backgroundColor = .green
    views[2].backgroundColor = .blue
    app.runUntilIdle()
    #expect(views[2].frame.minX == 140)
    View.animate(withDuration: 1, delay: 0, options: .curveLinear) { views[1].isHidden = true }
    // The model is final at once; the screen follows the clock.
    #expect(views[2].frame == Rect(x: 100, y: 0, width: 100, height: 20))
    #expect(views[1].frame.width == 0)
    app.runUntilIdle()
    func blueStart() -> Int? {
      let frame = app.snapshot()
      return (0..<frame.width).first { frame.pixel(x: $0, y: 10) == .blue }
    }
    func greenWidth() -> Int {
      let frame = app.snapshot()
      return (0..<frame.width).filter { frame.pixel(x: $0, y: 10) == .green }.count
    }
    #expect(blueStart() == 140)
    #expect(greenWidth() == 0)  // hidden at once
    app.advance(by: 0.5)
    #expect(blueStart() == 120)
    app.advance(by: 0.6)
    #expect(blueStart() == 100)
    // Showing it again grows it from nothing while the others make room.
    View.animate(withDuration: 1, delay: 0, options: .curveLinear) { views[1].isHidden = false }
    #expect(views[1].frame == Rect(x: 100, y: 0, width: 40, height: 20))
    app.advance(by: 0.5)
    #expect(blueStart() == 120)
    #expect(greenWidth() == 20)
    app.advance(by: 0.6)
    #expect(blueStart() == 140)
    #expect(greenWidth() == 40)
  }

  // MARK: Sizes, nesting and margins

  @Test func intrinsicSizeInvalidationRelaysOutTheStack() throws {
    let (app, stack, views) = try makeStack([(20, 20), (30, 10), (40, 30)])
    views[2].setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
    app.runUntilIdle()
    #expect(views[1].frame == Rect(x: 20, y: 0, width: 30, height: 100))
    views[0].size = Size(width: 50, height: 20)
    #expect(stack.needsLayout)
    app.runUntilIdle()
    #expect(views[1].frame.minX == 50)
    // As UIKit's, the stack has no intrinsic size: its content's size is measured.
    #expect(stack.intrinsicContentSize == Size(width: -1, height: -1))
    #expect(stack.systemLayoutSizeFitting(.zero) == Size(width: 120, height: 30))
  }

  /// A vertical stack holding a wrapping label, beside a picture in a horizontal stack
  /// (the demo's Menu detail): the column is as tall as its label wraps at the column's
  /// width, so nothing in it is squeezed (its last label came out 0 points tall).
  @Test func aColumnWithAWrappingLabelInARowIsAsTallAsItWraps() throws {
    let app = try TestApplication(pointSize: Size(width: 600, height: 400))
    let blurb = Label(frame: .zero)
    blurb.text = "Double ristretto, steamed milk and a thin layer of foam on top of it all."
    blurb.numberOfLines = 0
    let status = Label(frame: .zero)
    status.text = "Sent"
    let column = StackView(arrangedSubviews: [blurb, status])
    column.axis = .vertical
    let row = StackView(arrangedSubviews: [SizedView(200, 100), column])
    row.alignment = .center
    row.distribution = .fillEqually
    row.frame = Rect(x: 0, y: 0, width: 400, height: 300)
    app.window.addSubview(row)
    app.runUntilIdle()
    let wrapped = blurb.sizeThatFits(Size(width: 200, height: 0)).height
    #expect(wrapped > status.intrinsicContentSize.height * 1.5)  // it wraps
    #expect(column.frame.height == wrapped + status.intrinsicContentSize.height)
    #expect(status.frame.height == status.intrinsicContentSize.height)
  }

  @Test func stacksNest() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 300))
    let a = SizedView(40, 20)
    let b = SizedView(60, 30)
    let row = StackView(arrangedSubviews: [a, b])
    row.spacing = 10
    let c = SizedView(50, 40)
    let column = StackView(arrangedSubviews: [row, c])
    column.axis = .vertical
    column.alignment = .leading
    column.spacing = 5
    #expect(row.systemLayoutSizeFitting(.zero) == Size(width: 110, height: 30))
    #expect(column.systemLayoutSizeFitting(.zero) == Size(width: 110, height: 75))
    column.frame = Rect(origin: Point(x: 10, y: 10), size: column.sizeThatFits(.zero))
    app.window.addSubview(column)
    app.runUntilIdle()
    #expect(row.frame == Rect(x: 0, y: 0, width: 110, height: 30))
    #expect(b.frame == Rect(x: 50, y: 0, width: 60, height: 30))
    #expect(c.frame == Rect(x: 0, y: 35, width: 50, height: 40))
    // A change deep inside reaches the outer stack.
    b.size = Size(width: 100, height: 30)
    #expect(column.systemLayoutSizeFitting(.zero) == Size(width: 150, height: 75))
    column.frame.size = column.systemLayoutSizeFitting(.zero)
    app.runUntilIdle()
    #expect(row.frame.width == 150)
    // Placed by constraints without a size, the column takes its content's.
    column.translatesAutoresizingMaskIntoConstraints = false
    LayoutConstraint.activate([
      column.leadingAnchor.constraint(equalTo: app.window.leadingAnchor, constant: 10),
      column.topAnchor.constraint(equalTo: app.window.topAnchor, constant: 10),
    ])
    b.size = Size(width: 70, height: 30)
    app.runUntilIdle()
    #expect(column.frame == Rect(x: 10, y: 10, width: 120, height: 75))
  }

  /// As UIKit's stack arranges through constraints, an arranged view's own constraints
  /// take part: one as wide as half another, and a card sized by the constraints of its
  /// content rather than an intrinsic size.
  @Test func arrangedViewsOwnConstraintsTakePart() throws {
    let (app, _, views) = try makeStack([(20, 20), (30, 10)])
    views[1].widthAnchor.constraint(equalTo: views[0].widthAnchor, multiplier: 0.5).isActive =
      true
    app.runUntilIdle()
    // 200 shared as w + w/2: the first 133⅓, the second 66⅔, on the pixel grid.
    #expect(frames(views).map(\.width) == [133, 67])
    let card = View()
    let title = SizedView(80, 24)
    title.translatesAutoresizingMaskIntoConstraints = false
    card.addSubview(title)
    LayoutConstraint.activate([
      title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
      title.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -12),
      title.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
      title.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -8),
    ])
    let column = StackView(arrangedSubviews: [card, SizedView(50, 10)])
    column.axis = .vertical
    column.alignment = .leading
    column.distribution = .equalSpacing
    column.frame = Rect(x: 0, y: 120, width: 200, height: 100)
    app.window.addSubview(column)
    app.runUntilIdle()
    #expect(card.frame == Rect(x: 0, y: 0, width: 104, height: 40))
    #expect(column.arrangedSubviews[1].frame == Rect(x: 0, y: 90, width: 50, height: 10))
  }

  @Test func marginsRelativeArrangement() throws {
    let (app, stack, views) = try makeStack([(20, 20), (30, 10)])
    stack.layoutMargins = EdgeInsets(top: 5, left: 10, bottom: 15, right: 20)
    app.runUntilIdle()
    #expect(views[0].frame.minX == 0)
    stack.isLayoutMarginsRelativeArrangement = true
    app.runUntilIdle()
    #expect(
      frames(views) == [
        Rect(x: 10, y: 5, width: 140, height: 80), Rect(x: 150, y: 5, width: 30, height: 80),
      ])
    #expect(stack.systemLayoutSizeFitting(.zero) == Size(width: 80, height: 40))
  }

  @Test func verticalStackWrapsMultiLineLabelsAtItsWidth() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 300))
    let label = Label()
    label.numberOfLines = 0
    label.text = "A long sentence that cannot fit on one line of a narrow column."
    let stack = StackView(arrangedSubviews: [label, SizedView(10, 10)])
    stack.axis = .vertical
    stack.frame = Rect(origin: .zero, size: stack.sizeThatFits(Size(width: 120, height: 0)))
    app.window.addSubview(stack)
    app.runUntilIdle()
    let oneLine = label.sizeThatFits(.zero).height
    #expect(label.frame.width == stack.frame.width)
    #expect(stack.frame.width <= 120)
    #expect(label.frame.height >= 3 * oneLine)
    #expect(label.frame.height == label.sizeThatFits(Size(width: 120, height: 0)).height)
    #expect(stack.frame.height == label.frame.height + 10)
  }

  @Test func stackDrawsNothing() throws {
    let (app, stack, _) = try makeStack([(20, 20)])
    app.runUntilIdle()
    #expect(stack.layer.contents == nil)
    #expect(!stack.layer.holdsDrawnContents)
  }
}
