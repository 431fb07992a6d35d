import Foundation
import Testing

extension RealKernel {
  /// libseat's other backend on a real kernel: seatd (no logind, no systemd) hands the app
  /// its DRM card, and a VT switch away and back goes through it: the app stops drawing
  /// and drops DRM master while tty2 is shown, then takes the display back and repaints.
  @Suite
  struct SeatdQEMUTests {
    private let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")

    /// Runs in the guest: seatd, the demo on DRM through it, then `chvt 2` and `chvt 1`,
    /// each step reported once the app's log shows it and held until the host replies.
    private func script() -> String {
      """
      log=/run/demo.log
      seatd -l info > /run/seatd.log 2>&1 &
      until [ -S /run/seatd.sock ]; do sleep 0.1; done
      # A tap on empty space at once stops the demo's tour: from then on nothing changes on
      # screen by itself, so after the switch back only the app's repaint can bring it back.
      printf '0 down 0 500 470\n60 up 0\n' > /run/tap.txt
      \(shellQuoted(demo.path)) --backend drm --input none --duration 300 \
        --touch-script /run/tap.txt > $log 2>&1 &
      app=$!
      waitFor() {
        tries=0
        until grep -q "$1" $log; do
          tries=$((tries + 1))
          if [ $tries -gt 600 ] || ! kill -0 $app 2>/dev/null; then
            echo "SEATD GAVE UP waiting for: $1"; cat $log /run/seatd.log; break
          fi
          sleep 0.1
        done
      }
      waitFor "lit up"
      echo "SEATD LIT $(grep -o 'seat: devices through.*' $log)"
      read -r go
      timeout 30 busybox chvt 2
      waitFor "seat: disabled"
      echo "SEATD AWAY $(grep -c 'seat: disabled' $log)"
      read -r go
      timeout 30 busybox chvt 1
      waitFor "seat: enabled"
      # The app sets its mode again with the repaint that follows (a second "lit up").
      tries=0
      while [ "$(grep -c 'lit up' $log)" -lt 2 ] && [ $tries -lt 100 ]; do
        tries=$((tries + 1)); sleep 0.1
      done
      echo "SEATD BACK $(grep -c 'seat: enabled' $log), lit up $(grep -c 'lit up' $log) times"
      read -r go
      kill -TERM $app
      wait $app
      echo "SEATD EXIT $?"
      grep -E "seat|lit up" $log | sed 's/^/SEATD| /'
      """
    }

    @Test func aVTSwitchThroughSeatdPausesAndRepaintsTheDemo() throws {
      try #require(
        FileManager.default.isExecutableFile(atPath: demo.path), "\(demo.path) is missing")
      try #require(
        FileManager.default.isExecutableFile(atPath: "/usr/sbin/seatd"),
        "seatd is missing (make test-deps installs it)")
      let reference = try referenceScreens(panel: (1024, 600))
      let tolerance = 1024 * 600 / 1000
      let vm = try QEMUMachine.boot(script: script(), modules: ["bochs"], display: (1024, 600))

      let lit = try vm.waitForLine(matching: "SEATD ", timeout: .seconds(90))
      print("QEMU: \(lit)")
      #expect(lit.hasPrefix("SEATD LIT") && lit.hasSuffix("(seatd)"), "\(lit)")
      let shown = try pixelsDifferingFromAnyPage(vm, pages: reference, attempts: 20)
      #expect(shown <= tolerance, "\(shown) pixels differ from every screen")

      try vm.send(line: "")
      let away = try vm.waitForLine(matching: "SEATD ", timeout: .seconds(60))
      print("QEMU: \(away)")
      #expect(away == "SEATD AWAY 1", "\(away)")
      Thread.sleep(forTimeInterval: 1)
      let elsewhere = closestPage(try vm.screendump(), reference)
      print("QEMU: on tty2 \(elsewhere.differing) pixels differ from the closest page")
      #expect(elsewhere.differing > tolerance, "tty2 still shows the demo")

      try vm.send(line: "")
      let back = try vm.waitForLine(matching: "SEATD ", timeout: .seconds(60))
      print("QEMU: \(back)")
      #expect(back == "SEATD BACK 1, lit up 2 times", "\(back)")
      // (bochs shows the app's last frame again by itself; the second "lit up" above is
      // what says the app set its mode and repainted.)
      let repainted = try pixelsDifferingFromAnyPage(vm, pages: reference, attempts: 20)
      print("QEMU: back on tty1 \(repainted) pixels differ from the closest page")
      #expect(repainted <= tolerance, "\(repainted) pixels differ from every screen")

      try vm.send(line: "")
      let exit = try vm.waitForLine(matching: "SEATD EXIT", timeout: .seconds(30))
      #expect(exit == "SEATD EXIT 0", "\(exit)")
      #expect(try vm.waitForExit(timeout: .seconds(30)) == 0)
    }
  }
}
