import Foundation
import KioskGraphics
import Testing

extension RealKernel {
  /// Turning the screen while the app runs, on a real kernel: the demo on DRM (bochs-display)
  /// starts at 0°, `kioskctl rotate 90` turns it, and touch through kiosk-uinput, udev and
  /// libinput lands where the turned screen draws its buttons.
  @Suite
  struct RotationQEMUTests {
    private let uinput = QEMUHost.buildFolder.appendingPathComponent("kiosk-uinput")

    /// The demo started at 0° and turned to 90° by kioskctl, then tapped on its Touch
    /// example's button and "Tap me" where the panel shows them at 90°: the screen must be
    /// what the same taps give a demo started at 90° on the virtual framebuffer.
    @Test func kioskctlRotateTurnsTheScreenAndTouchFollows() throws {
      let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
      let kioskctl = QEMUHost.buildFolder.appendingPathComponent("kioskctl")
      for tool in [uinput, demo, kioskctl] {
        try #require(
          FileManager.default.isExecutableFile(atPath: tool.path), "\(tool.path) is missing")
      }
      let targets = TouchQEMUTests.demoTargets(rotation: 90)
      let expected = try TouchQEMUTests.referenceAfterTouches(
        TouchQEMUTests.tapScript([targets.pageButton, targets.tapMe]), rotation: 90)
      // Both taps at 90°, 0.7 s apart: the page fades in well within that.
      let taps = TouchQEMUTests.tapScript([
        TouchQEMUTests.panelPoint(targets.pageButton, rotation: 90),
        TouchQEMUTests.panelPoint(targets.tapMe, rotation: 90),
      ])
      let vm = try QEMUMachine.boot(
        script: """
          /lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
          udevadm trigger --action=add --subsystem-match=input && udevadm settle -t 5
          cat > /tmp/taps.txt <<'SCRIPT'
          \(taps)
          SCRIPT
          \(shellQuoted(uinput.path)) --size 1024x600 --wait-for-signal /tmp/taps.txt & injector=$!
          KIOSK_DEMO_TOUR=0 \(shellQuoted(demo.path)) --backend drm --rotation 0 --control-socket /tmp/control.sock --duration 120 2>&1 & demo=$!
          read -r go
          \(shellQuoted(kioskctl.path)) rotate 90 --socket /tmp/control.sock
          echo "ROTATE exited $?"
          read -r go
          kill -USR1 $injector
          wait $injector
          read -r done
          kill $demo
          wait $demo
          """,
        modules: ["bochs", "uinput", "evdev"], display: (1024, 600))
      try vm.waitForLine(matching: "UINPUT READY")
      try vm.waitForLine(containing: "\"KioskKit virtual touchscreen\"")
      try vm.waitForLine(containing: "lit up Virtual-1")
      try vm.send(line: "")
      let rotated = try vm.waitForLine(containing: "ROTATE exited")
      #expect(rotated == "ROTATE exited 0", "\(rotated)")
      // Views being moved by the turn's animation take no touches (as UIKit's during a
      // rotation): the taps come once the screen has settled.
      try waitUntilTheScreenSettles(vm)
      try vm.send(line: "")
      try vm.waitForLine(matching: "UINPUT PLAYED 4 frames")
      let differing = try pixelsDifferingFromAnyPage(vm, pages: [expected], attempts: 20)
      try vm.send(line: "")
      #expect(differing <= 1024 * 600 / 1000, "\(differing) pixels differ from the expected screen")
      #expect(try vm.waitForExit() == 0)
    }
  }
}
