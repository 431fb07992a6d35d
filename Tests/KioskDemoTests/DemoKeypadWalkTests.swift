import Foundation
import KioskKit
import KioskTesting
import Testing

@testable import kiosk_demo

/// The demo's main tasks completed by keypad and speech alone, as a person who cannot see
/// the screen completes them (issue 36: EN 301 549's closed functionality). Each walk's
/// keys and what the reader said are kept in Tests/Walks: the real-kernel speech test
/// presses the same keys on a panel and expects the same utterances. When the demo's
/// screens change on purpose, `KIOSK_RECORD_WALKS=1` writes the files anew.
@MainActor
struct DemoKeypadWalkTests {
  static let walks = DemoLaunch.checkout.appendingPathComponent("Tests/Walks")

  /// `text` is the file `name` in Tests/Walks (or becomes it, when recording).
  private func expectFile(
    _ name: String, holds text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = Self.walks.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["KIOSK_RECORD_WALKS"] == "1" {
      try FileManager.default.createDirectory(at: Self.walks, withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let kept = try String(contentsOf: url, encoding: .utf8)
    #expect(
      kept == text, "Tests/Walks/\(name) differs; the walk now gives:\n\(text)",
      sourceLocation: sourceLocation)
  }

  /// Recipes: Add, a name typed key by key on the on-screen keyboard, Done: the recipe is
  /// in the list.
  @Test func aRecipeIsAddedByKeypadAndSpeechAlone() throws {
    let walk = try KeypadWalk()
    walk.activate("Recipes")
    walk.activate("Add")
    let isField: (any AccessibilityNode) -> Bool = {
      $0.accessibilityTraits.contains(.textEntry)
    }
    walk.moveFocus(to: "the name field", where: isField)
    walk.press(KeypadWalk.Code.enter, settle: 1.5)
    walk.typeOnKeys("tea")
    walk.moveFocus(to: "the name field", where: isField)
    // Enter in the field is its Return: the editing ends, the arrows reach every element.
    walk.press(KeypadWalk.Code.enter, settle: 1)
    walk.activate("Done")
    // Back on the list, the new recipe is there to hear.
    walk.moveFocus(to: "the new recipe") { $0.accessibilityLabel?.hasPrefix("Tea") == true }
    let recipes = walk.shell.examples.first { $0.title == "Recipes" } as? NavigationController
    let list = try #require(recipes?.viewControllers.first as? RecipeListController)
    #expect(list.recipes.map(\.name).contains("Tea"), "\(list.recipes.map(\.name))")
    #expect(walk.speech.texts.last?.hasPrefix("Tea, ") == true, "\(walk.speech.texts)")
    try expectFile("recipes-add.keys", holds: walk.keyScript)
    try expectFile("recipes-add.transcript", holds: walk.transcript)
  }

  /// Menu: a product, Order, the alert's Order: the order is sent, and the screen says so.
  @Test func aProductIsOrderedByKeypadAndSpeechAlone() throws {
    let walk = try KeypadWalk()
    walk.activate("Menu")
    walk.moveFocus(to: "the first product") { $0 is CollectionViewCell }
    let product = walk.focusLabel ?? ""
    walk.press(KeypadWalk.Code.enter, settle: 2)
    walk.activate("Order")
    // The alert is modal: its own Order button is the only one the arrows reach.
    #expect(
      walk.reader.elements.contains { $0.accessibilityLabel?.hasPrefix("Order 1 × ") == true })
    walk.activate("Order")
    // The alert gone, the focus is back on the button that brought it, as with VoiceOver.
    #expect(walk.focusLabel == "Order" && walk.reader.focusedElement is Button)
    walk.moveFocus(to: "the order's status") {
      $0.accessibilityLabel?.hasPrefix("Sent to the counter: 1 × ") == true
    }
    #expect(
      walk.speech.texts.contains { $0.hasPrefix("Sent to the counter: 1 × ") },
      "\(walk.speech.texts)")
    #expect(product.isEmpty == false)
    try expectFile("menu-order.keys", holds: walk.keyScript)
    try expectFile("menu-order.transcript", holds: walk.transcript)
  }

  /// Clock: Alarm, "+", the minutes turned on their wheel from 7:00 to 7:15 (Enter starts
  /// adjusting, the arrows turn, Enter ends), Save: the alarm is in the list.
  @Test func anAlarmIsSetByKeypadAndSpeechAlone() throws {
    let walk = try KeypadWalk()
    walk.activate("Clock")
    walk.activate("Alarm")
    walk.activate("Add Alarm")
    walk.moveFocus(to: "the minutes' wheel") { $0.accessibilityLabel == "Minutes" }
    #expect(walk.reader.focusedElement?.accessibilityValue == "00")
    walk.press(KeypadWalk.Code.enter, settle: 0.7)
    #expect(walk.reader.isAdjustingFocus)
    for _ in 0..<3 { walk.press(KeypadWalk.Code.up, settle: 0.7) }
    walk.press(KeypadWalk.Code.enter, settle: 0.7)
    #expect(!walk.reader.isAdjustingFocus)
    #expect(walk.reader.focusedElement?.accessibilityValue == "15")
    walk.activate("Save")
    walk.moveFocus(to: "the new alarm") { $0.accessibilityLabel?.hasPrefix("07:15") == true }
    let clock = walk.shell.examples.first { $0.title == "Clock" } as? TabBarController
    let alarms = clock?.viewControllers?.compactMap {
      ($0 as? NavigationController)?.viewControllers.first as? AlarmListController
    }.first
    let list = try #require(alarms)
    #expect(list.alarms.contains { $0.time == "07:15" && $0.label == "Alarm" && $0.isOn })
    #expect(walk.speech.texts.contains("15"), "\(walk.speech.texts)")
    try expectFile("alarm-set.keys", holds: walk.keyScript)
    try expectFile("alarm-set.transcript", holds: walk.transcript)
  }
}
