import Foundation
import Testing

/// The .deb the boot test installs (`KIOSK_BOOT_DEB`, set by the Makefile).
private let bootTestPackage = ProcessInfo.processInfo.environment["KIOSK_BOOT_DEB"].flatMap {
  $0.isEmpty ? nil : $0
}

extension RealKernel {
  /// The kiosk as it boots on a panel: Debian's kernel with systemd as PID 1 over the host
  /// root, the Swift toolchain's folder hidden (an empty tmpfs over it), the Debian package
  /// installed with `dpkg -i` into the guest's throw-away overlay (its postinst creates the
  /// user and enables `kiosk.service`). A unit of the test's own reports on the serial
  /// console: what the installed binaries load (`ldd`: nothing missing, nothing from the
  /// toolchain) and their versions, when the service is READY (and where the boot's time
  /// went), then after the host has looked at the screen it switches to tty2 and back (the
  /// seat is disabled through logind, then enabled and the screen repainted), stops the app's
  /// process (`kill -STOP`), waits for the watchdog to have it restarted, and stops the
  /// service.
  ///
  /// `make test` (and `make test-boot`) build the package first and name it in
  /// `KIOSK_BOOT_DEB`; without it this suite does not run.
  @Suite(.enabled(if: bootTestPackage != nil))
  struct BootQEMUTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().path

    /// The folder of the toolchain this test runs from (`…/usr/lib/swift/linux/libswiftCore.so`
    /// is mapped into this process): hidden in the guest, as a panel has no toolchain.
    static func toolchainFolder() throws -> String {
      // Read to the end: /proc files have no size for String(contentsOfFile:) to go by.
      let maps = String(
        decoding: FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data(),
        as: UTF8.self)
      for line in maps.split(separator: "\n") {
        guard let start = line.firstIndex(of: "/"), line.hasSuffix("/libswiftCore.so") else {
          continue
        }
        let path = String(line[start...])
        if let range = path.range(of: "/usr/lib/swift/") {
          return String(path[..<range.lowerBound])
        }
      }
      throw QEMUError("libswiftCore.so is not mapped into the test process")
    }

    /// Runs in the guest once systemd is up, on the serial console.
    private static let report = #"""
      #!/bin/sh
      up() { cut -d' ' -f1 /proc/uptime; }
      # What the package installed, with the toolchain hidden: every library found, none
      # from the toolchain's folder (given as $1), and the version of each tool.
      for tool in kiosk-demo kioskctl kiosk-uinput; do
        libraries=$(ldd /usr/bin/$tool 2>&1)
        echo "BOOT LDD $tool missing=$(echo "$libraries" | grep -c 'not found')" \
          "toolchain=$(echo "$libraries" | grep -c "$1")" \
          "libraries=$(echo "$libraries" | wc -l) version=$(/usr/bin/$tool --version 2>&1)"
      done
      # The manual pages the unit's Documentation= names, and the completions.
      missing=""
      for file in man/man1/kiosk-demo.1.gz man/man1/kioskctl.1.gz man/man1/kiosk-uinput.1.gz \
          man/man5/kiosk.toml.5.gz bash-completion/completions/kioskctl \
          zsh/vendor-completions/_kioskctl fish/vendor_completions.d/kioskctl.fish; do
        [ -s /usr/share/$file ] || missing="$missing $file"
      done
      echo "BOOT DOCS missing:${missing:- none} documentation=$(systemctl show -p Documentation --value kiosk.service)"
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
      status() { systemctl show -p StatusText --value kiosk.service; }
      echo "BOOT READY $(up) $(status)"
      # Telemetry from the unit as installed: kioskctl metrics through the socket (the host
      # checks them with promtool: a Go binary read over 9p takes half a minute to start
      # here), and the textfile the drop-in asked for, through the unit's sandbox.
      kioskctl metrics > /run/metrics.txt 2>&1
      textfile=/var/lib/prometheus/node-exporter/kiosk.prom
      tries=0
      until [ -s $textfile ] || [ $tries -gt 50 ]; do tries=$((tries + 1)); sleep 0.2; done
      sed 's/^/BOOT M| /' /run/metrics.txt
      echo "BOOT METRICS samples=$(grep -c '^kiosk_' /run/metrics.txt)" \
        "textfile=$(stat -c '%a %U' $textfile 2>&1) textfile-samples=$(grep -c '^kiosk_' $textfile 2>&1)"
      # The unit's memory limits, on the slice over the app's session scope.
      main=$(systemctl show -p MainPID --value kiosk.service)
      scope=$(cut -d: -f3 /proc/$main/cgroup)
      slice=/sys/fs/cgroup$(dirname "$scope")
      echo "BOOT LIMITS $scope high=$(cat $slice/memory.high) max=$(cat $slice/memory.max)"
      # The app's own folders (StateDirectory=, CacheDirectory=): the service user's, and
      # named to the app in its environment.
      appenv=$(tr '\0' '\n' < /proc/$main/environ | grep -E '^(STATE|CACHE)_DIRECTORY=' | sort | tr '\n' ' ')
      echo "BOOT FOLDERS $(stat -c '%n %U %a' /var/lib/kiosk /var/cache/kiosk | tr '\n' ' ')$appenv"
      # Where the boot went: systemd's totals, what kiosk.service waited for, the slowest
      # units, the app's own start to READY (µs, monotonic) and its log (the seat backend).
      export SYSTEMD_COLORS=0 SYSTEMD_PAGER=
      info() { sed 's/^/BOOT| /'; }
      # (Not systemd-analyze's totals or blame: they need the whole boot finished, which
      # takes a minute more under TCG than the kiosk's own chain.)
      systemd-analyze critical-chain kiosk.service 2>&1 | info
      systemctl show -p InactiveExitTimestampMonotonic -p ExecMainStartTimestampMonotonic \
        -p ActiveEnterTimestampMonotonic kiosk.service | info
      start=$(systemctl show -p ExecMainStartTimestampMonotonic --value kiosk.service)
      ready=$(systemctl show -p ActiveEnterTimestampMonotonic --value kiosk.service)
      echo "the app's start to READY: $(( (ready - start) / 1000 )) ms" | info
      sed 's/^/package: /' /var/log/kiosk-package.txt | info
      for unit in dev-dri-card0.device systemd-udev-trigger.service systemd-logind.service \
          systemd-user-sessions.service user@995.service; do
        echo "$unit active at $(systemctl show -p ActiveEnterTimestampMonotonic --value $unit)"
      done | info
      journalctl -b -o short-monotonic --no-pager | grep -E "kiosk|osk-demo|seat|memory:" | head -40 | info
      loginctl list-sessions --no-legend 2>&1 | info
      # pam_systemd moves the app into its session's scope: the unit's memory limits are
      # then not the ones it runs under.
      main=$(systemctl show -p MainPID --value kiosk.service)
      echo "app's cgroup $(cut -d: -f3 /proc/$main/cgroup); kiosk.service" \
        "$(systemctl show -p MemoryCurrent -p MemoryMax kiosk.service | tr '\n' ' ')" | info
      echo "BOOT INFO END"
      read -r go
      # A VT switch: away to tty2 (the seat is disabled), then back (enabled, repainted).
      waitFor() {
        tries=0
        until status | grep -q "^$1"; do
          tries=$((tries + 1)); [ $tries -gt 150 ] && break
          sleep 0.2
        done
      }
      before=$(up)
      busybox chvt 2
      waitFor paused
      echo "BOOT AWAY $before $(up) $(status)"
      read -r go
      before=$(up)
      busybox chvt 1
      waitFor showing
      echo "BOOT BACK $before $(up) $(status)"
      journalctl -b -o short-monotonic --no-pager | grep -E "seat|Virtual-1" | tail -12 | info
      echo "BOOT INFO END"
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
      # What a start of the app costs before it does anything (loading its libraries).
      for run in 1 2; do
        before=$(up)
        /usr/bin/kiosk-demo --check-config /etc/kiosk/kiosk.toml >/dev/null 2>&1
        echo "BOOT| kiosk-demo --check-config: $before → $(up)"
      done
      LD_DEBUG=statistics /usr/bin/kiosk-demo --check-config /etc/kiosk/kiosk.toml 2>&1 \
        | grep -E "total startup|relocation processing|number of relocations:" | info
      echo "BOOT INFO END"
      echo "VMTEST_EXIT=0"
      systemctl poweroff --force --force
      """#

    @Test func thePackageInstallsBootsIsWatchedAndStopsCleanly() throws {
      let deb = try #require(bootTestPackage)
      let toolchain = try Self.toolchainFolder()
      let version = try String(contentsOfFile: Self.packageRoot + "/VERSION", encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      let reference = try referenceScreens(panel: (1024, 600))
      let vm = try QEMUMachine.boot(
        script: """
          set -e
          # A panel has no Swift toolchain: its folder is an empty one here.
          mount -t tmpfs -o size=64k,mode=755 tmpfs \(shellQuoted(toolchain))
          # A drop-in as an operator would write one: metrics for node_exporter.
          mkdir -p /etc/kiosk/kiosk.toml.d /var/lib/prometheus/node-exporter
          printf '[metrics]\ntextfile = "/var/lib/prometheus/node-exporter/kiosk.prom"\n' \
            > /etc/kiosk/kiosk.toml.d/50-metrics.toml
          # man-db's trigger would index every manual page of the host over 9p (minutes
          # under TCG); without this file it does nothing.
          rm -f /var/lib/man-db/auto-update
          before=$(cut -d' ' -f1 /proc/uptime)
          dpkg -i \(shellQuoted(deb)) > /var/log/kiosk-package.txt 2>&1 \
            || { cat /var/log/kiosk-package.txt; exit 1; }
          echo "dpkg -i took $before → $(cut -d' ' -f1 /proc/uptime) s (uptime)" >> /var/log/kiosk-package.txt
          ls /etc/systemd/system/multi-user.target.wants/ | grep kiosk >> /var/log/kiosk-package.txt
          # The operator's step for the textfile (README): the folder is the kiosk group's.
          chgrp kiosk /var/lib/prometheus/node-exporter
          chmod g+w /var/lib/prometheus/node-exporter
          # The guest's /tmp is the host's (a build machine's, thousands of files), which
          # systemd-tmpfiles would empty file by file through the overlay and 9p: 173 s of a
          # 219 s boot. A panel's /tmp is small or a tmpfs; so is this one.
          mount -t tmpfs -o mode=1777 tmpfs /tmp
          cd /etc/systemd/system
          rm -f multi-user.target.wants/postgresql.service multi-user.target.wants/e2scrub_reap.service
          rm -f sysinit.target.wants/apparmor.service timers.target.wants/*
          # Units a kiosk on this guest does without (modules are loaded, nothing is mounted
          # from fstab, no clock to sync, no journal to persist): on one TCG core every unit
          # that runs beside the kiosk's chain slows it.
          for unit in modprobe@configfs.service modprobe@dm_mod.service modprobe@drm.service \
              modprobe@efi_pstore.service modprobe@fuse.service modprobe@loop.service \
              dev-hugepages.mount dev-mqueue.mount sys-kernel-debug.mount \
              sys-kernel-tracing.mount sys-kernel-config.mount sys-fs-fuse-connections.mount \
              proc-sys-fs-binfmt_misc.automount systemd-binfmt.service systemd-pstore.service \
              systemd-timesyncd.service systemd-random-seed.service systemd-journal-flush.service \
              systemd-update-utmp.service systemd-update-utmp-runlevel.service \
              systemd-remount-fs.service systemd-firstboot.service systemd-repart.service \
              systemd-pcrphase.service systemd-pcrphase-sysinit.service \
              systemd-machine-id-commit.service kmod-static-nodes.service \
              systemd-modules-load.service systemd-ask-password-wall.path \
              systemd-ask-password-console.path; do
            ln -sf /dev/null $unit
          done
          # seatd (installed for SeatdQEMUTests) would win over logind; this test is logind's.
          ln -sf /dev/null seatd.service
          ln -sf /dev/null serial-getty@ttyS0.service
          ln -sf /dev/null console-getty.service
          cat > /etc/boot-report.sh <<'REPORT'
          \(Self.report)
          REPORT
          cat > boot-report.service <<'UNIT'
          [Unit]
          After=kiosk.service
          [Service]
          ExecStart=/bin/sh /etc/boot-report.sh \(shellQuoted(toolchain))
          StandardInput=tty
          StandardOutput=tty
          TTYPath=/dev/ttyS0
          UNIT
          ln -sf ../boot-report.service multi-user.target.wants/boot-report.service
          """,
        modules: ["bochs"], display: (1024, 600), systemd: true, timeout: .seconds(60))
      let started = try vm.waitForLine(matching: "VMINIT: starting systemd", timeout: .seconds(180))
      for tool in ["kiosk-demo", "kioskctl", "kiosk-uinput"] {
        let libraries = try vm.waitForLine(matching: "BOOT LDD \(tool) ", timeout: .seconds(240))
        print("QEMU: \(libraries)")
        #expect(libraries.contains("missing=0 toolchain=0"), "\(libraries)")
        #expect(libraries.contains("version=\(tool) (KioskKit) \(version)"), "\(libraries)")
      }
      let documentation = try vm.waitForLine(matching: "BOOT DOCS", timeout: .seconds(60))
      print("QEMU: \(documentation)")
      #expect(documentation.hasPrefix("BOOT DOCS missing: none "), "\(documentation)")
      #expect(documentation.contains("man:kiosk.toml(5)"), "\(documentation)")
      let ready = try vm.waitForLine(matching: "BOOT ", timeout: .seconds(240))
      print("QEMU: \(started) → \(ready)")
      #expect(ready.hasPrefix("BOOT READY"), "\(ready)")
      var text = ""
      var metrics = ""
      while true {
        let line = try vm.waitForLine(matching: "BOOT M", timeout: .seconds(60))
        if line.hasPrefix("BOOT METRICS") {
          metrics = line
          break
        }
        text += line.dropFirst("BOOT M| ".count) + "\n"
      }
      print("QEMU: \(metrics)")
      let verdict = try promtoolCheck(text)
      #expect(verdict.status == 0 && verdict.output.isEmpty, "promtool: \(verdict.output)\n\(text)")
      #expect(metrics.contains(" textfile=644 kiosk "), "\(metrics)")
      #expect(!metrics.contains("samples=0"), "\(metrics)")
      let limits = try vm.waitForLine(matching: "BOOT LIMITS")
      print("QEMU: \(limits)")
      #expect(limits.hasSuffix("high=268435456 max=402653184"), "\(limits)")
      let folders = try vm.waitForLine(matching: "BOOT FOLDERS")
      print("QEMU: \(folders)")
      #expect(
        folders.contains("/var/lib/kiosk kiosk 755 /var/cache/kiosk kiosk 755 ")
          && folders.contains("CACHE_DIRECTORY=/var/cache/kiosk STATE_DIRECTORY=/var/lib/kiosk"),
        "\(folders)")
      try printReport(vm)
      let tolerance = 1024 * 600 / 1000
      let differing = try pixelsDifferingFromAnyPage(vm, pages: reference, attempts: 20)
      #expect(differing <= tolerance, "\(differing) pixels differ from every screen")

      try vm.send(line: "")
      let away = try vm.waitForLine(matching: "BOOT AWAY", timeout: .seconds(60))
      print("QEMU: \(away)")
      #expect(away.contains("paused: "), "\(away)")
      Thread.sleep(forTimeInterval: 1)
      let elsewhere = try vm.screendump()
      let fromDemo = closestPage(elsewhere, reference)
      print(
        "QEMU: on tty2 \(fromDemo.differing) pixels differ from the closest page (\(fromDemo.page)); "
          + Self.describe(elsewhere))
      #expect(fromDemo.differing > tolerance, "tty2 still shows the demo")
      try vm.send(line: "")
      let back = try vm.waitForLine(matching: "BOOT BACK", timeout: .seconds(60))
      print("QEMU: \(back)")
      #expect(back.contains("showing "), "\(back)")
      let differingBack = try pixelsDifferingFromAnyPage(vm, pages: reference, attempts: 20)
      print("QEMU: back on tty1 \(differingBack) pixels differ from the closest page")
      #expect(differingBack <= tolerance, "\(differingBack) pixels differ from every screen")
      try printReport(vm)

      try vm.send(line: "")
      print("QEMU: \(try vm.waitForLine(matching: "BOOT STOPPED"))")
      let restarted = try vm.waitForLine(matching: "BOOT RESTARTED", timeout: .seconds(120))
      print("QEMU: \(restarted)")
      #expect(!restarted.hasSuffix("restarts=0"), "\(restarted)")
      let stop = try vm.waitForLine(matching: "BOOT STOP ", timeout: .seconds(60))
      print("QEMU: \(stop)")
      #expect(stop.contains("result=success") && stop.contains("status=0"), "\(stop)")
      try printReport(vm)
      #expect(try vm.waitForExit(timeout: .seconds(60)) == 0)
    }

    /// The colours a screendump shows, most common first: a text console is one colour
    /// with a few per cent of another.
    private static func describe(_ screen: PPMImage) -> String {
      var counts: [UInt32: Int] = [:]
      for y in 0..<screen.height {
        for x in 0..<screen.width { counts[screen.pixel(x: x, y: y) ?? 0, default: 0] += 1 }
      }
      let total = screen.width * screen.height
      let common = counts.sorted { $0.value > $1.value }.prefix(3).map { colour, count in
        let perMille = count * 1000 / total
        return "#" + String(colour & 0xff_ffff, radix: 16) + " \(perMille / 10).\(perMille % 10)%"
      }
      return "\(counts.count) colours: " + common.joined(separator: ", ")
    }

    /// `promtool check metrics` (Debian's prometheus package) on `text`.
    private func promtoolCheck(_ text: String) throws -> (status: Int32, output: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/promtool")
      process.arguments = ["check", "metrics"]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = output
      try process.run()
      input.fileHandleForWriting.write(Data(text.utf8))
      try input.fileHandleForWriting.close()
      let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, said)
    }

    /// Prints the report's `BOOT|` lines up to its `BOOT INFO END`.
    private func printReport(_ vm: QEMUMachine) throws {
      while true {
        let line = try vm.waitForLine(matching: "BOOT", timeout: .seconds(90))
        if line.hasPrefix("BOOT INFO END") { return }
        print("QEMU: \(line)")
      }
    }
  }
}
