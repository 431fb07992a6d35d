import Foundation
import KioskGraphics
import KioskTesting
import KioskUI
import Testing

extension RealKernel {
  /// Typing on a real kernel: the uinput touchscreen taps keys of the on-screen keyboard,
  /// then a uinput keyboard (evdev → udev → libinput → xkbcommon) types into the same field
  /// with a key held down to repeat. Each time the panel must show what the same taps give
  /// on the virtual framebuffer.
  @Suite
  struct TypingQEMUTests {
    private let uinput = QEMUHost.buildFolder.appendingPathComponent("kiosk-uinput")
    private let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")

    /// The demo at scale 1 on the 1024×600 panel (keys 54 pt tall): Recipes in the header
    /// (the second of seven 44-pt buttons 6 pt apart, 12 pt from the right edge), "+" in its
    /// navigation bar, then Add Recipe's name field (Sources/kiosk-demo layouts).
    static let toAddRecipe = [Point(x: 740, y: 28), Point(x: 1004, y: 78), Point(x: 100, y: 160)]

    /// Where the on-screen keys that type `text` are on a 1024×600 screen, as KioskKit's
    /// keyboard lays them out (Shift on, as at the start of a sentence).
    @MainActor
    static func keyCenters(_ text: String) throws -> [Point] {
      let app = try TestApplication(pointSize: Size(width: 1024, height: 600))
      let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 44))
      app.window.addSubview(field)
      field.becomeFirstResponder()
      app.advance(by: 0.5)
      return try text.map { character in
        try #require(
          OnScreenKeyboardProbe.center(ofKeyTyping: String(character).uppercased()),
          "no key types \(character)")
      }
    }

    private func script(_ taps: [Point], spacing: Int) -> String {
      taps.enumerated().map { index, point in
        let start = index * spacing
        return "\(start) down 0 \(point.x) \(point.y)\n\(start + 60) up 0"
      }.joined(separator: "\n")
    }

    private func writeScript(_ text: String, to path: String) -> String {
      "cat > \(path) <<'SCRIPT'\n\(text)\nSCRIPT"
    }

    /// Evdev codes: "qwertyuiopasdfgh" (16 keys, 150 ms apart), Backspace held 2 s (with
    /// repeat, 0.5 s then 25 a second, it empties the field; without, it would take one
    /// character and leave 15 on screen), then Shift+h and i: "Hi" again.
    static let keys: String = {
      let letters = [16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 30, 31, 32, 33, 34, 35]
      var lines: [String] = []
      for (index, code) in letters.enumerated() {
        lines.append("\(index * 150) down \(code)")
        lines.append("\(index * 150 + 60) up \(code)")
      }
      lines += [
        "2600 down 14", "4600 up 14", "5000 down 42", "5050 down 35", "5100 up 35", "5150 up 42",
        "5400 down 23", "5460 up 23",
      ]
      return lines.joined(separator: "\n")
    }()

    @Test func theTouchscreenAndAKeyboardTypeIntoTheDemo() async throws {
      try #require(
        FileManager.default.isExecutableFile(atPath: uinput.path), "\(uinput.path) is missing")
      let hi = try await MainActor.run { try Self.keyCenters("hi") }
      let expected = try reference(taps: Self.toAddRecipe + hi)
      let uinput = shellQuoted(self.uinput.path)
      let opening = Self.toAddRecipe.enumerated().map { index, tap in
        writeScript(script([tap], spacing: 0), to: "/tmp/open-\(index).txt")
      }
      // Each tap of the way to Add Recipe is its own touchscreen, played when the test says
      // so: after the screen has settled from the tap before. A tap that arrives while a
      // transition still runs is refused, as in UIKit, and a slow guest beside a build can
      // take longer than any fixed spacing. The first touchscreen exists before the demo
      // starts; later ones are played once the demo logs that libinput added them.
      let vm = try QEMUMachine.boot(
        script: """
          /lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
          udevadm trigger --action=add --subsystem-match=input && udevadm settle -t 5
          \(opening.joined(separator: "\n"))
          \(writeScript(script(hi, spacing: 600), to: "/tmp/hi.txt"))
          \(writeScript(Self.keys, to: "/tmp/keys.txt"))
          \(uinput) --size 1024x600 --wait-for-signal /tmp/open-0.txt & injector=$!
          KIOSK_DEMO_TOUR=0 \(shellQuoted(demo.path)) --backend drm --scale 1 --on-screen-keyboard always --duration 180 2>&1 & demo=$!
          # (always: QEMU's PS/2 keyboard is a keyboard to type on, which would keep the
          # on-screen one away in auto mode; no tour: its steps would race the first tap)
          for script in /tmp/open-0.txt /tmp/open-1.txt /tmp/open-2.txt /tmp/hi.txt; do
            [ "$script" = /tmp/open-0.txt ] || { \(uinput) --size 1024x600 --wait-for-signal $script & injector=$!; }
            read -r go
            kill -USR1 $injector
            wait $injector
          done
          read -r compared
          \(uinput) --keyboard --wait-for-signal --linger 1 /tmp/keys.txt & injector=$!
          read -r go
          kill -USR1 $injector
          wait $injector
          read -r done
          kill $demo
          wait $demo
          """,
        modules: ["bochs", "uinput", "evdev"], display: (1024, 600), timeout: .seconds(90))
      try vm.waitForLine(containing: Self.touchscreenAdded)
      try vm.waitForLine(containing: "lit up Virtual-1")
      for index in Self.toAddRecipe.indices {
        if index > 0 { try vm.waitForLine(containing: Self.touchscreenAdded) }
        try vm.send(line: "")
        try vm.waitForLine(matching: "UINPUT PLAYED 2 frames")
        if index < Self.toAddRecipe.count - 1 { try waitUntilTheScreenSettles(vm) }
      }
      // The field's tap brings the keyboard (its slide takes taps) and a steady caret.
      try await Task.sleep(for: .seconds(2))
      try vm.waitForLine(containing: Self.touchscreenAdded)
      try vm.send(line: "")
      try vm.waitForLine(matching: "UINPUT PLAYED 4 frames")
      let typed = try pixelsDifferingFromAnyPage(vm, pages: [expected], attempts: 20)
      print("typing: \(typed) pixels differ from the reference after tapping H and i")
      #expect(typed <= 1024 * 600 / 1000, "\(typed) pixels differ after tapping H and i")
      try vm.send(line: "")
      try vm.waitForLine(matching: "UINPUT READY")
      let keyboard = try vm.waitForLine(containing: "\"KioskKit virtual keyboard\"")
      #expect(keyboard.contains("typing"), "\(keyboard)")
      try vm.send(line: "")
      try vm.waitForLine(matching: "UINPUT PLAYED 40 keys")
      let retyped = try pixelsDifferingFromAnyPage(vm, pages: [expected], attempts: 20)
      print("typing: \(retyped) pixels differ after the keyboard typed, held Backspace, typed Hi")
      try vm.send(line: "")
      #expect(
        retyped <= 1024 * 600 / 1000,
        "\(retyped) pixels differ after the keyboard typed 16 letters, held Backspace and typed Hi")
      #expect(try vm.waitForExit() == 0)
    }

    /// What the demo logs when libinput has added a touchscreen kiosk-uinput made: from then
    /// on its touches reach the demo (played before, they are lost).
    static let touchscreenAdded = "\"KioskKit virtual touchscreen\" (touch"

    /// The demo on the virtual framebuffer at 1024×600, scale 1, after `taps` (points).
    private func reference(taps: [Point]) throws -> Image {
      try demoScreenAfterTouches(
        script(taps, spacing: 1200),
        arguments: [
          "--scale", "1", "--size", "1024x600", "--duration", "10", "--on-screen-keyboard",
          "always",
        ])
    }
  }
}
