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

    /// The guest unplugs and plugs only when the host says so (a line on the console), so
    /// the steps follow the app's own log rather than guessed delays. Then the card itself
    /// goes (its driver unbound: ENODEV on every call) and comes back (bound again): the
    /// app keeps running and shows whole pages on the card that came back.
    @Test func unplugAndPlugTheDisplayAgainThenTheCard() throws {
      let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
      try #require(
        FileManager.default.isExecutableFile(atPath: demo.path), "\(demo.path) is missing")
      let pages = try referenceScreens(panel: (1024, 600))
      let vm = try QEMUMachine.boot(
        script: """
          \(startUdev)
          \(shellQuoted(demo.path)) --backend drm --duration 300 2>&1 & demo=$!
          read -r unplug
          echo off > \(status) && \(announce)
          read -r plug
          echo on > \(status) && \(announce)
          read -r unbind
          pci=$(basename "$(readlink -f /sys/class/drm/card0/device)")
          echo "$pci" > /sys/bus/pci/drivers/bochs-drm/unbind
          read -r bind
          echo "$pci" > /sys/bus/pci/drivers/bochs-drm/bind
          read -r reply
          kill $demo
          wait
          """,
        modules: ["bochs"], display: (1024, 600))
      try vm.waitForLine(containing: "lit up Virtual-1")
      try vm.send(line: "")
      try vm.waitForLine(containing: "Virtual-1 was disconnected")
      // Unplugged for longer than a page lasts: the demo moves on while nothing shows, and
      // the repaint after the display comes back must show the new page whole.
      Thread.sleep(forTimeInterval: 3.5)
      try vm.send(line: "")
      try vm.waitForLine(containing: "Virtual-1 is connected again")
      try vm.waitForLine(containing: "lit up Virtual-1")
      let differing = try pixelsDifferingFromAnyPage(vm, pages: pages)
      #expect(differing <= 1024 * 600 / 1000, "\(differing) pixels differ from every page")
      try vm.send(line: "")
      try vm.waitForLine(containing: "is gone")
      try vm.send(line: "")
      try vm.waitForLine(containing: "the card is back at /dev/dri/card")
      try vm.waitForLine(containing: "lit up Virtual-1")
      let afterRebind = try pixelsDifferingFromAnyPage(vm, pages: pages)
      #expect(
        afterRebind <= 1024 * 600 / 1000, "\(afterRebind) pixels differ after the card came back")
      try vm.send(line: "")
      #expect(try vm.waitForExit(timeout: .seconds(30)) == 0)
    }

    /// Booted with the display off: with a mode given the app runs at it; without, at its
    /// screen's configured size (the demo's 960×540 points at scale 2) and then takes the display's preferred
    /// mode when it comes on. Either way the demo then shows whole pages at 1024×600.
    @Test(arguments: ["--mode 1024x600", ""])
    func startsWithTheDisplayOffAndLightsUpWhenItComesOn(_ mode: String) throws {
      let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
      let pages = try referenceScreens(panel: (1024, 600))
      let vm = try QEMUMachine.boot(
        script: """
          \(startUdev)
          echo off > \(status)
          \(shellQuoted(demo.path)) --backend drm \(mode) --duration 300 2>&1 & demo=$!
          read -r plug
          echo on > \(status) && \(announce)
          read -r reply
          kill $demo
          wait
          """,
        modules: ["bochs"], display: (1024, 600))
      let standIn = mode.isEmpty ? "1920x1080" : "1024x600"
      try vm.waitForLine(containing: "has no display yet; running at \(standIn)")
      try vm.waitForLine(containing: "ready: no display on Virtual-1 yet")
      let plugged = Date()
      try vm.send(line: "")
      try vm.waitForLine(containing: "Virtual-1 is connected again")
      try vm.waitForLine(containing: "lit up Virtual-1 1024x600")
      // A figure for the record (emulated, so slow), never a pass mark.
      let milliseconds = Int(Date().timeIntervalSince(plugged) * 1000)
      print("display switched on → lit up (\(mode.isEmpty ? "no mode" : mode)): \(milliseconds) ms")
      let differing = try pixelsDifferingFromAnyPage(vm, pages: pages)
      try vm.send(line: "")
      #expect(differing <= 1024 * 600 / 1000, "\(differing) pixels differ from every page")
      #expect(try vm.waitForExit(timeout: .seconds(30)) == 0)
    }
  }
}
