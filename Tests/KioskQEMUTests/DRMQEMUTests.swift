import Foundation
import KioskGraphics
import Testing

/// The DRM backend on a real kernel: kiosk-demo scans out through bochs-drm with atomic and
/// legacy commits, turned 90°, and through a page-flipped animation; every screendump is
/// compared pixel by pixel with the virtual framebuffer's frame of the same screen.
extension RealKernel {
  @Suite
  struct DRMQEMUTests {
    private let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")

    /// Boots with kiosk-demo as the script (after `before`, a line of shell).
    private func runDemo(
      environment: String = "", backend: String = "drm", arguments: String, before: String = ""
    ) throws
      -> QEMUMachine
    {
      try #require(
        FileManager.default.isExecutableFile(atPath: demo.path), "\(demo.path) is missing")
      return try QEMUMachine.boot(
        script:
          "\(before)\n\(environment) \(shellQuoted(demo.path)) --backend \(backend) --handshake --duration 120 \(arguments) 2>&1",
        modules: ["bochs"], display: (1024, 600))
    }

    /// The demo's first screen through `api`'s commits after `--connector list`; with
    /// `turningAPage`, then its page turn as a page-flip sequence, in the same boot (a boot
    /// and the demo's start cost 30–40 s under TCG).
    private func expectFirstScreen(
      api: String, environment: String = "", turningAPage: Bool = false
    ) throws {
      let reference = try referenceScreens(panel: (1024, 600))
      // First `--connector list`: the card, its connector and the display's modes.
      let vm = try runDemo(
        environment: environment, arguments: "",
        before: "\(shellQuoted(demo.path)) --connector list 2>&1; echo \"LIST EXIT $?\"")
      try vm.waitForLine(containing: "/dev/dri/card0 (bochs-drm)")
      try vm.waitForLine(containing: "  Virtual-1: connected")
      try vm.waitForLine(containing: "    1024x600@75 (preferred)")
      try vm.waitForLine(containing: "    640x480@60")
      try vm.waitForLine(containing: "LIST EXIT 0")
      let litUp = try vm.waitForLine(containing: "lit up Virtual-1")
      #expect(litUp.contains("with \(api) commits"), "\(litUp)")
      let first = try vm.waitForLine(matching: "KIOSK SETTLED 1")
      let screen = try vm.screendump()
      var turned: (line: String, screen: PPMImage)?
      if turningAPage {
        try vm.send(line: "")
        // 2.5 s later the demo slides its next page in, one flip per refresh. (The screens
        // are compared only at the end: the app waits for the reply, and should not wait long.)
        let second = try vm.waitForLine(matching: "KIOSK SETTLED 2")
        turned = (second, try vm.screendump())
      }
      try vm.send(line: "quit")
      #expect(screen.width == 1024 && screen.height == 600)
      let before = closestPage(screen, reference)
      #expect(
        before.differing <= 1024 * 600 / 1000,
        "\(before.differing) pixels differ from page \(before.page + 1)")
      if let turned {
        let after = closestPage(turned.screen, reference)
        let flips = frames(in: turned.line) - frames(in: first)
        print("QEMU: the page turn took \(flips) frames")
        // How many frames fit in the animation depends on how fast the emulated machine is
        // (3 on a slow host under TCG, 5 or more on earlier ones); a jump straight to the end
        // would be one.
        #expect(flips >= 2, "\(first) → \(turned.line)")
        #expect(
          after.page == before.page + 1, "from page \(before.page + 1) to \(after.page + 1)")
        #expect(
          after.differing <= 1024 * 600 / 1000,
          "\(after.differing) pixels differ from page \(after.page + 1)")
      }
      #expect(try vm.waitForExit() == 0)
    }

    @Test func atomicCommitsShowTheFirstScreenThenAPageFlipSequence() throws {
      try expectFirstScreen(api: "atomic", turningAPage: true)
    }

    @Test func legacyCommitsShowTheDemosFirstScreen() throws {
      try expectFirstScreen(api: "legacy", environment: "KIOSK_DRM_NO_ATOMIC=1")
    }

    @Test func rotationTurnsTheScanout() throws {
      let reference = try referenceScreens(panel: (1024, 600), rotation: 90)
      // `auto` finds the display by itself (README: `make demo` on a panel).
      // With --plane-rotation the plane turns frames where the driver can (bochs cannot: the
      // compositor does); the picture must be the same either way.
      let vm = try runDemo(
        backend: "auto", arguments: "--rotation 90 --plane-rotation")
      let who = try vm.waitForLine(containing: "turn frames by 90°")
      print("QEMU: \(who.split(separator: "]").last ?? "")")
      try vm.waitForLine(matching: "KIOSK SETTLED 1")
      let screen = try vm.screendump()
      try vm.send(line: "quit")
      let (page, differing) = closestPage(screen, reference)
      #expect(
        differing <= 1024 * 600 / 1000, "\(differing) pixels differ from page \(page + 1)")
      #expect(try vm.waitForExit() == 0)
    }

    private func frames(in line: String) -> Int {
      line.split(separator: " ").first { $0.hasPrefix("frames=") }.flatMap { Int($0.dropFirst(7)) }
        ?? 0
    }
  }
}
