import Foundation
import Testing

extension RealKernel {
  /// What the display shows after the app exits: the console as it was, or the app's last
  /// frame (`--on-exit last-frame`).
  @Suite
  struct ExitQEMUTests {
    @Test(arguments: ["console", "last-frame"])
    func theScreenAfterExit(onExit: String) throws {
      let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
      try #require(
        FileManager.default.isExecutableFile(atPath: demo.path), "\(demo.path) is missing")
      let reference = try referenceScreens(panel: (1024, 600))
      let vm = try QEMUMachine.boot(
        script: """
          \(shellQuoted(demo.path)) --backend drm --handshake --duration 120 --on-exit \(onExit) 2>&1
          echo "DEMO exited $?"
          sleep 1
          echo "READY screendump"
          read -r reply
          """,
        modules: ["bochs"], display: (1024, 600))
      try vm.waitForLine(matching: "KIOSK SETTLED 1")
      try vm.send(line: "quit")  // ends the app as SIGTERM would
      let exit = try vm.waitForLine(matching: "DEMO exited")
      #expect(exit == "DEMO exited 0")
      try vm.waitForLine(matching: "READY screendump")
      let screen = try vm.screendump()
      try vm.send(line: "")
      let differing = closestPage(screen, reference).differing
      if onExit == "last-frame" {
        #expect(differing <= 1024 * 600 / 1000, "\(differing) pixels differ from the last frame")
      } else {
        // The console is back: nothing like the demo's screen.
        #expect(differing > 1024 * 600 / 2, "only \(differing) pixels differ from the demo")
      }
      #expect(try vm.waitForExit() == 0)
    }
  }
}
