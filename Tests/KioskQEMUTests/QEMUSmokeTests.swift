import Foundation
import Testing

/// The harness itself on a real kernel: a project binary runs in the guest from the host
/// root, and the bochs DRM card is there with the mode the host asked for.
extension RealKernel {
  @Suite
  struct QEMUSmokeTests {
    @Test func guestRunsAProjectBinaryFromTheHostRoot() throws {
      let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
      try #require(
        FileManager.default.isExecutableFile(atPath: demo.path),
        "\(demo.path) is missing: build it with `swift build --build-tests`")
      let vm = try QEMUMachine.boot(script: "\(shellQuoted(demo.path)) --help", modules: [])
      try vm.waitForLine(matching: "USAGE: kiosk-demo")
      #expect(try vm.waitForExit() == 0)
    }

    @Test func bochsCardScansOutTheRequestedMode() throws {
      let connector = "/sys/class/drm/card0-Virtual-1"
      let vm = try QEMUMachine.boot(
        script: """
          test -c /dev/dri/card0 && echo "CARD0 present" || echo "CARD0 missing"
          echo "STATUS $(cat \(connector)/status)"
          echo "MODE $(head -n 1 \(connector)/modes)"
          printf 'KIOSK TEXT ON FBCON\\n' > /dev/tty1
          echo "READY screendump"
          read -r reply
          """,
        modules: ["bochs"], display: (1024, 600))
      let card = try vm.waitForLine(matching: "CARD0 ")
      let status = try vm.waitForLine(matching: "STATUS ")
      let mode = try vm.waitForLine(matching: "MODE ")
      #expect(card == "CARD0 present")
      #expect(status == "STATUS connected")
      #expect(mode == "MODE 1024x600")
      try vm.waitForLine(matching: "READY screendump")
      // fbcon has set the preferred mode and draws the text in VGA light grey. DRM's fbdev
      // emulation may flush it to the scanout a little later, so poll briefly.
      var screen = try vm.screendump()
      let deadline = ContinuousClock.now + .seconds(3)
      while textPixels(in: screen) == 0, ContinuousClock.now < deadline {
        Thread.sleep(forTimeInterval: 0.1)
        screen = try vm.screendump()
      }
      #expect(screen.width == 1024 && screen.height == 600)
      #expect(textPixels(in: screen) > 100, "no fbcon text in the first row of the screendump")
      try vm.send(line: "done")
      #expect(try vm.waitForExit() == 0)
    }
  }
}

/// The light grey pixels of fbcon's first text row (8×16 font).
private func textPixels(in screen: PPMImage) -> Int {
  (0..<16).reduce(0) { count, y in
    count + (0..<screen.width).filter { screen.pixel(x: $0, y: y) == 0xaa_aaaa }.count
  }
}

/// `text` quoted for the guest's `/bin/sh`.
func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
