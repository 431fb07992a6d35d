import Foundation
import Testing

extension RealKernel {
  /// Idle blanking on a real kernel: after `--blank-after` seconds without a touch the
  /// display is switched off (atomic: the CRTC's ACTIVE; legacy: the connector's DPMS), as
  /// the kernel's own state dump (debugfs) shows.
  @Suite
  struct BlankingQEMUTests {
    @Test(arguments: ["atomic", "legacy"])
    func anIdleDisplayIsSwitchedOff(api: String) throws {
      let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
      try #require(
        FileManager.default.isExecutableFile(atPath: demo.path), "\(demo.path) is missing")
      let legacy = api == "legacy" ? "KIOSK_DRM_NO_ATOMIC=1" : ""
      let vm = try QEMUMachine.boot(
        script: """
          mount -t debugfs debugfs /sys/kernel/debug
          \(legacy) \(shellQuoted(demo.path)) --backend drm --blank-after 1 --duration 300 2>&1 & demo=$!
          read -r blanked
          echo "CRTC idle $(grep -m1 'active=' /sys/kernel/debug/dri/0/state)"
          kill $demo
          wait
          """,
        modules: ["bochs"], display: (1024, 600))
      try vm.waitForLine(containing: "with \(api) commits")
      try vm.waitForLine(containing: "Virtual-1 blanked")
      try vm.send(line: "")  // the guest reads the CRTC's state only now
      let idle = try vm.waitForLine(matching: "CRTC idle")
      #expect(idle.hasSuffix("active=0"), "\(idle)")
      #expect(try vm.waitForExit(timeout: .seconds(30)) == 0)
    }
  }
}
