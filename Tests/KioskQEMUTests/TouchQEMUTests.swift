import Foundation
import Testing

extension RealKernel {
  /// Touch on a real kernel: `kiosk-uinput` makes a multi-touch screen through
  /// /dev/uinput, udev classifies it, and libinput (inside the app) reads it.
  @Suite
  struct TouchQEMUTests {
    private let uinput = QEMUHost.buildFolder.appendingPathComponent("kiosk-uinput")
    private let startUdev = """
      /lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
      udevadm trigger --action=add --subsystem-match=input && udevadm settle -t 5
      """

    /// Writes a touch script into the guest (its root is a throw-away overlay).
    private func writeScript(_ text: String, to path: String) -> String {
      "cat > \(path) <<'SCRIPT'\n\(text)\nSCRIPT"
    }

    @Test func theVirtualTouchscreenIsATouchscreenToUdev() throws {
      try #require(
        FileManager.default.isExecutableFile(atPath: uinput.path), "\(uinput.path) is missing")
      let vm = try QEMUMachine.boot(
        script: """
          \(startUdev)
          \(writeScript("0 down 0 100 100\n50 up 0", to: "/tmp/tap.txt"))
          \(shellQuoted(uinput.path)) --size 1024x600 --wait-for-signal --linger 0 /tmp/tap.txt & injector=$!
          read -r go
          udevadm settle -t 5
          for node in /sys/class/input/event*; do
            name=$(cat $node/device/name)
            echo "INPUT $(basename $node) \\"$name\\" $(udevadm info -q property -p $node | grep -E '^ID_INPUT_(TOUCHSCREEN|MOUSE|TOUCHPAD)=1' | tr '\\n' ' ')"
          done
          kill -USR1 $injector
          wait $injector
          echo "INJECTOR exited $?"
          """,
        modules: ["bochs", "uinput", "evdev"], display: (1024, 600))
      let ready = try vm.waitForLine(matching: "UINPUT READY")
      #expect(ready.hasSuffix("1024x600"), "\(ready)")
      try vm.send(line: "")
      let device = try vm.waitForLine(containing: "\"KioskKit virtual touchscreen\"")
      #expect(device.contains("ID_INPUT_TOUCHSCREEN=1"), "\(device)")
      #expect(!device.contains("ID_INPUT_TOUCHPAD=1"), "\(device)")
      try vm.waitForLine(matching: "UINPUT PLAYED 2 frames")
      #expect(try vm.waitForLine(matching: "INJECTOR exited") == "INJECTOR exited 0")
      #expect(try vm.waitForExit() == 0)
    }
  }
}
