import Testing

@testable import KioskGraphics

@Suite struct GeometryTests {
  @Test func concatenationAppliesTheReceiverFirst() {
    let translate = Transform(translationX: 10, y: 0)
    let scale = Transform(scaleX: 2, y: 3)
    let p = Point(x: 1, y: 1)
    #expect(p.applying(translate.concatenating(scale)) == Point(x: 22, y: 3))
    #expect(p.applying(scale.concatenating(translate)) == Point(x: 12, y: 3))
    // The "-ed by" helpers apply the new transform before the receiver, as in CG.
    #expect(p.applying(scale.translatedBy(x: 10, y: 0)) == Point(x: 22, y: 3))
  }

  @Test func rotationTurnsClockwiseOnScreen() {
    let quarter = Transform(rotationAngle: .pi / 2)
    #expect(Point(x: 1, y: 0).applying(quarter) == Point(x: 0, y: 1))
  }

  @Test func inversionUndoesTheTransform() throws {
    let t = Transform(rotationAngle: 0.3).scaledBy(x: 2, y: 0.5).translatedBy(x: 7, y: -3)
    let inverse = try #require(t.inverted)
    let p = Point(x: 3, y: 4)
    let back = p.applying(t).applying(inverse)
    #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
    #expect(t.concatenating(inverse).a.distance(to: 1) < 1e-9)
    #expect(Transform(scaleX: 0, y: 1).inverted == nil)
  }

  @Test func rectApplyingGivesTheBoundingBox() {
    let r = Rect(x: 0, y: 0, width: 10, height: 20)
    #expect(
      r.applying(Transform(translationX: 5, y: 5)) == Rect(x: 5, y: 5, width: 10, height: 20))
    #expect(
      r.applying(Transform(rotationAngle: .pi / 2))
        == Rect(x: -20, y: 0, width: 20, height: 10))
    #expect(
      r.applying(Transform(scaleX: -2, y: 1)) == Rect(x: -20, y: 0, width: 20, height: 20))
  }

  @Test func integralCoversTheRect() {
    #expect(
      Rect(x: 0.5, y: 1.2, width: 2, height: 2.6).integral == Rect(x: 0, y: 1, width: 3, height: 3))
    #expect(Rect(x: 1, y: 2, width: 3, height: 4).integral == Rect(x: 1, y: 2, width: 3, height: 4))
    #expect(
      Rect(x: 3, y: 3, width: -2, height: -2).integral == Rect(x: 1, y: 1, width: 2, height: 2))
  }

  @Test func intersectionAndUnion() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    let b = Rect(x: 5, y: 5, width: 10, height: 10)
    #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
    #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
    #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)) == .zero)
    #expect(a.contains(Point(x: 0, y: 0)) && !a.contains(Point(x: 10, y: 5)))
  }
}
