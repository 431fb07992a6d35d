import KioskGraphics
import KioskUI
import Testing

/// Growing a 100×100 parent to 200×150 shares 100 points across and 50 down among the
/// flexible parts, in proportion to their lengths. The child is at (20, 20, 20×20): on each
/// axis a margin of 20, a size of 20 and a far margin of 60.
private let growCases: [(AutoresizingMask, Rect)] = [
  ([], Rect(x: 20, y: 20, width: 20, height: 20)),
  (.flexibleWidth, Rect(x: 20, y: 20, width: 120, height: 20)),
  (.flexibleLeftMargin, Rect(x: 120, y: 20, width: 20, height: 20)),
  (.flexibleRightMargin, Rect(x: 20, y: 20, width: 20, height: 20)),
  (.flexibleHeight, Rect(x: 20, y: 20, width: 20, height: 70)),
  (.flexibleTopMargin, Rect(x: 20, y: 70, width: 20, height: 20)),
  (.flexibleBottomMargin, Rect(x: 20, y: 20, width: 20, height: 20)),
  ([.flexibleLeftMargin, .flexibleRightMargin], Rect(x: 45, y: 20, width: 20, height: 20)),
  (
    [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin],
    Rect(x: 40, y: 20, width: 40, height: 20)
  ),
  ([.flexibleWidth, .flexibleRightMargin], Rect(x: 20, y: 20, width: 45, height: 20)),
  ([.flexibleLeftMargin, .flexibleWidth], Rect(x: 70, y: 20, width: 70, height: 20)),
  ([.flexibleTopMargin, .flexibleBottomMargin], Rect(x: 20, y: 32.5, width: 20, height: 20)),
  (
    [.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin],
    Rect(x: 20, y: 30, width: 20, height: 30)
  ),
  ([.flexibleHeight, .flexibleBottomMargin], Rect(x: 20, y: 20, width: 20, height: 32.5)),
  ([.flexibleTopMargin, .flexibleHeight], Rect(x: 20, y: 45, width: 20, height: 45)),
  ([.flexibleWidth, .flexibleHeight], Rect(x: 20, y: 20, width: 120, height: 70)),
  ([.flexibleLeftMargin, .flexibleTopMargin], Rect(x: 120, y: 70, width: 20, height: 20)),
  (
    [.flexibleRightMargin, .flexibleBottomMargin], Rect(x: 20, y: 20, width: 20, height: 20)
  ),
  (
    [
      .flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin,
      .flexibleHeight, .flexibleBottomMargin,
    ],
    Rect(x: 40, y: 30, width: 40, height: 30)
  ),
]

/// Shrinking the same parent to 90×100 takes 10 points away across.
private let shrinkCases: [(AutoresizingMask, Rect)] = [
  (.flexibleWidth, Rect(x: 20, y: 20, width: 10, height: 20)),
  (.flexibleLeftMargin, Rect(x: 10, y: 20, width: 20, height: 20)),
  ([.flexibleLeftMargin, .flexibleRightMargin], Rect(x: 17.5, y: 20, width: 20, height: 20)),
  (
    [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin],
    Rect(x: 18, y: 20, width: 18, height: 20)
  ),
]

/// Autoresizing: what each mask does to a subview when its superview's size changes.
@MainActor
struct AutoresizingTests {
  /// A 100×100 parent with a child at (20, 20, 20×20): on each axis a margin of 20, a size
  /// of 20 and a far margin of 60.
  private func makePair(mask: AutoresizingMask) -> (parent: View, child: View) {
    let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let child = View(frame: Rect(x: 20, y: 20, width: 20, height: 20))
    child.autoresizingMask = mask
    parent.addSubview(child)
    return (parent, child)
  }

  @Test(arguments: growCases)
  func growingTheSuperview(mask: AutoresizingMask, expected: Rect) {
    let (parent, child) = makePair(mask: mask)
    parent.frame = Rect(x: 0, y: 0, width: 200, height: 150)
    #expect(child.frame == expected)
  }

  @Test(arguments: shrinkCases)
  func shrinkingTheSuperview(mask: AutoresizingMask, expected: Rect) {
    let (parent, child) = makePair(mask: mask)
    parent.bounds = Rect(x: 0, y: 0, width: 90, height: 100)
    #expect(child.frame == expected)
  }

  @Test func bothMarginsKeepTheViewCentered() {
    let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let child = View(frame: Rect(x: 40, y: 30, width: 20, height: 40))
    child.autoresizingMask = [
      .flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin,
    ]
    parent.addSubview(child)
    parent.frame = Rect(x: 0, y: 0, width: 300, height: 60)
    #expect(child.center == Point(x: 150, y: 30))
    #expect(child.frame == Rect(x: 140, y: 10, width: 20, height: 40))
    parent.frame = Rect(x: 0, y: 0, width: 50, height: 200)
    #expect(child.center == Point(x: 25, y: 100))
    #expect(child.bounds.size == Size(width: 20, height: 40))
  }

  @Test func flexibleWidthAndMarginsScaleProportionally() {
    let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let child = View(frame: Rect(x: 10, y: 0, width: 60, height: 10))
    child.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]
    parent.addSubview(child)
    parent.frame = Rect(x: 0, y: 0, width: 300, height: 100)
    #expect(child.frame == Rect(x: 30, y: 0, width: 180, height: 10))
    parent.frame = Rect(x: 0, y: 0, width: 50, height: 100)
    #expect(child.frame == Rect(x: 5, y: 0, width: 30, height: 10))
  }

  @Test func growingAndShrinkingBackRestoresTheFrame() {
    let (parent, child) = makePair(mask: [.flexibleLeftMargin, .flexibleWidth, .flexibleTopMargin])
    parent.frame = Rect(x: 0, y: 0, width: 200, height: 140)
    parent.frame = Rect(x: 0, y: 0, width: 100, height: 100)
    #expect(child.frame == Rect(x: 20, y: 20, width: 20, height: 20))
  }

  @Test func noMaskChangesNothing() {
    let (parent, child) = makePair(mask: [])
    parent.frame = Rect(x: 0, y: 0, width: 37, height: 400)
    #expect(child.frame == Rect(x: 20, y: 20, width: 20, height: 20))
  }

  @Test func autoresizesSubviewsOffChangesNothing() {
    let (parent, child) = makePair(mask: [.flexibleWidth, .flexibleHeight])
    parent.autoresizesSubviews = false
    parent.frame = Rect(x: 0, y: 0, width: 200, height: 200)
    #expect(child.frame == Rect(x: 20, y: 20, width: 20, height: 20))
    // Turning it back on does not catch up; the next change is measured from the new size.
    parent.autoresizesSubviews = true
    #expect(child.frame == Rect(x: 20, y: 20, width: 20, height: 20))
    parent.frame = Rect(x: 0, y: 0, width: 300, height: 250)
    #expect(child.frame == Rect(x: 20, y: 20, width: 120, height: 70))
  }

  @Test func movingTheSuperviewResizesNothing() {
    let (parent, child) = makePair(mask: [.flexibleWidth, .flexibleLeftMargin])
    parent.frame = Rect(x: 50, y: 60, width: 100, height: 100)
    parent.center = Point(x: 0, y: 0)
    parent.bounds.origin = Point(x: 30, y: 30)
    #expect(child.frame == Rect(x: 20, y: 20, width: 20, height: 20))
  }

  @Test func settingTheSuperviewsBoundsSizeResizes() {
    let (parent, child) = makePair(mask: .flexibleWidth)
    parent.bounds = Rect(x: 0, y: 0, width: 150, height: 100)
    #expect(child.frame == Rect(x: 20, y: 20, width: 70, height: 20))
  }

  @Test func resizingCascadesDownTheTree() {
    let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let middle = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    middle.autoresizingMask = .flexibleWidth
    let leaf = View(frame: Rect(x: 10, y: 10, width: 80, height: 30))
    leaf.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    root.addSubview(middle)
    middle.addSubview(leaf)
    root.frame = Rect(x: 0, y: 0, width: 200, height: 300)
    #expect(middle.frame == Rect(x: 0, y: 0, width: 200, height: 50))
    #expect(leaf.frame == Rect(x: 10, y: 10, width: 180, height: 30))
  }

  @Test func eachSubviewFollowsItsOwnMask() {
    let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let stretchy = View(frame: Rect(x: 0, y: 0, width: 100, height: 10))
    stretchy.autoresizingMask = .flexibleWidth
    let pinnedRight = View(frame: Rect(x: 90, y: 0, width: 10, height: 10))
    pinnedRight.autoresizingMask = .flexibleLeftMargin
    let fixed = View(frame: Rect(x: 0, y: 50, width: 10, height: 10))
    parent.addSubview(stretchy)
    parent.addSubview(pinnedRight)
    parent.addSubview(fixed)
    parent.frame = Rect(x: 0, y: 0, width: 160, height: 100)
    #expect(stretchy.frame == Rect(x: 0, y: 0, width: 160, height: 10))
    #expect(pinnedRight.frame == Rect(x: 150, y: 0, width: 10, height: 10))
    #expect(fixed.frame == Rect(x: 0, y: 50, width: 10, height: 10))
  }
}
