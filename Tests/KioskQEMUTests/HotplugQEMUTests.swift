import Foundation
import KioskGraphics
import Testing

/// Display hotplug on a real kernel: with udevd running, the connector is forced off and
/// on through sysfs (and the change announced through udev, as a real hotplug is); the app
/// keeps running, shows nothing while unplugged, and repaints the whole screen when the
/// display is back.
extension RealKernel {
  @Suite
  struct HotplugQEMUTests {
    /// Starts udevd in the guest (the recipe: SYSTEMD_IGNORE_CHROOT=1 is set by the init).
    private let startUdev = """
      /lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
      udevadm trigger --action=add --subsystem-match=drm && udevadm settle -t 5
      """
    /// The connector's forced state; writing it changes the status the kernel reports.
    private let status = "/sys/class/drm/card0-Virtual-1/status"
    /// Writing the status sends no uevent on this kernel: announce the change as udev would.
    private let announce =
      "udevadm trigger --action=change --subsystem-match=drm --sysname-match=card0"

    @Test func unplugAndPlugTheDisplayAgain() throws {
      let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
      try #require(
        FileManager.default.isExecutableFile(atPath: demo.path), "\(demo.path) is missing")
      let reference = try referenceScreens(panel: (1024, 600))
      let vm = try QEMUMachine.boot(
        script: """
          \(startUdev)
          \(shellQuoted(demo.path)) --backend drm --duration 9 2>&1 &
          sleep 2.5
          echo off > \(status) && \(announce)
          sleep 2
          echo on > \(status) && \(announce)
          read -r reply
          wait
          """,
        modules: ["bochs"], display: (1024, 600))
      try vm.waitForLine(containing: "lit up Virtual-1")
      try vm.waitForLine(containing: "Virtual-1 was disconnected")
      try vm.waitForLine(containing: "Virtual-1 is connected again")
      try vm.waitForLine(containing: "lit up Virtual-1")
      // While unplugged the demo moved on to its second screen; the repaint shows it whole.
      Thread.sleep(forTimeInterval: 1)
      let screen = try vm.screendump()
      try vm.send(line: "")
      let differing = try #require(differingPixels(screen, reference[1]))
      #expect(differing <= 1024 * 600 / 1000, "\(differing) pixels differ from the virtual frame")
      #expect(try vm.waitForExit(timeout: .seconds(30)) == 0)
    }

    @Test func startsWithTheDisplayOffAndLightsUpWhenItComesOn() throws {
      let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
      let reference = try referenceScreens(panel: (1024, 600))
      let vm = try QEMUMachine.boot(
        script: """
          \(startUdev)
          echo off > \(status)
          \(shellQuoted(demo.path)) --backend drm --mode 1024x600 --duration 6 2>&1 &
          sleep 2
          echo on > \(status) && \(announce)
          read -r reply
          wait
          """,
        modules: ["bochs"], display: (1024, 600))
      try vm.waitForLine(containing: "has no display yet; running at 1024x600")
      try vm.waitForLine(containing: "Virtual-1 is connected again")
      try vm.waitForLine(containing: "lit up Virtual-1 1024x600")
      Thread.sleep(forTimeInterval: 0.5)
      let screen = try vm.screendump()
      try vm.send(line: "")
      let differing = try #require(differingPixels(screen, reference[0]))
      #expect(differing <= 1024 * 600 / 1000, "\(differing) pixels differ from the virtual frame")
      #expect(try vm.waitForExit(timeout: .seconds(30)) == 0)
    }
  }
}
