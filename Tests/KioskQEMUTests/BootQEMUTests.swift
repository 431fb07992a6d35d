import Foundation
import Testing

extension RealKernel {
  /// The kiosk as it boots on a panel: Debian's kernel with systemd as PID 1 over the host
  /// root, `make install-files` into the guest's throw-away overlay, `kiosk.service`
  /// enabled. A unit of the test's own reports on the serial console: when the service is
  /// READY, then after the host has looked at the screen it stops the app's process
  /// (`kill -STOP`), waits for the watchdog to have it restarted, and stops the service.
  ///
  /// A whole systemd boot under TCG is slow, so this runs only with `KIOSK_BOOT_TEST=1`
  /// (`make test-boot`), not in `make test`.
  @Suite(.enabled(if: ProcessInfo.processInfo.environment["KIOSK_BOOT_TEST"] == "1"))
  struct BootQEMUTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().path

    /// Runs in the guest once systemd is up, on the serial console.
    private static let report = #"""
      #!/bin/sh
      up() { cut -d' ' -f1 /proc/uptime; }
      tries=0
      until [ "$(systemctl is-active kiosk.service)" = active ]; do
        tries=$((tries + 1))
        if [ "$(systemctl is-failed kiosk.service)" = failed ] || [ $tries -gt 600 ]; then
          echo "BOOT FAILED $(up) $(systemctl is-active kiosk.service)"
          journalctl -b -u kiosk.service --no-pager -o cat | tail -25
          break
        fi
        sleep 0.2
      done
      echo "BOOT READY $(up) $(systemctl show -p StatusText --value kiosk.service)"
      read -r go
      pid=$(systemctl show -p MainPID --value kiosk.service)
      kill -STOP "$pid"
      echo "BOOT STOPPED $pid $(up)"
      while :; do
        now=$(systemctl show -p MainPID --value kiosk.service)
        [ "$now" != "$pid" ] && [ "$now" != 0 ] && [ "$(systemctl is-active kiosk.service)" = active ] && break
        sleep 0.2
      done
      echo "BOOT RESTARTED $(up) restarts=$(systemctl show -p NRestarts --value kiosk.service)"
      systemctl stop kiosk.service
      echo "BOOT STOP result=$(systemctl show -p Result --value kiosk.service) status=$(systemctl show -p ExecMainStatus --value kiosk.service) $(up)"
      echo "VMTEST_EXIT=0"
      systemctl poweroff --force --force
      """#

    @Test func theServiceBootsIsWatchedAndStopsCleanly() throws {
      let reference = try referenceScreens(panel: (1024, 600))
      let build = QEMUHost.buildFolder.path
      let vm = try QEMUMachine.boot(
        script: """
          set -e
          cd \(shellQuoted(Self.packageRoot))
          make --no-print-directory install-files BUILD_DIR=\(shellQuoted(build)) PREFIX=/usr/local >/dev/null
          cd /etc/systemd/system
          rm -f multi-user.target.wants/postgresql.service multi-user.target.wants/e2scrub_reap.service
          rm -f sysinit.target.wants/apparmor.service timers.target.wants/*
          ln -sf /dev/null serial-getty@ttyS0.service
          ln -sf /dev/null console-getty.service
          ln -sf /usr/local/lib/systemd/system/kiosk.service multi-user.target.wants/kiosk.service
          cat > /etc/boot-report.sh <<'REPORT'
          \(Self.report)
          REPORT
          cat > boot-report.service <<'UNIT'
          [Unit]
          After=kiosk.service
          [Service]
          ExecStart=/bin/sh /etc/boot-report.sh
          StandardInput=tty
          StandardOutput=tty
          TTYPath=/dev/ttyS0
          UNIT
          ln -sf ../boot-report.service multi-user.target.wants/boot-report.service
          """,
        modules: ["bochs"], display: (1024, 600), systemd: true, timeout: .seconds(60))
      let started = try vm.waitForLine(matching: "VMINIT: starting systemd")
      let ready = try vm.waitForLine(matching: "BOOT ", timeout: .seconds(240))
      print("QEMU: \(started) → \(ready)")
      #expect(ready.hasPrefix("BOOT READY"), "\(ready)")
      let differing = try pixelsDifferingFromAnyPage(vm, pages: reference, attempts: 20)
      #expect(differing <= 1024 * 600 / 1000, "\(differing) pixels differ from every screen")
      try vm.send(line: "")
      print("QEMU: \(try vm.waitForLine(matching: "BOOT STOPPED"))")
      let restarted = try vm.waitForLine(matching: "BOOT RESTARTED", timeout: .seconds(120))
      print("QEMU: \(restarted)")
      #expect(!restarted.hasSuffix("restarts=0"), "\(restarted)")
      let stop = try vm.waitForLine(matching: "BOOT STOP ", timeout: .seconds(60))
      print("QEMU: \(stop)")
      #expect(stop.contains("result=success") && stop.contains("status=0"), "\(stop)")
      #expect(try vm.waitForExit(timeout: .seconds(60)) == 0)
    }
  }
}
