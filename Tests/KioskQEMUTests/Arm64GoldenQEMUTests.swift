import Foundation
import Testing

/// A variable of the environment, `nil` when unset or empty.
private func environment(_ name: String) -> String? {
  ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
}

/// What the arm64 golden run needs: the test bundle cross-built for arm64, the arm64 Swift
/// runtime it loads, and the Debian 13 root folders of both architectures.
private let arm64Goldens = environment("KIOSK_GOLDENS_ARM64_BUNDLE").flatMap { bundle in
  environment("KIOSK_GOLDENS_ARM64_RUNTIME").flatMap { runtime in
    environment("KIOSK_BOOT_ROOT_TRIXIE_ARM64").flatMap { arm64Root in
      environment("KIOSK_BOOT_ROOT_TRIXIE_AMD64").map { amd64Root in
        (bundle: bundle, runtime: runtime, arm64Root: arm64Root, amd64Root: amd64Root)
      }
    }
  }
}

/// One line of `KIOSK_SNAPSHOT_REPORT`: a golden's comparison.
private struct SnapshotComparison {
  let name: String
  let differing: Int
  let largest: Int
  let allowed: Int

  init?(line: Substring) {
    let fields = line.split(separator: " ")
    guard let name = fields.first else { return nil }
    var values: [String: Int] = [:]
    for field in fields.dropFirst() {
      let parts = field.split(separator: "=")
      if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
    }
    guard let differing = values["differing"], let largest = values["largest"],
      let allowed = values["allowed"]
    else { return nil }
    self.name = String(name)
    self.differing = differing
    self.largest = largest
    self.allowed = allowed
  }

  static func read(_ path: String) -> [SnapshotComparison] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { SnapshotComparison(line: $0) }
  }
}

extension RealKernel {
  /// The golden-image tests on arm64: the test bundle cross-built for arm64 (`make
  /// test-goldens-arm64`) runs inside `qemu-system-aarch64 -M virt` on Debian 13's arm64
  /// root, where pixman and cairo take their NEON paths, and must draw the pixels amd64
  /// draws within the goldens' own tolerance.
  ///
  /// What amd64 draws with Debian 13's libraries is the reference, not the checked-in goldens:
  /// those are Debian 12's, and Debian 13's pango, HarfBuzz and FreeType place and smooth
  /// glyphs differently (text edges differ on amd64 alone). So the same bundle of tests,
  /// built for this machine, first runs in a chroot of Debian 13's amd64 root: once against
  /// the goldens (its differences are printed, not judged) and once recording what it draws.
  /// The arm64 run is then compared with that, golden by golden.
  @Suite(
    .enabled(
      if: arm64Goldens != nil,
      "KIOSK_GOLDENS_ARM64_BUNDLE, KIOSK_GOLDENS_ARM64_RUNTIME or the Debian 13 roots unset"))
  struct Arm64GoldenQEMUTests {
    /// Swift Testing's filter for the golden suites of KioskGoldenTests (not its soak and
    /// runtime tests).
    static let goldenSuites = #"KioskGoldenTests\.[A-Za-z]+GoldenTests"#

    @Test func theGoldensDrawTheSamePixelsOnArm64AsOnAmd64() throws {
      let given = try #require(arm64Goldens)
      let packageRoot = QEMUHost.packageRoot.path
      let work = packageRoot + "/out/goldens-arm64"
      let reference = work + "/reference-trixie-amd64"
      try? FileManager.default.removeItem(atPath: work)
      try FileManager.default.createDirectory(atPath: reference, withIntermediateDirectories: true)

      // Debian 13 on amd64: against the goldens (reported), then recorded as the reference.
      let againstGoldens = try runOnTrixieAmd64(
        root: given.amd64Root, packageRoot: packageRoot,
        environment: ["KIOSK_SNAPSHOT_REPORT": work + "/trixie-amd64-vs-goldens.txt"])
      let versusGoldens = SnapshotComparison.read(work + "/trixie-amd64-vs-goldens.txt")
      let beyond = versusGoldens.filter { $0.differing > $0.allowed }
      print(
        "GOLDENS: Debian 13 amd64 against the goldens (Debian 12): \(versusGoldens.count) "
          + "compared, \(beyond.count) beyond the tolerance, largest difference "
          + "\(versusGoldens.map(\.largest).max() ?? 0) (exit \(againstGoldens.status))")
      let recorded = try runOnTrixieAmd64(
        root: given.amd64Root, packageRoot: packageRoot,
        environment: ["KIOSK_GOLDENS_DIR": reference, "KIOSK_RECORD_SNAPSHOTS": "1"])
      try #require(recorded.status == 0, "recording on Debian 13 amd64 failed:\n\(recorded.output)")
      let references = try FileManager.default.contentsOfDirectory(atPath: reference)
        .filter { $0.hasSuffix(".png") }.sorted()
      try #require(!references.isEmpty, "nothing recorded on Debian 13 amd64")

      // Debian 13 on arm64, in the emulated machine, against that reference.
      let report = work + "/arm64-vs-trixie-amd64.txt"
      let log = work + "/arm64.log"
      let vm = try QEMUMachine.boot(
        script: """
          cd \(shellQuoted(packageRoot))
          start=$(cut -d' ' -f1 /proc/uptime)
          echo "GOLDENS RUNNING on $(uname -m)"
          LD_LIBRARY_PATH=\(shellQuoted(given.runtime)) \
            KIOSK_GOLDENS_DIR=\(shellQuoted(reference)) KIOSK_SNAPSHOT_REPORT=\(shellQuoted(report)) \
            \(shellQuoted(given.bundle)) --testing-library swift-testing \
            --filter '\(Self.goldenSuites)' > \(shellQuoted(log)) 2>&1
          status=$?
          echo "GOLDENS EXIT $status after $(cut -d' ' -f1 /proc/uptime) s (from $start s)"
          tail -3 \(shellQuoted(log))
          """,
        modules: [], timeout: .seconds(180),
        root: .folder(URL(fileURLWithPath: given.arm64Root), architecture: .arm64),
        shares: [(packageRoot, true), (given.runtime, false)])
      print("QEMU: \(try vm.waitForLine(matching: "GOLDENS RUNNING", timeout: .seconds(120)))")
      let exit = try vm.waitForLine(matching: "GOLDENS EXIT", timeout: .seconds(2400))
      print("QEMU: \(exit)")
      #expect(try vm.waitForExit(timeout: .seconds(60)) == 0)

      let comparisons = SnapshotComparison.read(report)
      for comparison in comparisons.sorted(by: { $0.largest > $1.largest }).prefix(8) {
        print(
          "GOLDENS: arm64 \(comparison.name): \(comparison.differing) pixels beyond the "
            + "tolerance (\(comparison.allowed) allowed), largest difference \(comparison.largest)")
      }
      let compared = Set(comparisons.map { $0.name + ".png" })
      let missing = references.filter { !compared.contains($0) }
      print(
        "GOLDENS: arm64 against Debian 13 amd64: \(comparisons.count) compared of "
          + "\(references.count) recorded, largest difference "
          + "\(comparisons.map(\.largest).max() ?? 0)")
      #expect(missing.isEmpty, "not compared on arm64: \(missing)")
      let failing = comparisons.filter { $0.differing > $0.allowed }.map(\.name)
      #expect(failing.isEmpty, "beyond the tolerance on arm64: \(failing)")
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? "(no log)"
      #expect(exit.hasPrefix("GOLDENS EXIT 0 "), "\(text.suffix(4000))")
    }

    /// Runs this test bundle's golden suites in a chroot of Debian 13's amd64 root (its
    /// libraries, fonts and fontconfig; this checkout and the Swift toolchain bound in), with
    /// `environment` added.
    private func runOnTrixieAmd64(
      root: String, packageRoot: String, environment: [String: String]
    ) throws -> (status: Int32, output: String) {
      let toolchain = try BootQEMUTests.toolchainFolder()
      let scratch = FileManager.default.temporaryDirectory
        .appendingPathComponent("kiosk-goldens-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: scratch) }
      let result = try runInRootFolder(
        URL(fileURLWithPath: root), scratch: scratch,
        binds: [(toolchain, toolchain), (packageRoot, packageRoot)],
        environment: environment.merging(["LANG": "C.UTF-8"]) { given, _ in given },
        command: [
          CommandLine.arguments[0], "--testing-library", "swift-testing", "--filter",
          Self.goldenSuites,
        ])
      return (result.status, String(result.log.suffix(6000)))
    }
  }
}
