import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// A shared record of layoutSubviews() calls, in order.
@MainActor
final class LayoutLog {
  var names: [String] = []

  func count(_ name: String) -> Int { names.filter { $0 == name }.count }
}

/// A view that records its layoutSubviews() calls and can run extra work in them.
@MainActor
final class LayoutRecordingView: View {
  let name: String
  let log: LayoutLog
  var onLayout: ((LayoutRecordingView) -> Void)?

  init(_ name: String, log: LayoutLog, frame: Rect = Rect(x: 0, y: 0, width: 50, height: 50)) {
    self.name = name
    self.log = log
    super.init(frame: frame)
  }

  override func layoutSubviews() {
    log.names.append(name)
    onLayout?(self)
  }
}

/// setNeedsLayout(), layoutIfNeeded() and the commit's layout pass.
@MainActor
struct LayoutTests {
  /// An app with `parent` in its window and `child` in `parent`, laid out once and the
  /// log cleared.
  private func makeScene() throws -> (
    TestApplication, LayoutLog, LayoutRecordingView, LayoutRecordingView
  ) {
    let app = try TestApplication(pointSize: Size(width: 200, height: 200))
    let log = LayoutLog()
    let parent = LayoutRecordingView(
      "parent", log: log, frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let child = LayoutRecordingView("child", log: log)
    parent.addSubview(child)
    app.window.addSubview(parent)
    app.runUntilIdle()
    log.names.removeAll()
    return (app, log, parent, child)
  }

  @Test func newViewsAreLaidOutOnceAtTheFirstCommit() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 200))
    let log = LayoutLog()
    let parent = LayoutRecordingView("parent", log: log)
    let child = LayoutRecordingView("child", log: log)
    parent.addSubview(child)
    app.window.addSubview(parent)
    #expect(log.names.isEmpty)
    app.runUntilIdle()
    #expect(log.names == ["parent", "child"])
    app.runUntilIdle()
    app.advance(by: 1)
    #expect(log.names == ["parent", "child"])
  }

  @Test func setNeedsLayoutRunsLayoutSubviewsOnceAtTheNextCommit() throws {
    let (app, log, parent, _) = try makeScene()
    parent.setNeedsLayout()
    #expect(log.names.isEmpty)
    app.runUntilIdle()
    #expect(log.names == ["parent"])
    app.runUntilIdle()
    #expect(log.names == ["parent"])
    parent.setNeedsLayout()
    app.runUntilIdle()
    #expect(log.names == ["parent", "parent"])
  }

  @Test func manySetNeedsLayoutCallsCoalesce() throws {
    let (app, log, parent, child) = try makeScene()
    for _ in 0..<10 {
      child.setNeedsLayout()
      parent.setNeedsLayout()
    }
    app.runUntilIdle()
    #expect(log.count("parent") == 1)
    #expect(log.count("child") == 1)
    #expect(log.names.count == 2)
  }

  @Test func onlyTheViewThatNeedsLayoutIsLaidOut() throws {
    let (app, log, _, child) = try makeScene()
    child.setNeedsLayout()
    app.runUntilIdle()
    #expect(log.names == ["child"])
  }

  @Test func parentIsLaidOutBeforeChild() throws {
    let (app, log, parent, child) = try makeScene()
    child.setNeedsLayout()
    parent.setNeedsLayout()
    app.runUntilIdle()
    #expect(log.names == ["parent", "child"])
  }

  @Test func resizingASubviewInLayoutSubviewsLaysItOutInTheSamePass() throws {
    let (app, log, parent, child) = try makeScene()
    parent.onLayout = { _ in child.frame = Rect(x: 0, y: 0, width: 80, height: 30) }
    parent.setNeedsLayout()
    app.runUntilIdle()
    #expect(log.names == ["parent", "child"])
    #expect(child.frame == Rect(x: 0, y: 0, width: 80, height: 30))
  }

  @Test func layoutIfNeededRunsSynchronouslyAndOnlyWhenNeeded() throws {
    let (app, log, parent, _) = try makeScene()
    parent.layoutIfNeeded()
    #expect(log.names.isEmpty)
    parent.setNeedsLayout()
    parent.layoutIfNeeded()
    #expect(log.names == ["parent"])
    parent.layoutIfNeeded()
    #expect(log.names == ["parent"])
    app.runUntilIdle()
    #expect(log.names == ["parent"])
  }

  @Test func layoutIfNeededLaysOutSubviewsThatNeedIt() throws {
    let (app, log, parent, child) = try makeScene()
    child.setNeedsLayout()
    parent.layoutIfNeeded()
    #expect(log.names == ["child"])
    app.runUntilIdle()
    #expect(log.names == ["child"])
  }

  @Test func layoutIfNeededLaysOutSuperviewsThatNeedItFirst() throws {
    let (app, log, parent, child) = try makeScene()
    parent.setNeedsLayout()
    child.setNeedsLayout()
    child.layoutIfNeeded()
    #expect(log.names == ["parent", "child"])
    app.runUntilIdle()
    #expect(log.names == ["parent", "child"])
  }

  @Test func layoutIfNeededWorksOutsideAWindow() {
    let log = LayoutLog()
    let view = LayoutRecordingView("view", log: log)
    view.layoutIfNeeded()
    #expect(log.names == ["view"])
    view.layoutIfNeeded()
    #expect(log.names == ["view"])
    view.setNeedsLayout()
    view.layoutIfNeeded()
    #expect(log.names == ["view", "view"])
  }

  @Test func viewsOutsideAWindowAreNotLaidOutByTheCommit() throws {
    let (app, log, _, _) = try makeScene()
    let loose = LayoutRecordingView("loose", log: log)
    loose.setNeedsLayout()
    app.runUntilIdle()
    #expect(log.names.isEmpty)
    app.window.addSubview(loose)
    app.runUntilIdle()
    #expect(log.names == ["loose"])
  }

  @Test func boundsSizeChangeTriggersLayout() throws {
    let (app, log, parent, child) = try makeScene()
    child.bounds = Rect(x: 0, y: 0, width: 60, height: 50)
    app.runUntilIdle()
    #expect(log.names == ["child"])
    child.frame = Rect(x: 5, y: 5, width: 10, height: 10)
    app.runUntilIdle()
    #expect(log.names == ["child", "child"])
    parent.frame = Rect(x: 0, y: 0, width: 150, height: 150)
    app.runUntilIdle()
    #expect(log.count("parent") == 1)
  }

  @Test func movingWithoutResizingDoesNotTriggerLayout() throws {
    let (app, log, _, child) = try makeScene()
    child.center = Point(x: 70, y: 70)
    child.frame = Rect(x: 1, y: 2, width: 50, height: 50)
    child.transform = Transform(scaleX: 2, y: 2)
    child.alpha = 0.5
    app.runUntilIdle()
    #expect(log.names.isEmpty)
  }

  @Test func autoresizedSubviewsAreLaidOut() throws {
    let (app, log, parent, child) = try makeScene()
    child.autoresizingMask = .flexibleWidth
    parent.bounds = Rect(x: 0, y: 0, width: 120, height: 100)
    #expect(child.bounds.size == Size(width: 70, height: 50))
    app.runUntilIdle()
    #expect(log.names == ["parent", "child"])
  }

  @Test func addingASubviewLaysOutTheSubviewAndItsNewSuperview() throws {
    let (app, log, parent, _) = try makeScene()
    let newcomer = LayoutRecordingView("newcomer", log: log)
    parent.addSubview(newcomer)
    app.runUntilIdle()
    #expect(log.names == ["parent", "newcomer"])
  }

  @Test func removingASubviewLaysOutTheOldSuperview() throws {
    let (app, log, parent, child) = try makeScene()
    child.removeFromSuperview()
    app.runUntilIdle()
    #expect(log.names == ["parent"])
    #expect(parent.subviews.isEmpty)
  }

  @Test func setNeedsLayoutDuringLayoutOfAnEarlierSiblingIsNotLost() throws {
    let (app, log, parent, child) = try makeScene()
    let sibling = LayoutRecordingView("sibling", log: log)
    parent.addSubview(sibling)
    app.runUntilIdle()
    log.names.removeAll()
    // The sibling (laid out second) invalidates the child, which was laid out first.
    var once = true
    sibling.onLayout = { _ in
      if once {
        once = false
        child.setNeedsLayout()
      }
    }
    child.setNeedsLayout()
    sibling.setNeedsLayout()
    app.runUntilIdle()
    #expect(log.names == ["child", "sibling", "child"])
  }
}
