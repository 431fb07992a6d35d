import Foundation
import KioskKit
import KioskScreenReader
import KioskSpeech
import KioskTesting
import Testing

@testable import kiosk_demo

/// The demo driven by a tactile keypad alone (arrows and Enter, as EN 301 549 has them),
/// with the screen reader on and what it says recorded: a person who cannot see the screen
/// walking through a task. Every key pressed is kept, with the pause before it, as a key
/// script for `kiosk-uinput --keyboard`, so that the real-kernel test can press the same
/// keys on a panel (Tests/Walks).
@MainActor
final class KeypadWalk {
  /// Evdev codes of the keys a walk presses.
  enum Code {
    static let enter = 28
    static let up = 103
    static let down = 108
  }

  let app: TestApplication
  let shell: DemoShellController
  let reader: ScreenReader
  let speech = RecordingSpeechOutput()
  /// The key script so far: `ms down|up code` lines.
  private(set) var script: [String] = []
  private var time = 0

  /// The demo's shell from its storyboard on a 1024×600 panel at scale 1 (the real-kernel
  /// tests' panel), with the reader started on it.
  init() throws {
    (app, shell) = try DemoLaunch.launch(pointSize: Size(width: 1024, height: 600))
    reader = ScreenReader(speech: speech)
    reader.start(on: app.application, screen: app.screen)
    app.runUntilIdle()
  }

  /// What the focus says now.
  var focusLabel: String? { reader.focusedElement?.accessibilityLabel }

  /// Presses and lets go of `code`, then lets `settle` seconds pass (a transition's time).
  func press(_ code: Int, settle: Double) {
    let key = Key(keyCode: code, characters: code == Code.enter ? "\r" : "")
    app.application.sendPresses([PressSample(phase: .began, key: key)])
    app.application.sendPresses([PressSample(phase: .ended, key: key)])
    script.append("\(time) down \(code)")
    script.append("\(time + 60) up \(code)")
    let pause = Int((settle * 1000).rounded())
    time += pause
    app.advance(by: settle)
  }

  /// Moves the focus with the arrows until `matches` holds for it, at most `limit`
  /// presses: down when the element is after the focus in reading order (or not on the
  /// screen yet), up when it is before. Records an issue when it never gets there.
  func moveFocus(
    limit: Int = 60, to description: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    where matches: (any AccessibilityNode) -> Bool
  ) {
    for _ in 0..<limit {
      if let focus = reader.focusedElement, matches(focus) { return }
      let order = reader.elements
      let here = order.firstIndex { $0 === reader.focusedElement } ?? -1
      let there = order.firstIndex(where: matches) ?? Int.max
      press(there < here ? Code.up : Code.down, settle: 0.7)
    }
    if let focus = reader.focusedElement, matches(focus) { return }
    Issue.record(
      "the keypad never reached \(description); the focus is on \(focusLabel ?? "nothing")",
      sourceLocation: sourceLocation)
  }

  /// Moves to the element labelled `label` and presses Enter.
  func activate(_ label: String, settle: Double = 2) {
    moveFocus(to: "\"\(label)\"") { $0.accessibilityLabel == label }
    press(Code.enter, settle: settle)
  }

  /// Types `text` on the on-screen keyboard by keypad: for each character the arrows move
  /// to its key, and Enter types it.
  func typeOnKeys(_ text: String) {
    for character in text {
      let wanted = String(character).lowercased()
      moveFocus(limit: 40, to: "the key \(wanted)") {
        $0.accessibilityTraits.contains(.keyboardKey)
          && $0.accessibilityLabel?.lowercased() == wanted
      }
      press(Code.enter, settle: 0.7)
    }
  }

  /// The key script, as `kiosk-uinput --keyboard` reads it.
  var keyScript: String { script.joined(separator: "\n") + "\n" }

  /// What the reader said, one utterance a line.
  var transcript: String { speech.texts.joined(separator: "\n") + "\n" }
}
