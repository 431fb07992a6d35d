import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Editing mode of a controller: `isEditing`, `setEditing(_:animated:)` and the Edit/Done
/// bar button, with a table controller's table following.
@MainActor
@Suite struct ViewControllerEditingTests {
  /// A controller that records the calls it gets.
  final class Recorder: ViewController {
    var calls: [String] = []
    override func setEditing(_ editing: Bool, animated: Bool) {
      super.setEditing(editing, animated: animated)
      calls.append("setEditing(\(editing), animated: \(animated))")
    }
  }

  @Test func theEditButtonSaysEditOrDoneAndSwitchesTheMode() {
    let controller = Recorder()
    let item = controller.editButtonItem
    #expect(item === controller.editButtonItem)  // one item, every time
    #expect(!controller.isEditing)
    #expect(item.title == "Edit" && item.style == .plain)
    item.performAction()
    #expect(controller.isEditing)
    #expect(item.title == "Done" && item.style == .done)
    controller.isEditing = false
    #expect(item.title == "Edit" && item.style == .plain)
    #expect(
      controller.calls == [
        "setEditing(true, animated: true)", "setEditing(false, animated: false)",
      ])
  }

  @Test func aTableControllersTableFollowsThroughTheBarAndAfterAnUnload() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 480))
    let list = FruitList()
    list.navigationItem.rightBarButtonItem = list.editButtonItem
    let navigation = NavigationController(rootViewController: list)
    app.window.rootViewController = navigation
    app.runUntilIdle()
    let edit = try #require(barContent(navigation)?.rightSlots.first?.view as? Button)
    #expect(edit.currentTitle == "Edit")
    app.tap(at: centre(of: edit))
    app.advance(by: 0.5)
    #expect(list.isEditing && list.tableView.isEditing)
    #expect(list.tableView.cellForRow(at: IndexPath(row: 0, section: 0))?.isEditing == true)
    let done = try #require(barContent(navigation)?.rightSlots.first?.view as? Button)
    #expect(done.currentTitle == "Done")

    // Offscreen, the table is released on a memory warning; the one made again edits too.
    navigation.pushViewController(ViewController(), animated: false)
    app.runUntilIdle()
    app.application.simulateMemoryWarning()
    app.runUntilIdle()
    #expect(!list.isViewLoaded)
    navigation.popViewController(animated: false)
    app.runUntilIdle()
    #expect(list.tableView.isEditing)
    #expect(list.tableView.cellForRow(at: IndexPath(row: 0, section: 0))?.isEditing == true)
    app.tap(at: centre(of: try #require(barContent(navigation)?.rightSlots.first?.view)))
    app.advance(by: 0.5)
    #expect(!list.isEditing && !list.tableView.isEditing)
    #expect(list.tableView.cellForRow(at: IndexPath(row: 0, section: 0))?.isEditing == false)
  }
}
