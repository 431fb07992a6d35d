import Foundation
import KioskGraphics
import Testing

/// The .deb the boot test installs (`KIOSK_BOOT_DEB`, set by the Makefile).
private let bootTestPackage = ProcessInfo.processInfo.environment["KIOSK_BOOT_DEB"].flatMap {
  $0.isEmpty ? nil : $0
}

/// A guest the boot test runs on (`BootQEMUTests.run(on:)`): its root, the package it
/// installs, and which of the checks apply to it.
struct BootGuest {
  let root: GuestRoot
  /// The .deb on the host.
  let deb: String
  /// The folder of the Swift toolchain, hidden in a guest on the host's root (a panel has
  /// none); `nil` on a root folder, which has none to hide.
  let hiddenToolchain: String?
  /// The kernel modules of the display and input (`bochs`, or `virtio_gpu` on arm64).
  let modules: [String]
  let checksVTSwitch: Bool
  /// Taps through the package's kiosk-uinput after the watchdog restart.
  let checksTouch: Bool
  /// How many times longer than on the host root each step may take (arm64 under TCG).
  let slowness: Int
  /// Which kiosk-demo draws the reference screens; `nil`: the package's own, on the guest's
  /// root (or this build's on the host root).
  var references: ReferenceDemo? = nil
}

extension RealKernel {
  /// The kiosk as it boots on a panel: Debian's kernel with systemd as PID 1 over the host
  /// root, the Swift toolchain's folder hidden (an empty tmpfs over it), the Debian package
  /// installed with `dpkg -i` into the guest's throw-away overlay (its postinst creates the
  /// user and enables `kiosk.service`). A unit of the test's own reports on the serial
  /// console: what the installed binaries load (`ldd`: nothing missing, nothing from the
  /// toolchain) and their versions, when the service is READY, what `kioskctl status` and
  /// `kioskctl metrics` say (and where the boot's time went), then after the host has looked at the screen it switches to tty2 and back (the
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

    /// The package booted on the host's root: the existing boot test (`make test-boot`).
    @Test func thePackageInstallsBootsIsWatchedAndStopsCleanly() throws {
      let deb = try #require(bootTestPackage)
      try Self.run(
        on: BootGuest(
          root: .host, deb: deb, hiddenToolchain: try Self.toolchainFolder(), modules: ["bochs"],
          checksVTSwitch: true, checksTouch: false, slowness: 1))
    }

    /// The steps the host takes beside the report: prepares the guest (installs the package,
    /// the report's unit), reads the report's lines and checks each, and looks at the screen.
    static func run(on guest: BootGuest) throws {
      let version = try String(contentsOfFile: Self.packageRoot + "/VERSION", encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      // On a root folder the package's own kiosk-demo draws the references, on that root's
      // libraries, as it draws the panel.
      let demo: ReferenceDemo
      if let references = guest.references {
        demo = references
      } else if case .folder(let folder, _) = guest.root {
        demo = .package(deb: URL(fileURLWithPath: guest.deb), root: folder)
      } else {
        demo = .buildFolder
      }
      let referencesStarted = ContinuousClock.now
      let reference = try referenceScreens(panel: (1024, 600), demo: demo)
      let tapScripts = guest.checksTouch ? try Self.touchScripts(demo: demo) : nil
      print("QEMU: the reference screens took \(seconds(.now - referencesStarted))")
      let slowness = guest.slowness
      func timeout(_ value: Int) -> Duration { .seconds(value * slowness) }
      let deb = try packageInGuest(guest)
      defer { if deb != guest.deb { try? FileManager.default.removeItem(atPath: deb) } }
      let clock = ContinuousClock()
      let start = clock.now
      var steps: [(String, Duration)] = []
      func step(_ name: String) { steps.append((name, clock.now - start)) }
      let vm = try QEMUMachine.boot(
        script: setUpScript(guest, deb: deb, tapScripts: tapScripts),
        modules: guest.modules, display: (1024, 600), systemd: true, timeout: timeout(60),
        root: guest.root)
      step("root ready")
      let started = try vm.waitForLine(matching: "VMINIT: starting systemd", timeout: timeout(180))
      step("package installed, systemd starting")
      try checkInstalled(vm, version: version, timeout: timeout)
      let ready = try vm.waitForLine(matching: "BOOT ", timeout: timeout(240))
      step("READY")
      print("QEMU: \(started) → \(ready)")
      #expect(ready.hasPrefix("BOOT READY"), "\(ready)")
      try checkTelemetry(vm, version: version, timeout: timeout)
      try printReport(vm, timeout: timeout(90))
      let tolerance = 1024 * 600 / 1000
      let differing = try pixelsDifferingFromAnyPage(vm, pages: reference, attempts: 20)
      print("QEMU: the demo on the display: \(differing) pixels differ from the closest page")
      #expect(differing <= tolerance, "\(differing) pixels differ from every screen")
      step("the demo on the display")

      try vm.send(line: "")
      if guest.checksVTSwitch {
        try checkVTSwitch(vm, reference: reference, tolerance: tolerance, timeout: timeout)
        step("VT switch and back")
        try vm.send(line: "")
      }

      try checkWatchdogRestart(vm, guest: guest, timeout: timeout)
      step("watchdog restart")
      if let tapScripts {
        try checkTaps(vm, tapScripts, tolerance: tolerance, timeout: timeout)
        step("touch")
        try vm.send(line: "")
      }
      let stop = try vm.waitForLine(matching: "BOOT STOP ", timeout: timeout(60))
      print("QEMU: \(stop)")
      #expect(stop.contains("result=success") && stop.contains("status=0"), "\(stop)")
      step("clean stop")
      try printReport(vm, timeout: timeout(90))
      #expect(try vm.waitForExit(timeout: timeout(60)) == 0)
      step("powered off")
      print(
        "QEMU: where the time went: "
          + steps.map { "\($0.0) at \(seconds($0.1))" }.joined(separator: ", "))
    }

    /// The package's path as the guest sees it: a root folder has none of the host's files,
    /// so there the package goes beside the test's script in the run folder, which the guest
    /// sees at its host path (the caller removes that copy).
    private static func packageInGuest(_ guest: BootGuest) throws -> String {
      var deb = guest.deb
      if guest.root != .host {
        let copy = QEMUHost.runFolder.appendingPathComponent(
          "\(UUID().uuidString.prefix(8))-" + URL(fileURLWithPath: deb).lastPathComponent)
        try FileManager.default.createDirectory(
          at: QEMUHost.runFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: deb), to: copy)
        deb = copy.path
      }
      return deb
    }

    /// What the guest runs before systemd: the package installed as an operator would, the
    /// units a kiosk does without masked, and the report's unit (`report(_:)`).
    private static func setUpScript(
      _ guest: BootGuest, deb: String,
      tapScripts: (String, String, onTouchPage: Image, afterTapMe: Image)?
    ) -> String {
      let toolchain = guest.hiddenToolchain
      let console = guest.root.architecture.serialConsole
      return """
        set -e
        \(toolchain.map { "# A panel has no Swift toolchain: its folder is an empty one here.\nmount -t tmpfs -o size=64k,mode=755 tmpfs \(shellQuoted($0))" } ?? "")
        # A drop-in as an operator would write one: metrics for node_exporter.
        mkdir -p /etc/kiosk/kiosk.toml.d /var/lib/prometheus/node-exporter
        printf '[metrics]\\ntextfile = "/var/lib/prometheus/node-exporter/kiosk.prom"\\n' \\
          > /etc/kiosk/kiosk.toml.d/50-metrics.toml
        # man-db's trigger would index every manual page of the host over 9p (minutes
        # under TCG); without this file it does nothing.
        rm -f /var/lib/man-db/auto-update
        before=$(cut -d' ' -f1 /proc/uptime)
        dpkg -i \(shellQuoted(deb)) > /var/log/kiosk-package.txt 2>&1 \\
          || { cat /var/log/kiosk-package.txt; exit 1; }
        echo "dpkg -i took $before → $(cut -d' ' -f1 /proc/uptime) s (uptime)" >> /var/log/kiosk-package.txt
        ls /etc/systemd/system/multi-user.target.wants/ | grep kiosk >> /var/log/kiosk-package.txt
        # The operator's step for the textfile (the Metrics article): the folder is the kiosk group's.
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
        for unit in modprobe@configfs.service modprobe@dm_mod.service modprobe@drm.service \\
            modprobe@efi_pstore.service modprobe@fuse.service modprobe@loop.service \\
            dev-hugepages.mount dev-mqueue.mount sys-kernel-debug.mount \\
            sys-kernel-tracing.mount sys-kernel-config.mount sys-fs-fuse-connections.mount \\
            proc-sys-fs-binfmt_misc.automount systemd-binfmt.service systemd-pstore.service \\
            systemd-timesyncd.service systemd-random-seed.service systemd-journal-flush.service \\
            systemd-update-utmp.service systemd-update-utmp-runlevel.service \\
            systemd-remount-fs.service systemd-firstboot.service systemd-repart.service \\
            systemd-pcrphase.service systemd-pcrphase-sysinit.service \\
            systemd-machine-id-commit.service kmod-static-nodes.service \\
            systemd-modules-load.service systemd-ask-password-wall.path \\
            systemd-ask-password-console.path; do
          ln -sf /dev/null $unit
        done
        # seatd (installed for SeatdQEMUTests) would win over logind; this test is logind's.
        ln -sf /dev/null seatd.service
        ln -sf /dev/null serial-getty@\(console).service
        ln -sf /dev/null console-getty.service
        \(tapScripts.map { "printf '%s\\n' \(shellQuoted($0.0)) > /etc/boot-tap1.txt\nprintf '%s\\n' \(shellQuoted($0.1)) > /etc/boot-tap2.txt" } ?? "")
        cat > /etc/boot-report.sh <<'REPORT'
        \(Self.report(guest))
        REPORT
        cat > boot-report.service <<'UNIT'
        [Unit]
        After=kiosk.service
        [Service]
        ExecStart=/bin/sh /etc/boot-report.sh \(shellQuoted(toolchain ?? ""))
        StandardInput=tty
        StandardOutput=tty
        TTYPath=/dev/\(console)
        UNIT
        ln -sf ../boot-report.service multi-user.target.wants/boot-report.service
        """
    }

    /// The installed tools load every library, none from the toolchain, and say the
    /// package's version; the manual pages and completions are there.
    private static func checkInstalled(
      _ vm: QEMUMachine, version: String, timeout: (Int) -> Duration
    ) throws {
      for tool in ["kiosk-demo", "kioskctl", "kiosk-uinput"] {
        let libraries = try vm.waitForLine(matching: "BOOT LDD \(tool) ", timeout: timeout(240))
        print("QEMU: \(libraries)")
        #expect(libraries.contains("missing=0 toolchain=0"), "\(libraries)")
        #expect(libraries.contains("version=\(tool) (KioskKit) \(version)"), "\(libraries)")
      }
      let documentation = try vm.waitForLine(matching: "BOOT DOCS", timeout: timeout(60))
      print("QEMU: \(documentation)")
      #expect(documentation.hasPrefix("BOOT DOCS missing: none "), "\(documentation)")
      #expect(documentation.contains("man:kiosk.toml(5)"), "\(documentation)")
    }

    /// What kioskctl metrics, the textfile, kioskctl status, the unit's memory limits and
    /// the app's folders say.
    private static func checkTelemetry(
      _ vm: QEMUMachine, version: String, timeout: (Int) -> Duration
    ) throws {
      var text = ""
      var metrics = ""
      while true {
        let line = try vm.waitForLine(matching: "BOOT M", timeout: timeout(60))
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
      let status = try vm.waitForLine(matching: "BOOT STATUS", timeout: timeout(60))
      print("QEMU: \(status)")
      #expect(status.hasPrefix("BOOT STATUS exit=0 "), "\(status)")
      #expect(status.contains("version: \(version)"), "\(status)")
      #expect(status.contains("output: Virtual-1 1024x600 px"), "\(status)")
      #expect(status.contains("screen: 512x300 pt, scale 2, rotation 0"), "\(status)")
      let limits = try vm.waitForLine(matching: "BOOT LIMITS", timeout: timeout(60))
      print("QEMU: \(limits)")
      #expect(limits.hasSuffix("high=268435456 max=402653184"), "\(limits)")
      let folders = try vm.waitForLine(matching: "BOOT FOLDERS", timeout: timeout(60))
      print("QEMU: \(folders)")
      #expect(
        folders.contains("/var/lib/kiosk kiosk 755 /var/cache/kiosk kiosk 755 ")
          && folders.contains("CACHE_DIRECTORY=/var/cache/kiosk STATE_DIRECTORY=/var/lib/kiosk"),
        "\(folders)")
    }

    /// Away to tty2 (the demo no longer shows) and back (it shows again).
    private static func checkVTSwitch(
      _ vm: QEMUMachine, reference: [Image], tolerance: Int, timeout: (Int) -> Duration
    ) throws {
      let away = try vm.waitForLine(matching: "BOOT AWAY", timeout: timeout(60))
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
      let back = try vm.waitForLine(matching: "BOOT BACK", timeout: timeout(60))
      print("QEMU: \(back)")
      #expect(back.contains("showing "), "\(back)")
      let differingBack = try pixelsDifferingFromAnyPage(vm, pages: reference, attempts: 20)
      print("QEMU: back on tty1 \(differingBack) pixels differ from the closest page")
      #expect(differingBack <= tolerance, "\(differingBack) pixels differ from every screen")
      try printReport(vm, timeout: timeout(90))
    }

    /// The app's process stopped (`kill -STOP`): the watchdog has it restarted, after no
    /// restart before it where the guest runs at the host root's speed.
    private static func checkWatchdogRestart(
      _ vm: QEMUMachine, guest: BootGuest, timeout: (Int) -> Duration
    ) throws {
      let stopped = try vm.waitForLine(matching: "BOOT STOPPED", timeout: timeout(60))
      print("QEMU: \(stopped)")
      // A restart before this one means the app died or its watchdog fired on its own (the
      // report's journal lines above say which): a failure where the guest runs at the host
      // root's speed. Under arm64 TCG (4 times slower here) the tour's Pinyin step was
      // measured to keep the main queue from the 10 s watchdog while librime opens its
      // dictionary, which a panel's core does many times faster: reported, not failed.
      let earlier = Int(stopped.split(separator: "=").last ?? "") ?? -1
      if guest.slowness == 1 {
        #expect(earlier == 0, "the app was restarted before: \(stopped)")
      } else if earlier != 0 {
        print("QEMU: NOTE: \(earlier) restart(s) before the watchdog check, on a guest this slow")
      }
      let restarted = try vm.waitForLine(matching: "BOOT RESTARTED", timeout: timeout(120))
      print("QEMU: \(restarted)")
      #expect(restarted.hasSuffix(" restarts=\(earlier + 1)"), "\(restarted)")
    }

    /// The two taps through kiosk-uinput after the watchdog restart, each with the screen it
    /// leads to.
    private static func checkTaps(
      _ vm: QEMUMachine, _ tapScripts: (String, String, onTouchPage: Image, afterTapMe: Image),
      tolerance: Int,
      timeout: (Int) -> Duration
    ) throws {
      print("QEMU: \(try vm.waitForLine(matching: "BOOT READY AGAIN", timeout: timeout(120)))")
      for (index, expected) in [tapScripts.onTouchPage, tapScripts.afterTapMe].enumerated() {
        try vm.send(line: "")
        let tapped = try vm.waitForLine(matching: "BOOT TAPPED", timeout: timeout(120))
        print("QEMU: \(tapped)")
        #expect(tapped.hasPrefix("BOOT TAPPED \(index + 1) exit=0 "), "\(tapped)")
        let differing = try pixelsDifferingFromAnyPage(vm, pages: [expected], attempts: 20)
        print("QEMU: after tap \(index + 1) \(differing) pixels differ from the expected screen")
        #expect(differing <= tolerance, "\(differing) pixels differ after tap \(index + 1)")
      }
    }

    /// The tap scripts (panel pixels) for the Touch example's header button and then its
    /// "Tap me" button, and what the screen shows after each on the virtual framebuffer
    /// (TouchQEMUTests' targets, on a 1024×600 panel at scale 2, not rotated).
    private static func touchScripts(demo: ReferenceDemo) throws -> (
      String, String, onTouchPage: Image, afterTapMe: Image
    ) {
      let targets = RealKernel.TouchQEMUTests.demoTargets(rotation: 0)
      let touchPage = RealKernel.TouchQEMUTests.tapScript([
        RealKernel.TouchQEMUTests.panelPoint(targets.pageButton, rotation: 0)
      ])
      let tapMe = RealKernel.TouchQEMUTests.tapScript([
        RealKernel.TouchQEMUTests.panelPoint(targets.tapMe, rotation: 0)
      ])
      let onTouchPage = try RealKernel.TouchQEMUTests.referenceAfterTouches(
        RealKernel.TouchQEMUTests.tapScript([targets.pageButton]), rotation: 0, demo: demo)
      let afterTapMe = try RealKernel.TouchQEMUTests.referenceAfterTouches(
        RealKernel.TouchQEMUTests.tapScript([targets.pageButton, targets.tapMe]), rotation: 0,
        demo: demo)
      return (touchPage, tapMe, onTouchPage, afterTapMe)
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
    private static func promtoolCheck(_ text: String) throws -> (status: Int32, output: String) {
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
    private static func printReport(_ vm: QEMUMachine, timeout: Duration) throws {
      while true {
        let line = try vm.waitForLine(matching: "BOOT", timeout: timeout)
        if line.hasPrefix("BOOT INFO END") { return }
        print("QEMU: \(line)")
      }
    }
  }
}
