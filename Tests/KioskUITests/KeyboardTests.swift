import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A view that takes typing when `accepts` is set, and records presses and resignations.
@MainActor
final class FieldView: View {
  var presses: [String] = []
  var handles = true
  var accepts = true
  var letsGo = true
  var resignations = 0
  var lastEvent: Event?
  var lastPress: Press?

  override var canBecomeFirstResponder: Bool { accepts }
  override var canResignFirstResponder: Bool { letsGo }

  override func resignFirstResponder() -> Bool {
    resignations += 1
    return super.resignFirstResponder()
  }

  override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
    guard handles else { return super.pressesBegan(presses, with: event) }
    record("began", presses, event)
  }

  override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
    guard handles else { return super.pressesEnded(presses, with: event) }
    record("ended", presses, event)
  }

  override func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
    guard handles else { return super.pressesCancelled(presses, with: event) }
    record("cancelled", presses, event)
  }

  private func record(_ phase: String, _ presses: Set<Press>, _ event: Event?) {
    for press in presses { self.presses.append("\(phase) \(press.key?.characters ?? "?")") }
    lastEvent = event
    lastPress = presses.first
  }
}

/// A window that records the presses reaching it.
@MainActor
final class RecordingWindow: Window {
  var presses: [String] = []

  override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
    for press in presses { self.presses.append("began \(press.key?.characters ?? "?")") }
  }

  override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
    for press in presses { self.presses.append("ended \(press.key?.characters ?? "?")") }
  }
}

@MainActor
struct KeyboardTests {
  let a = Key(keyCode: 30, characters: "a")
  let b = Key(keyCode: 48, characters: "b")

  func type(_ key: Key, in app: TestApplication) {
    app.application.sendPresses([PressSample(phase: .began, key: key)])
    app.application.sendPresses([PressSample(phase: .ended, key: key)])
    app.runUntilIdle()
  }

  @Test func theFirstResponderGetsTheKeys() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let field = FieldView(frame: Rect(x: 0, y: 0, width: 100, height: 30))
    app.window.addSubview(field)
    #expect(!field.isFirstResponder)
    #expect(field.becomeFirstResponder())
    #expect(field.isFirstResponder)
    app.application.sendPresses([PressSample(phase: .began, key: a)])
    let began = try #require(field.lastPress)
    #expect(field.lastEvent?.type == .presses)
    #expect(field.lastEvent?.allPresses == [began])
    app.application.sendPresses([PressSample(phase: .ended, key: a)])
    #expect(field.presses == ["began a", "ended a"])
    #expect(field.lastPress === began)  // one Press object from down to up
    #expect(began.phase == .ended)
    #expect(began.key?.keyCode == 30)
  }

  @Test func onlyAResponderThatCanAndIsInAWindowBecomesFirst() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let plain = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    app.window.addSubview(plain)
    #expect(!plain.becomeFirstResponder())
    let loose = FieldView(frame: .zero)
    #expect(!loose.becomeFirstResponder())
    #expect(!loose.isFirstResponder)
    let refusing = FieldView(frame: .zero)
    refusing.accepts = false
    app.window.addSubview(refusing)
    #expect(!refusing.becomeFirstResponder())
  }

  @Test func withoutAFirstResponderTheKeyWindowGetsTheKeys() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let window = RecordingWindow(screen: app.screen)
    window.makeKeyAndVisible()
    #expect(app.application.keyWindow === window)
    type(a, in: app)
    #expect(window.presses == ["began a", "ended a"])
    window.isHidden = true
  }

  @Test func withoutAKeyWindowTheApplicationGetsTheKeys() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    #expect(app.application.pressTarget === app.window)
    app.window.isHidden = true
    #expect(app.application.pressTarget === app.application)
    type(a, in: app)  // reaches the end of the chain without trouble
  }

  @Test func unhandledPressesGoUpTheResponderChain() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let window = RecordingWindow(screen: app.screen)
    let form = FieldView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    form.accepts = false
    let field = FieldView(frame: Rect(x: 10, y: 10, width: 50, height: 20))
    field.handles = false
    form.addSubview(field)
    window.addSubview(form)
    window.makeKeyAndVisible()
    #expect(field.becomeFirstResponder())
    type(a, in: app)
    #expect(field.presses.isEmpty)
    #expect(form.presses == ["began a", "ended a"])
    form.handles = false
    type(b, in: app)
    #expect(window.presses == ["began b", "ended b"])
    window.isHidden = true
  }

  @Test func becomingFirstResponderAsksTheCurrentOneToResign() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let first = FieldView(frame: Rect(x: 0, y: 0, width: 100, height: 30))
    let second = FieldView(frame: Rect(x: 0, y: 40, width: 100, height: 30))
    app.window.addSubview(first)
    app.window.addSubview(second)
    #expect(first.becomeFirstResponder())
    #expect(second.becomeFirstResponder())
    #expect(first.resignations == 1)
    #expect(!first.isFirstResponder && second.isFirstResponder)
    type(a, in: app)
    #expect(first.presses.isEmpty)
    #expect(second.presses == ["began a", "ended a"])

    second.letsGo = false
    #expect(!first.becomeFirstResponder())
    #expect(second.isFirstResponder)
    #expect(!second.resignFirstResponder())
    second.letsGo = true
    #expect(second.resignFirstResponder())
    #expect(!second.isFirstResponder)
  }

  @Test func aViewLeavingTheWindowResigns() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let window = RecordingWindow(screen: app.screen)
    let container = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let field = FieldView(frame: Rect(x: 0, y: 0, width: 100, height: 30))
    container.addSubview(field)
    window.addSubview(container)
    window.makeKeyAndVisible()
    #expect(field.becomeFirstResponder())
    container.removeFromSuperview()  // the field leaves with its superview
    #expect(!field.isFirstResponder)
    #expect(field.resignations == 1)
    type(a, in: app)
    #expect(field.presses.isEmpty)
    #expect(window.presses == ["began a", "ended a"])
    window.isHidden = true
  }

  @Test func aKeyThatWakesTheDisplayIsSwallowed() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let field = FieldView(frame: Rect(x: 0, y: 0, width: 100, height: 30))
    app.window.addSubview(field)
    field.becomeFirstResponder()
    var blanked = true
    app.application.userActivityHandler = {
      defer { blanked = false }
      return blanked
    }
    type(a, in: app)
    #expect(field.presses.isEmpty)
    type(b, in: app)
    #expect(field.presses == ["began b", "ended b"])
  }

  @Test func aKeyHeldWhileAnotherGoesDownIsInTheEvent() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let field = FieldView(frame: Rect(x: 0, y: 0, width: 100, height: 30))
    app.window.addSubview(field)
    field.becomeFirstResponder()
    let shift = Key(keyCode: 42, characters: "")
    app.application.sendPresses([PressSample(phase: .began, key: shift)])
    app.application.sendPresses([PressSample(phase: .began, key: a)])
    #expect(field.lastEvent?.allPresses.count == 2)
    app.application.sendPresses([PressSample(phase: .began, key: a)])  // repeated down
    #expect(field.presses == ["began ", "began a"])
    app.application.sendPresses([PressSample(phase: .cancelled, key: a)])
    #expect(field.presses.last == "cancelled a")
    #expect(field.lastEvent?.allPresses.count == 2)  // shift held, a just cancelled
  }

  @Test func capsLockHasUIKitsNameToo() {
    #expect(KeyModifierFlags.alphaShift == .capsLock)
    let key = Key(keyCode: 30, characters: "A", modifierFlags: [.shift])
    #expect(key.charactersIgnoringModifiers == "A")
    #expect(key.modifierFlags.contains(.shift))
  }
}
