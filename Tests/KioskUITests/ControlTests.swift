import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// Records, by name, every control event a control sends.
@MainActor
final class ControlEventLog {
  private(set) var events: [String] = []

  static let named: [(String, Control.Event)] = [
    ("touchDown", .touchDown), ("touchDownRepeat", .touchDownRepeat),
    ("touchDragInside", .touchDragInside), ("touchDragOutside", .touchDragOutside),
    ("touchDragEnter", .touchDragEnter), ("touchDragExit", .touchDragExit),
    ("touchUpInside", .touchUpInside), ("touchUpOutside", .touchUpOutside),
    ("touchCancel", .touchCancel), ("valueChanged", .valueChanged),
    ("primaryActionTriggered", .primaryActionTriggered),
  ]

  init(_ control: Control) {
    for (name, event) in Self.named {
      control.addAction(Action { [weak self] _ in self?.events.append(name) }, for: event)
    }
  }

  func count(_ name: String) -> Int { events.filter { $0 == name }.count }

  /// The events other than drags inside and outside (which come with every move).
  var withoutDrags: [String] {
    events.filter { $0 != "touchDragInside" && $0 != "touchDragOutside" }
  }
}

/// A target for target-action tests.
@MainActor
final class ActionTarget {
  var saves = 0
  var senders: [Control] = []
  func save() { saves += 1 }
  func changed(_ sender: Control) { senders.append(sender) }
}

/// A control that refuses touches that start in its right half.
@MainActor
final class LeftHalfControl: Control {
  var hooks: [String] = []
  override func beginTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    hooks.append("begin")
    return touch.location(in: self).x < bounds.midX
  }
  override func continueTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    hooks.append("continue")
    return true
  }
  override func endTracking(_ touch: Touch?, with event: KioskUI.Event?) {
    hooks.append("end")
  }
  override func cancelTracking(with event: KioskUI.Event?) {
    hooks.append("cancel")
  }
}

@MainActor
struct ControlTests {
  @Test func stateFollowsTheFlags() {
    let control = Control(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(control.state == .normal)
    control.isSelected = true
    control.isHighlighted = true
    #expect(control.state == [.selected, .highlighted])
    control.isEnabled = false
    #expect(control.state.contains(.disabled))
    #expect(control.state.contains(.selected))
    #expect(!control.state.contains(.highlighted))  // disabling lets go of the highlight
  }

  @Test func targetActionsTakeClosuresAndMethodReferences() {
    let control = Control(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let target = ActionTarget()
    control.addTarget(target, action: { $0.save() }, for: .touchUpInside)
    control.addTarget(target, action: ActionTarget.save, for: .touchUpInside)
    control.addTarget(target, action: ActionTarget.changed, for: .valueChanged)
    control.addTarget(target, action: { $0.changed($1) }, for: .valueChanged)
    control.sendActions(for: .touchUpInside)
    #expect(target.saves == 2)
    #expect(target.senders.isEmpty)
    control.sendActions(for: .valueChanged)
    #expect(target.senders.count == 2 && target.senders.allSatisfy { $0 === control })
    #expect(control.allControlEvents == [.touchUpInside, .valueChanged])
    #expect(control.allTargets.count == 1)
  }

  @Test func oneRegistrationRunsOncePerSend() {
    let control = Control(frame: .zero)
    let target = ActionTarget()
    control.addTarget(target, action: { $0.save() }, for: [.touchUpInside, .valueChanged])
    control.sendActions(for: [.touchUpInside, .valueChanged])
    #expect(target.saves == 1)
    control.sendActions(for: .touchDown)
    #expect(target.saves == 1)
  }

  @Test func removingTargetsAndActions() {
    let control = Control(frame: .zero)
    let target = ActionTarget()
    var performed: [String] = []
    control.addTarget(target, action: { $0.save() }, for: [.touchUpInside, .touchDown])
    let action = Action(identifier: "log") { _ in performed.append("log") }
    control.addAction(action, for: .touchUpInside)
    control.removeTarget(target, for: .touchDown)
    control.sendActions(for: .touchDown)
    #expect(target.saves == 0)
    control.sendActions(for: .touchUpInside)
    #expect(target.saves == 1 && performed == ["log"])
    control.removeTarget(nil)
    control.removeAction(identifiedBy: "log", for: .touchUpInside)
    control.sendActions(for: .allEvents)
    #expect(target.saves == 1 && performed == ["log"])
    #expect(control.allControlEvents.isEmpty)
  }

  @Test func anActionWithTheSameIdentifierReplacesTheOldOne() {
    let control = Control(frame: .zero)
    var performed: [String] = []
    control.addAction(
      Action(identifier: "go") { _ in performed.append("first") }, for: .touchUpInside)
    control.addAction(
      Action(identifier: "go") { _ in performed.append("second") }, for: .touchUpInside)
    control.addAction(Action { _ in performed.append("other") }, for: .touchUpInside)
    control.sendActions(for: .touchUpInside)
    #expect(performed == ["second", "other"])
    var count = 0
    control.enumerateActions { _, events in
      count += 1
      #expect(events == .touchUpInside)
    }
    #expect(count == 2)
  }

  @Test func anActionKnowsItsSender() {
    let control = Control(frame: .zero)
    var sender: Control?
    control.addAction(Action { sender = $0.sender }, for: .valueChanged)
    control.sendActions(for: .valueChanged)
    #expect(sender === control)
  }

  @Test func theTargetIsHeldWeakly() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let button = Control(frame: Rect(x: 10, y: 10, width: 100, height: 44))
    app.window.addSubview(button)
    var calls = 0
    var target: ActionTarget? = ActionTarget()
    weak let released = target
    if let target { button.addTarget(target, action: { _ in calls += 1 }, for: .touchUpInside) }
    app.tap(at: Point(x: 50, y: 30))
    #expect(calls == 1)
    target = nil
    #expect(released == nil)  // the button did not keep it alive
    app.tap(at: Point(x: 50, y: 30))
    #expect(calls == 1)
    #expect(button.allTargets.isEmpty)
  }

  @Test func anEnabledControlKeepsItsTouches() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let parent = RecordingView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    let control = LeftHalfControl(frame: Rect(x: 20, y: 20, width: 100, height: 40))
    parent.addSubview(control)
    app.window.addSubview(parent)
    let log = ControlEventLog(control)
    app.tap(at: Point(x: 40, y: 40))
    #expect(parent.log.isEmpty)
    #expect(log.events == ["touchDown", "touchUpInside"])
    #expect(control.hooks == ["begin", "end"])
    // A touch that beginTracking refuses is neither tracked nor passed on.
    app.drag(from: Point(x: 100, y: 40), to: Point(x: 60, y: 40), duration: 0.05)
    #expect(log.events == ["touchDown", "touchUpInside"])
    #expect(control.hooks == ["begin", "end", "begin"])
    #expect(!control.isHighlighted)
    #expect(parent.log.isEmpty)
  }

  @Test func aDisabledControlPassesItsTouchesOn() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let parent = RecordingView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    let control = LeftHalfControl(frame: Rect(x: 20, y: 20, width: 100, height: 40))
    control.isEnabled = false
    parent.addSubview(control)
    app.window.addSubview(parent)
    let log = ControlEventLog(control)
    app.touch(.began, at: Point(x: 40, y: 40))
    #expect(!control.isHighlighted && !control.isTracking)
    control.isEnabled = true  // the touch that began while disabled stays with the parent
    app.touch(.moved, at: Point(x: 45, y: 40))
    app.touch(.ended, at: Point(x: 45, y: 40))
    #expect(parent.log == ["began", "moved", "ended"])
    #expect(log.events.isEmpty)
    #expect(control.hooks.isEmpty)
  }

  @Test func disablingMidTouchStopsTracking() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let control = LeftHalfControl(frame: Rect(x: 20, y: 20, width: 100, height: 40))
    app.window.addSubview(control)
    let log = ControlEventLog(control)
    app.touch(.began, at: Point(x: 40, y: 40))
    #expect(control.isHighlighted && control.isTracking)
    control.isEnabled = false
    #expect(!control.isHighlighted && !control.isTracking)
    app.touch(.ended, at: Point(x: 40, y: 40))
    #expect(log.events == ["touchDown"])
    #expect(control.hooks == ["begin", "cancel"])
  }

  @Test func aQuickSecondTapSendsTouchDownRepeat() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let control = Control(frame: Rect(x: 20, y: 20, width: 100, height: 40))
    app.window.addSubview(control)
    let log = ControlEventLog(control)
    app.tap(at: Point(x: 40, y: 40))
    app.advance(by: 0.1)
    app.tap(at: Point(x: 41, y: 40))
    #expect(log.count("touchDown") == 2)
    #expect(log.count("touchDownRepeat") == 1)
    #expect(log.count("touchUpInside") == 2)
  }
}
