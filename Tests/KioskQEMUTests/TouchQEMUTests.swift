import Foundation
import KioskGraphics
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

    /// The demo's last header button (Touch) and its "Tap me" button, in points, on a
    /// 1024×600 panel at scale 2 (Sources/kiosk-demo: HeaderView and TouchPage layouts;
    /// the last button sits 12 pt from the right whatever the number of examples).
    static func demoTargets(rotation: Int) -> (pageButton: Point, tapMe: Point) {
      let width = rotation % 180 == 0 ? 512.0 : 300.0
      let height = rotation % 180 == 0 ? 300.0 : 512.0
      let pageButton = Point(x: width - 12 - 22, y: 28)
      let controlWidth = min(220, width * 0.4)
      let rowHeight = min(70, (height - 56) / 4)
      return (pageButton, Point(x: 40 + controlWidth / 2, y: 56 + 30 + min(rowHeight, 44) / 2))
    }

    /// Where a point of the rotated screen is on the 1024×600 panel: the transform the
    /// compositor draws with, so a finger there touches what is drawn there.
    static func panelPoint(_ point: Point, rotation: Int) -> Point {
      let logical = rotation % 180 == 0 ? (1024.0, 600.0) : (600.0, 1024.0)
      let turn = Rotation(degrees: rotation) ?? .degrees0
      return Point(x: point.x * 2, y: point.y * 2)
        .applying(turn.logicalToPanel(width: logical.0, height: logical.1))
    }

    /// A kiosk-uinput script of one-finger taps at `taps`, 0.7 s apart.
    static func tapScript(_ taps: [Point]) -> String {
      taps.enumerated().map { index, point in
        let start = index * 700
        return "\(start) down 0 \(point.x) \(point.y)\n\(start + 60) up 0"
      }.joined(separator: "\n")
    }

    /// The demo on DRM with libinput on the udev seat; kiosk-uinput taps the header's last
    /// button (the Touch example) and then "Tap me" where the panel shows them. The screen must then be what
    /// the same taps (in points) give on the virtual framebuffer.
    @Test(arguments: [0, 90])
    func aTapOnTheTouchscreenPressesTheButtonUnderIt(rotation: Int) throws {
      let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
      try #require(
        FileManager.default.isExecutableFile(atPath: uinput.path), "\(uinput.path) is missing")
      let targets = Self.demoTargets(rotation: rotation)
      let onTouchPage = try Self.referenceAfterTouches(
        Self.tapScript([targets.pageButton]), rotation: rotation)
      let expected = try Self.referenceAfterTouches(
        Self.tapScript([targets.pageButton, targets.tapMe]), rotation: rotation)
      // Two touchscreens one after the other, one tap each: the second tap is sent only once
      // the screen shows the Touch example, so a slow guest cannot take both taps in one turn
      // while the page is still fading in (its buttons take no touches until it is visible).
      let uinput = shellQuoted(self.uinput.path)
      let vm = try QEMUMachine.boot(
        script: """
          \(startUdev)
          \(writeScript(Self.tapScript([Self.panelPoint(targets.pageButton, rotation: rotation)]), to: "/tmp/tap1.txt"))
          \(writeScript(Self.tapScript([Self.panelPoint(targets.tapMe, rotation: rotation)]), to: "/tmp/tap2.txt"))
          \(uinput) --size 1024x600 --wait-for-signal /tmp/tap1.txt & injector=$!
          KIOSK_DEMO_TOUR=0 \(shellQuoted(demo.path)) --backend drm --rotation \(rotation) --duration 120 2>&1 & demo=$!
          read -r go
          kill -USR1 $injector
          wait $injector
          read -r again
          \(uinput) --size 1024x600 --wait-for-signal /tmp/tap2.txt & injector=$!
          read -r go
          kill -USR1 $injector
          wait $injector
          read -r done
          kill $demo
          wait $demo
          """,
        modules: ["bochs", "uinput", "evdev"], display: (1024, 600))
      try vm.waitForLine(matching: "UINPUT READY")
      // libinput reports the devices before the first frame is on screen.
      let added = try vm.waitForLine(containing: "\"KioskKit virtual touchscreen\"")
      #expect(added.contains("input: added") && added.contains("touch"), "\(added)")
      try vm.waitForLine(containing: "lit up Virtual-1")
      try vm.send(line: "")
      // (The app's "input: first touch" and the injector's line can come in either order.)
      try vm.waitForLine(matching: "UINPUT PLAYED 2 frames")
      let onPage = try pixelsDifferingFromAnyPage(vm, pages: [onTouchPage], attempts: 20)
      #expect(onPage <= 1024 * 600 / 1000, "\(onPage) pixels differ from the Touch example")
      try vm.send(line: "")
      // A touchscreen plugged while the app runs is picked up (udev seat hotplug).
      try vm.waitForLine(matching: "UINPUT READY")
      try vm.waitForLine(containing: "input: added")
      try vm.send(line: "")
      try vm.waitForLine(matching: "UINPUT PLAYED 2 frames")
      let differing = try pixelsDifferingFromAnyPage(vm, pages: [expected], attempts: 20)
      try vm.send(line: "")
      #expect(differing <= 1024 * 600 / 1000, "\(differing) pixels differ from the expected screen")
      #expect(try vm.waitForExit() == 0)
    }

    /// The demo's screen on the virtual framebuffer after `touches` (in points).
    static func referenceAfterTouches(
      _ touches: String, rotation: Int, demo: ReferenceDemo = .buildFolder
    ) throws -> Image {
      let size = rotation % 180 == 0 ? "512x300" : "300x512"
      return try demoScreenAfterTouches(
        touches,
        arguments: [
          "--scale", "2", "--size", size, "--rotation", "\(rotation)", "--duration", "4",
        ],
        demo: demo)
    }
  }
}
