import Foundation
import KioskGraphics
import Testing

/// Two displays on a real kernel: two bochs cards (the kernel names their connectors
/// Virtual-1 and Virtual-2), the main screen on the first and a second screen
/// (`--screen Virtual-2`, found on whichever card has it) on the second, each with its own CRTC, buffers and flips.
/// Screendumps of both heads are compared with what the demo draws on the virtual
/// framebuffer (the panel's pages, and the customer display beside them); then the second
/// display is unplugged while the app runs, and the main one goes on.
extension RealKernel {
  @Suite
  struct TwoScreenQEMUTests {
    /// The second display device's id, for its screendumps.
    static let secondDisplay = "disp1"

    @Test func eachDisplayShowsItsOwnScreenAndTheSecondCanGo() throws {
      let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
      let kioskctl = QEMUHost.buildFolder.appendingPathComponent("kioskctl")
      try #require(
        FileManager.default.isExecutableFile(atPath: demo.path), "\(demo.path) is missing")
      let reference = try referenceScreens(panel: (1024, 600), secondScreen: (800, 480))
      try #require(!reference.second.isEmpty)
      let socket = "/run/kiosk-two-screens.sock"
      let vm = try QEMUMachine.boot(
        script: """
          /lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
          udevadm trigger --action=add --subsystem-match=drm && udevadm settle -t 5
          \(shellQuoted(demo.path)) --backend drm --card /dev/dri/card0 \\
            --screen Virtual-2 --control-socket \(socket) \\
            --duration 300 2>&1 & demo=$!
          read -r status
          \(shellQuoted(kioskctl.path)) status --socket \(socket) | grep '^screen' | sed 's/^/STATUS /'
          read -r unplug
          echo off > /sys/class/drm/card1-Virtual-2/status
          udevadm trigger --action=change --subsystem-match=drm --sysname-match=card1
          read -r reply
          kill $demo
          wait
          """,
        modules: ["bochs"], display: (1024, 600),
        extraArguments: [
          "-device", "bochs-display,id=\(Self.secondDisplay),xres=800,yres=480",
        ])
      try vm.waitForLine(containing: "screen Virtual-2: 400×240 pt")
      try vm.waitForLine(containing: "lit up Virtual-1 1024x600")
      try vm.waitForLine(containing: "lit up Virtual-2 800x480")
      let mainDiffering = try pixelsDifferingFromAnyPage(vm, pages: reference.panel)
      let secondDiffering = try pixelsDifferingFromAnyPage(
        vm, pages: reference.second, tolerance: 800 * 480 / 1000, device: Self.secondDisplay)
      #expect(mainDiffering <= 1024 * 600 / 1000, "main: \(mainDiffering) pixels differ")
      #expect(secondDiffering <= 800 * 480 / 1000, "second: \(secondDiffering) pixels differ")
      // Both screens in kioskctl status, each with its own frames, once both have animated
      // at once (the recipe pushed on the panel while the customer display fades to it).
      // The intervals are for the record: TCG is slow. (Done before step 10 of the tour,
      // whose Pinyin keyboard starts librime, which takes 20 s under TCG.)
      try vm.waitForLine(containing: "tour: step 5/42")
      Thread.sleep(forTimeInterval: 1.5)
      try vm.send(line: "")
      let first = try vm.waitForLine(matching: "STATUS screen 1: Virtual-1 (main) connected")
      let second = try vm.waitForLine(matching: "STATUS screen 2: Virtual-2 connected 800x480")
      print(first)
      print(second)
      // The second display goes: the app logs it and the main screen goes on.
      try vm.send(line: "")
      try vm.waitForLine(containing: "Virtual-2 was disconnected")
      try vm.waitForLine(containing: "screen Virtual-2: display gone")
      Thread.sleep(forTimeInterval: 2)
      let afterUnplug = try pixelsDifferingFromAnyPage(vm, pages: reference.panel)
      #expect(afterUnplug <= 1024 * 600 / 1000, "main after unplug: \(afterUnplug) pixels differ")
      try vm.send(line: "")
      #expect(try vm.waitForExit(timeout: .seconds(30)) == 0)
    }
  }
}
