import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A screen with a blue root controller, for presenting alerts on.
@MainActor
private struct AlertStage {
  let app: TestApplication
  let root = ViewController()

  init(width: Double = 400, height: Double = 600) throws {
    app = try TestApplication(pointSize: Size(width: width, height: height))
    root.view.backgroundColor = Color(hex: 0x007aff)
    app.window.rootViewController = root
    app.runUntilIdle()
  }

  /// Presents `alert` and lets the transition end.
  func show(_ alert: AlertController) {
    root.present(alert, animated: true)
    app.advance(by: 0.35)
  }

  /// The row of the action titled `title`, on screen.
  func row(_ title: String, in alert: AlertController) -> AlertActionView? {
    guard let content = alert.contentView else { return nil }
    return (content.actionViews + [content.cancelView].compactMap { $0 }).first {
      $0.action.title == title
    }
  }

  /// The frame of `view` in the window.
  func frame(of view: View) -> Rect { view.convert(view.bounds, to: nil) }

  func tap(_ title: String, in alert: AlertController) {
    guard let row = row(title, in: alert) else {
      Issue.record("no row titled \(title)")
      return
    }
    app.tap(at: frame(of: row).center)
  }
}

/// Records what the handlers saw, in order.
@MainActor
private final class HandlerLog {
  var entries: [String] = []

  func action(_ title: String, _ style: AlertAction.Style = .default) -> AlertAction {
    AlertAction(title: title, style: style) { [self] action in
      let alert = action.alertController
      let state =
        alert?.isBeingDismissed == true
        ? "dismissing" : alert?.presentingViewController == nil ? "gone" : "shown"
      entries.append("\(title) (\(state))")
    }
  }
}

@MainActor
struct AlertControllerTests {
  // MARK: Structure

  @Test func anAlertKeepsItsActionsInOrderAndItsStyle() {
    let log = HandlerLog()
    let alert = AlertController(title: "Order", message: "Send it?", preferredStyle: .alert)
    let send = log.action("Send")
    let cancel = log.action("Cancel", .cancel)
    let delete = log.action("Delete", .destructive)
    alert.addAction(send)
    alert.addAction(cancel)
    alert.addAction(delete)
    #expect(alert.actions.map(\.title) == ["Send", "Cancel", "Delete"])
    #expect(alert.actions.map(\.style) == [.default, .cancel, .destructive])
    #expect(alert.title == "Order" && alert.message == "Send it?")
    #expect(alert.preferredStyle == .alert)
    #expect(alert.preferredAction == nil)
    alert.preferredAction = send
    #expect(alert.preferredAction === send)
    #expect(alert.textFields == nil)
    alert.addTextField { $0.placeholder = "Name" }
    alert.addTextField()
    #expect(alert.textFields?.count == 2)
    #expect(alert.textFields?.first?.placeholder == "Name")
    #expect(alert.modalPresentationStyle == .overFullScreen)
    let sheet = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
    #expect(sheet.modalPresentationStyle == .popover)
    #expect(sheet.popoverPresentationController != nil)
  }

  @Test func programmerErrorsAreNamed() {
    let cancel = AlertAction(title: "Cancel", style: .cancel)
    let other = AlertAction(title: "Never mind", style: .cancel)
    let ok = AlertAction(title: "OK", style: .default)
    #expect(AlertRules.problemAdding(ok, to: [cancel]) == nil)
    #expect(AlertRules.problemAdding(cancel, to: [ok]) == nil)
    let problem = AlertRules.problemAdding(other, to: [ok, cancel])
    #expect(problem?.contains("only have one action with a style of .cancel") == true)
    #expect(problem?.contains("“Never mind”") == true && problem?.contains("“Cancel”") == true)
    #expect(AlertRules.problemAddingTextField(to: .alert) == nil)
    #expect(AlertRules.problemAddingTextField(to: .actionSheet)?.contains(".alert") == true)
    #expect(AlertRules.problemPreferring(ok, among: [ok]) == nil)
    #expect(AlertRules.problemPreferring(nil, among: []) == nil)
    #expect(AlertRules.problemPreferring(ok, among: [cancel])?.contains("“OK”") == true)
  }

  // MARK: Layout rules

  @Test func cancelGoesLeftSideBySideAndLastWhenStacked() {
    let cancel = AlertAction(title: "Cancel", style: .cancel)
    let a = AlertAction(title: "A", style: .default)
    let b = AlertAction(title: "B", style: .destructive)
    #expect(
      AlertRules.alertOrder(of: [a, cancel], sideBySide: true).map(\.title) == ["Cancel", "A"])
    #expect(
      AlertRules.alertOrder(of: [cancel, a, b], sideBySide: false).map(\.title) == [
        "A", "B", "Cancel",
      ])
    #expect(AlertRules.actionsSideBySide(titleWidths: [40, 50], halfWidth: 119))
    #expect(!AlertRules.actionsSideBySide(titleWidths: [40, 150], halfWidth: 119))
    #expect(!AlertRules.actionsSideBySide(titleWidths: [40, 50, 30], halfWidth: 119))
    #expect(!AlertRules.actionsSideBySide(titleWidths: [40], halfWidth: 119))
    let preferred = AlertRules.emphasizedAction(in: [a, cancel], preferred: a, style: .alert)
    #expect(preferred === a)
    #expect(AlertRules.emphasizedAction(in: [a, cancel], preferred: nil, style: .alert) === cancel)
    #expect(
      AlertRules.emphasizedAction(in: [a, cancel], preferred: a, style: .actionSheet) === cancel)
  }

  @Test func theHeightIsSharedWhenTheCardIsTooShort() {
    #expect(AlertRules.share(available: 500, header: 100, fixed: 0, actions: 200) == (100, 200))
    // A short header keeps its height; the actions scroll in the rest.
    #expect(AlertRules.share(available: 300, header: 60, fixed: 40, actions: 800) == (60, 200))
    // A long message scrolls, the few actions keep theirs.
    #expect(AlertRules.share(available: 300, header: 900, fixed: 0, actions: 88) == (212, 88))
    // Both long: half each.
    #expect(AlertRules.share(available: 300, header: 900, fixed: 0, actions: 900) == (150, 150))
  }

  @Test func twoShortActionsSitSideBySideWithCancelOnTheLeft() throws {
    let stage = try AlertStage()
    let alert = AlertController(title: "Order", message: "Send it?", preferredStyle: .alert)
    alert.addAction(AlertAction(title: "Send", style: .default))
    alert.addAction(AlertAction(title: "Cancel", style: .cancel))
    stage.show(alert)
    let card = stage.frame(of: alert.view)
    #expect(card.width == 270)
    #expect(abs(card.midX - 200) <= 1 && abs(card.midY - 300) <= 1)
    let cancel = try #require(stage.row("Cancel", in: alert))
    let send = try #require(stage.row("Send", in: alert))
    #expect(stage.frame(of: cancel).minX == card.minX)
    #expect(stage.frame(of: send).maxX == card.maxX)
    #expect(stage.frame(of: cancel).minY == stage.frame(of: send).minY)
    #expect(stage.frame(of: send).maxY == card.maxY)
    #expect(cancel.titleLabel.font.weight == .semibold)  // bold: no preferred action
    #expect(send.titleLabel.font.weight == .regular)
  }

  @Test func longTitlesOrThreeActionsStackWithCancelLast() throws {
    let stage = try AlertStage()
    let alert = AlertController(title: "Table 4", message: nil, preferredStyle: .alert)
    alert.addAction(AlertAction(title: "Cancel", style: .cancel))
    alert.addAction(AlertAction(title: "Send the order to the kitchen", style: .default))
    stage.show(alert)
    let cancel = try #require(stage.row("Cancel", in: alert))
    let send = try #require(stage.row("Send the order to the kitchen", in: alert))
    #expect(stage.frame(of: send).width == 270)
    #expect(stage.frame(of: cancel).minY == stage.frame(of: send).maxY)

    let three = AlertController(title: "Table 4", message: nil, preferredStyle: .alert)
    let keep = AlertAction(title: "Keep", style: .default)
    three.addAction(AlertAction(title: "Cancel", style: .cancel))
    three.addAction(keep)
    three.addAction(AlertAction(title: "Delete", style: .destructive))
    three.preferredAction = keep
    stage.root.dismiss(animated: false)
    stage.show(three)
    let rows = try #require(three.contentView?.actionViews)
    #expect(rows.map(\.action.title) == ["Keep", "Delete", "Cancel"])
    #expect(rows.map { stage.frame(of: $0).minY } == rows.map { stage.frame(of: $0).minY }.sorted())
    #expect(rows[0].titleLabel.font.weight == .semibold)  // the preferred one, not cancel
    #expect(rows[2].titleLabel.font.weight == .regular)
    #expect(rows[1].titleLabel.textColor == AlertMetrics.destructiveColor)
  }

  @Test func manyActionsScroll() throws {
    let stage = try AlertStage(width: 400, height: 300)
    let alert = AlertController(title: "Pick a table", message: nil, preferredStyle: .alert)
    for number in 1...12 { alert.addAction(AlertAction(title: "Table \(number)", style: .default)) }
    stage.show(alert)
    let card = stage.frame(of: alert.view)
    #expect(card.height <= 300 - 16)
    let last = try #require(stage.row("Table 12", in: alert))
    #expect(stage.frame(of: last).minY > card.maxY)  // below the visible part, to scroll to
    let scroll = try #require(last.superview as? ScrollView)
    #expect(scroll.contentSize.height == 12 * 44)
  }

  // MARK: Taps

  @Test func aTapDismissesThenCallsItsHandlerOnce() throws {
    let stage = try AlertStage()
    let log = HandlerLog()
    let alert = AlertController(title: "Order", message: nil, preferredStyle: .alert)
    alert.addAction(log.action("Send"))
    alert.addAction(log.action("Cancel", .cancel))
    var dismissed = false
    stage.show(alert)
    stage.tap("Send", in: alert)
    // The handler ran once the dismissal had started, with the alert still fading out.
    #expect(log.entries == ["Send (dismissing)"])
    stage.tap("Cancel", in: alert)  // nothing more while it fades: not a tap,
    stage.app.press(.escape)  // nor a key
    #expect(log.entries == ["Send (dismissing)"])
    stage.app.advance(by: 0.35)
    dismissed = stage.root.presentedViewController == nil
    #expect(dismissed)
    #expect(alert.view.window == nil)
    #expect(log.entries == ["Send (dismissing)"])
  }

  /// As in UIKit, the alert takes no touches while it is animated in (a view being
  /// animated without `.allowUserInteraction` refuses them); once it is shown, a tap acts,
  /// once.
  @Test func tapsWhileItIsAppearingAreRefusedAndActOnceItHasAppeared() throws {
    let stage = try AlertStage()
    let log = HandlerLog()
    let alert = AlertController(title: "Order", message: nil, preferredStyle: .alert)
    alert.addAction(log.action("Send"))
    alert.addAction(log.action("Cancel", .cancel))
    stage.root.present(alert, animated: true)
    stage.app.advance(by: 0.1)
    stage.tap("Send", in: alert)
    stage.tap("Cancel", in: alert)
    #expect(log.entries.isEmpty)
    #expect(stage.root.presentedViewController === alert)
    stage.app.advance(by: 0.3)
    stage.tap("Send", in: alert)
    stage.tap("Cancel", in: alert)
    stage.app.advance(by: 0.35)
    #expect(stage.root.presentedViewController == nil)
    #expect(log.entries.count == 1 && log.entries.first?.hasPrefix("Send") == true)
  }

  @Test func aControllerPresentedFromAHandlerComesAfterTheAlert() throws {
    let stage = try AlertStage()
    let next = ViewController()
    let alert = AlertController(title: "Sent", message: nil, preferredStyle: .alert)
    alert.addAction(
      AlertAction(title: "Show receipt", style: .default) { [root = stage.root] _ in
        root.present(next, animated: true)
      })
    stage.show(alert)
    stage.tap("Show receipt", in: alert)
    stage.app.advance(by: 0.35)
    stage.app.advance(by: 0.35)
    #expect(stage.root.presentedViewController === next)
  }

  @Test func aDisabledActionIgnoresTapsUntilEnabled() throws {
    let stage = try AlertStage()
    let log = HandlerLog()
    let alert = AlertController(title: "Name", message: nil, preferredStyle: .alert)
    let save = log.action("Save")
    save.isEnabled = false
    alert.addAction(log.action("Cancel", .cancel))
    alert.addAction(save)
    stage.show(alert)
    let row = try #require(stage.row("Save", in: alert))
    #expect(!row.isEnabled)
    #expect(row.titleLabel.textColor == AlertMetrics.disabledColor)
    stage.tap("Save", in: alert)
    #expect(log.entries.isEmpty)
    #expect(stage.root.presentedViewController === alert)
    save.isEnabled = true
    #expect(row.isEnabled && row.titleLabel.textColor == .defaultTint)
    stage.tap("Save", in: alert)
    #expect(log.entries == ["Save (dismissing)"])
  }

  /// As in UIKit, a finger that goes down on one action and slides onto another moves the
  /// highlight there, and lifting it there triggers that one; a disabled action is passed
  /// over, and a finger lifted off the actions triggers nothing.
  @Test func aFingerSlidesFromActionToAction() throws {
    let stage = try AlertStage()
    let log = HandlerLog()
    let alert = AlertController(title: "Table 4", message: nil, preferredStyle: .alert)
    alert.addAction(log.action("Keep"))
    let later = log.action("Later")
    later.isEnabled = false
    alert.addAction(later)
    alert.addAction(log.action("Delete", .destructive))
    alert.addAction(log.action("Cancel", .cancel))
    stage.show(alert)
    let keep = try #require(stage.row("Keep", in: alert))
    let disabled = try #require(stage.row("Later", in: alert))
    let delete = try #require(stage.row("Delete", in: alert))
    let cancel = try #require(stage.row("Cancel", in: alert))
    let app = stage.app

    // Off the actions (onto the title), then back: nothing is triggered.
    app.touch(.began, at: stage.frame(of: keep).center)
    #expect(keep.isHighlighted)
    app.touch(.moved, at: Point(x: stage.frame(of: keep).midX, y: stage.frame(of: keep).minY - 20))
    #expect(!keep.isHighlighted)
    app.touch(.ended, at: Point(x: stage.frame(of: keep).midX, y: stage.frame(of: keep).minY - 20))
    #expect(log.entries.isEmpty && stage.root.presentedViewController === alert)

    // Keep → Later (disabled: passed over) → Delete → Cancel, lifted on Cancel.
    app.touch(.began, at: stage.frame(of: keep).center)
    app.touch(.moved, at: stage.frame(of: disabled).center)
    #expect(!keep.isHighlighted && !disabled.isHighlighted)
    app.touch(.moved, at: stage.frame(of: delete).center)
    #expect(delete.isHighlighted && !keep.isHighlighted)
    app.touch(.moved, at: stage.frame(of: cancel).center)
    #expect(cancel.isHighlighted && !delete.isHighlighted)
    app.touch(.ended, at: stage.frame(of: cancel).center)
    #expect(!cancel.isHighlighted)
    #expect(log.entries == ["Cancel (dismissing)"])
  }

  /// As in UIKit, a text field being edited when an alert comes gives up the keyboard to
  /// it, and is edited again once the alert has gone; not when a handler has moved editing
  /// elsewhere meanwhile.
  @Test func theFieldEditedBeforeTheAlertIsEditedAgainAfterIt() throws {
    let stage = try AlertStage()
    let name = TextField(frame: Rect(x: 20, y: 40, width: 300, height: 44))
    let note = TextField(frame: Rect(x: 20, y: 100, width: 300, height: 44))
    stage.root.view.addSubview(name)
    stage.root.view.addSubview(note)
    name.becomeFirstResponder()
    stage.app.advance(by: 0.3)

    let alert = AlertController(title: "Saved", message: nil, preferredStyle: .alert)
    alert.addAction(AlertAction(title: "OK", style: .default))
    stage.show(alert)
    #expect(!name.isFirstResponder)
    stage.tap("OK", in: alert)
    stage.app.advance(by: 0.35)
    #expect(stage.root.presentedViewController == nil)
    #expect(name.isFirstResponder)

    let second = AlertController(title: "Add a note?", message: nil, preferredStyle: .alert)
    second.addAction(
      AlertAction(title: "Yes", style: .default) { _ in note.becomeFirstResponder() })
    stage.show(second)
    stage.tap("Yes", in: second)
    stage.app.advance(by: 0.35)
    #expect(note.isFirstResponder && !name.isFirstResponder)
  }

  /// As UIKit's, an alert comes in a little larger and shrinks to its size as it fades
  /// in, and leaves by fading alone.
  @Test func anAlertZoomsInAndFadesOut() throws {
    let stage = try AlertStage()
    let alert = AlertController(title: "Order", message: nil, preferredStyle: .alert)
    alert.addAction(AlertAction(title: "OK", style: .default))
    stage.root.present(alert, animated: true)
    stage.app.advance(by: 0.1)
    let wrapper = try #require(alert.view.superview)
    let midway = wrapper.layer.presented.transform.a
    #expect(midway > 1.02 && midway < 1.2, "scale \(midway)")
    stage.app.advance(by: 0.3)
    #expect(wrapper.layer.presented.transform.a == 1)
    stage.tap("OK", in: alert)
    stage.app.advance(by: 0.1)
    #expect(wrapper.layer.presented.transform.a == 1)
    #expect(wrapper.layer.presented.opacity < 1)
  }

  @Test func aTapOutsideAnAlertDoesNothing() throws {
    let stage = try AlertStage()
    let log = HandlerLog()
    let alert = AlertController(title: "Order", message: nil, preferredStyle: .alert)
    alert.addAction(log.action("Cancel", .cancel))
    stage.show(alert)
    stage.app.tap(at: Point(x: 20, y: 20))
    stage.app.advance(by: 0.35)
    #expect(stage.root.presentedViewController === alert)
    #expect(log.entries.isEmpty)
    // The window is dimmed around the card.
    let dimmed = stage.app.snapshot().pixel(x: 20, y: 20)
    #expect(dimmed.blue < 0.95 && dimmed.blue > 0.7)
  }

  // MARK: Hardware keys

  @Test func returnTriggersThePreferredActionAndEscapeTheCancelAction() throws {
    let stage = try AlertStage()
    let log = HandlerLog()
    let alert = AlertController(title: "Order", message: nil, preferredStyle: .alert)
    let send = log.action("Send")
    alert.addAction(log.action("Cancel", .cancel))
    alert.addAction(send)
    alert.preferredAction = send
    stage.show(alert)
    stage.app.press(.enter)
    #expect(log.entries == ["Send (dismissing)"])
    stage.app.advance(by: 0.35)

    let second = AlertController(title: "Order", message: nil, preferredStyle: .alert)
    second.addAction(log.action("Keep", .cancel))
    second.addAction(log.action("OK"))
    stage.show(second)
    stage.app.press(.enter)  // no preferred action: Return does nothing
    #expect(stage.root.presentedViewController === second)
    stage.app.press(.escape)
    #expect(log.entries == ["Send (dismissing)", "Keep (dismissing)"])
  }

  // MARK: Text fields

  @Test func typingInATextFieldMovesTheCardAboveTheKeyboard() throws {
    let stage = try AlertStage(width: 1024, height: 600)
    let log = HandlerLog()
    let alert = AlertController(title: "Table", message: "Which table?", preferredStyle: .alert)
    let ok = log.action("OK")
    ok.isEnabled = false
    alert.addAction(log.action("Cancel", .cancel))
    alert.addAction(ok)
    alert.preferredAction = ok
    alert.addTextField { field in
      field.placeholder = "Name"
      field.autocapitalizationType = .none
      field.addTarget(
        ok,
        action: { ok, sender in
          ok.isEnabled = !((sender as? TextField)?.text ?? "").isEmpty
        }, for: .editingChanged)
    }
    stage.root.present(alert, animated: true)
    #expect(abs(stage.frame(of: alert.view).midY - 300) <= 1)  // centred while no keyboard
    stage.app.advance(by: 0.35)
    let field = try #require(alert.textFields?.first)
    #expect(field.isFirstResponder)
    stage.app.advance(by: 0.3)
    let keyboard = try #require(stage.app.keyboardFrame)
    let card = stage.frame(of: alert.view)
    #expect(card.maxY <= keyboard.minY - 8)
    #expect(abs(card.midY - keyboard.minY / 2) <= 1)  // centred above the keyboard
    #expect(stage.app.typeOnScreenKeyboard("ann"))
    #expect(field.text == "ann")
    #expect(ok.isEnabled)
    #expect(stage.app.tapKeyboardKey(.returnKey))
    #expect(log.entries == ["OK (dismissing)"])
  }

  // MARK: Action sheets

  @Test func anActionSheetSlidesUpFromTheBottomOfACompactScreen() throws {
    let stage = try AlertStage(width: 400, height: 600)
    let log = HandlerLog()
    let sheet = AlertController(title: "Share", message: nil, preferredStyle: .actionSheet)
    sheet.addAction(log.action("Cancel", .cancel))
    sheet.addAction(log.action("Print"))
    sheet.addAction(log.action("Email"))
    stage.show(sheet)
    let frame = stage.frame(of: sheet.view)
    #expect(frame.maxY == 600 - 8 && frame.width == 400 - 16)
    let cancel = try #require(sheet.contentView?.cancelView)
    #expect(stage.frame(of: cancel).maxY == frame.maxY)
    let email = try #require(stage.row("Email", in: sheet))
    #expect(stage.frame(of: email).maxY == stage.frame(of: cancel).minY - 8)
    #expect(sheet.contentView?.actionViews.map(\.action.title) == ["Print", "Email"])
    stage.tap("Print", in: sheet)
    #expect(log.entries == ["Print (dismissing)"])
  }

  @Test func aTapOutsideABottomSheetTriggersItsCancelAction() throws {
    let stage = try AlertStage(width: 400, height: 600)
    let log = HandlerLog()
    let sheet = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
    sheet.addAction(log.action("Print"))
    sheet.addAction(log.action("Cancel", .cancel))
    stage.show(sheet)
    stage.app.tap(at: Point(x: 200, y: 50))
    #expect(log.entries == ["Cancel (dismissing)"])
    stage.app.advance(by: 0.35)
    #expect(stage.root.presentedViewController == nil)

    let noCancel = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
    noCancel.addAction(log.action("Print"))
    stage.show(noCancel)
    stage.app.tap(at: Point(x: 200, y: 50))
    stage.app.advance(by: 0.35)
    #expect(stage.root.presentedViewController === noCancel)
  }

  @Test func anActionSheetOnARegularScreenIsAPopoverWithoutItsCancelAction() throws {
    let stage = try AlertStage(width: 1024, height: 768)
    let source = View(frame: Rect(x: 900, y: 20, width: 80, height: 40))
    stage.root.view.addSubview(source)
    let log = HandlerLog()
    let sheet = AlertController(title: "Share", message: nil, preferredStyle: .actionSheet)
    sheet.addAction(log.action("Print"))
    sheet.addAction(log.action("Cancel", .cancel))
    sheet.popoverPresentationController?.sourceView = source
    stage.show(sheet)
    let popover = try #require(sheet.popoverPresentationController)
    #expect(popover.presentationStyle == .popover)
    #expect(popover.arrowDirection == .up)
    #expect(sheet.contentView?.cancelView == nil)
    #expect(stage.row("Cancel", in: sheet) == nil)
    #expect(stage.frame(of: sheet.view).width == AlertMetrics.popoverWidth)
    // A tap outside dismisses it and runs the cancel action's handler.
    stage.app.tap(at: Point(x: 100, y: 600))
    #expect(log.entries == ["Cancel (dismissing)"])
    stage.app.advance(by: 0.35)
    #expect(stage.root.presentedViewController == nil)
  }

  @Test func anActionSheetPopoverCanPointAtABarButtonItem() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 768))
    let list = ViewController()
    let share = BarButtonItem(title: "Share")
    list.navigationItem.rightBarButtonItem = share
    app.window.rootViewController = NavigationController(rootViewController: list)
    app.runUntilIdle()
    let sheet = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
    sheet.addAction(AlertAction(title: "Print", style: .default))
    sheet.popoverPresentationController?.barButtonItem = share
    list.present(sheet, animated: false)
    app.runUntilIdle()
    let popover = try #require(sheet.popoverPresentationController)
    #expect(popover.arrowDirection == .up)
    let item = try #require(share.representedView)
    let itemFrame = item.convert(item.bounds, to: nil)
    let content = sheet.view.convert(sheet.view.bounds, to: nil)
    #expect(content.minY == itemFrame.maxY + 15)  // the arrow (12) and the rim (3)
    #expect(content.maxX >= itemFrame.midX && content.minX <= itemFrame.midX)
  }

  @Test func returnInATextFieldGoesToTheNextThenTriggersThePreferredAction() throws {
    let stage = try AlertStage()
    stage.app.application.isHardwareKeyboardAttached = true
    let log = HandlerLog()
    let alert = AlertController(title: "Sign in", message: nil, preferredStyle: .alert)
    let signIn = log.action("Sign In")
    alert.addAction(log.action("Cancel", .cancel))
    alert.addAction(signIn)
    alert.preferredAction = signIn
    alert.addTextField { $0.placeholder = "Name" }
    alert.addTextField { $0.isSecureTextEntry = true }
    stage.show(alert)
    let fields = try #require(alert.textFields)
    #expect(fields[0].isFirstResponder)
    stage.app.typeOnHardwareKeyboard("ann")
    stage.app.press(.enter)
    #expect(fields[0].text == "ann" && fields[1].isFirstResponder)
    #expect(log.entries.isEmpty)
    stage.app.press(.enter)
    #expect(log.entries == ["Sign In (dismissing)"])
  }

  @Test func anActionSheetWithoutASourceOnARegularScreenFallsBackToTheBottom() throws {
    let stage = try AlertStage(width: 1024, height: 768)
    let sheet = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
    sheet.addAction(AlertAction(title: "Print", style: .default))
    stage.show(sheet)
    #expect(sheet.presentationController is AlertPresentationController)
    #expect(stage.frame(of: sheet.view).maxY == 768 - 8)
  }

  @Test func presentingFromAControllerThatAlreadyPresentsIsRefused() throws {
    let stage = try AlertStage()
    let first = AlertController(title: "One", message: nil, preferredStyle: .alert)
    first.addAction(AlertAction(title: "OK", style: .default))
    let second = AlertController(title: "Two", message: nil, preferredStyle: .alert)
    stage.show(first)
    stage.root.present(second, animated: true)
    stage.app.advance(by: 0.35)
    #expect(stage.root.presentedViewController === first)
    #expect(second.presentingViewController == nil)
  }
}
