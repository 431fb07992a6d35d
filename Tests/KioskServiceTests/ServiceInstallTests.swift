import Foundation
import KioskTesting
import Testing

/// `make install-files` into a temporary prefix, and the installed unit checked by systemd.
@Suite(
  .serialized,
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"),
    "systemd-analyze is not installed (Debian package systemd; make test-deps installs it)"))
struct ServiceInstallTests {
  /// The package's folder (this file is Tests/KioskServiceTests/ServiceInstallTests.swift).
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
  /// Where the test bundle and the executables were built.
  static let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0])
    .deletingLastPathComponent().path

  private static func run(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    try runToEnd(executable, arguments, in: packageRoot, environment: childEnvironment())
  }

  /// Installs into a fresh temporary root, as `make install PREFIX=… SYSCONFDIR=…` would
  /// after its release build; returns the root.
  private func install() throws -> String {
    let root = NSTemporaryDirectory() + "kiosk-install-\(UUID().uuidString)"
    let result = try Self.run(
      "/usr/bin/make",
      [
        "--no-print-directory", "install-files", "PREFIX=\(root)/usr/local",
        "SYSCONFDIR=\(root)/etc", "BUILD_DIR=\(Self.buildDirectory)",
      ])
    #expect(result.status == 0, "\(result.output)")
    return root
  }

  /// The unit's `Key=value` lines (a key that repeats keeps every value).
  private func directives(of unit: String) -> [String: [String]] {
    var result: [String: [String]] = [:]
    for line in unit.split(separator: "\n") where !line.hasPrefix("#") && line.contains("=") {
      let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      result[String(parts[0]), default: []].append(String(parts[1]))
    }
    return result
  }

  @Test func installPutsEverythingWhereTheUnitLooks() throws {
    let root = try install()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let files = FileManager.default
    for path in [
      "usr/local/bin/kiosk-demo", "usr/local/bin/kioskctl",
      "usr/local/share/kioskkit/kiosk-demo.storyboard.json",
      "usr/local/lib/systemd/system/kiosk.service", "usr/local/lib/sysusers.d/kiosk.conf",
      "etc/pam.d/kiosk", "etc/udev/rules.d/70-kiosk-drm.rules",
    ] {
      #expect(files.fileExists(atPath: "\(root)/\(path)"), "\(path) is missing")
    }
    #expect(files.isExecutableFile(atPath: "\(root)/usr/local/bin/kioskctl"))
    // One binary: kioskctl and kiosk-uinput are kiosk-demo under their own names, and run as
    // those programs.
    for (name, banner) in [
      ("kioskctl", "kioskctl (KioskKit)"), ("kiosk-uinput", "kiosk-uinput (KioskKit)"),
    ] {
      let link = "\(root)/usr/local/bin/\(name)"
      #expect(try files.destinationOfSymbolicLink(atPath: link) == "kiosk-demo")
      let version = try Self.run(link, ["--version"])
      #expect(version.status == 0 && version.output.hasPrefix(banner), "\(version.output)")
    }
    let unit = try String(
      contentsOfFile: "\(root)/usr/local/lib/systemd/system/kiosk.service", encoding: .utf8)
    #expect(
      directives(of: unit)["ExecStart"]
        == ["\(root)/usr/local/bin/kiosk-demo --config \(root)/etc/kiosk/kiosk.toml"])
    #expect(directives(of: unit)["ExecReload"] == ["\(root)/usr/local/bin/kioskctl reload-config"])
    // The sample configuration is installed when the package has one, and an installed
    // one (the device's own) is never overwritten.
    let config = "\(root)/etc/kiosk/kiosk.toml"
    let hasSample = files.fileExists(atPath: Self.packageRoot + "/config/kiosk.toml")
    #expect(files.fileExists(atPath: config) == hasSample)
    // The folder for the device's own settings (drop-ins), empty.
    #expect(try files.contentsOfDirectory(atPath: config + ".d") == [])
    try "# edited on the device\n".write(toFile: config, atomically: true, encoding: .utf8)
    _ = try install()
    #expect(try String(contentsOfFile: config, encoding: .utf8) == "# edited on the device\n")
  }

  /// The unit waits for `dev-dri-card0.device`, which systemd makes only for devices udev
  /// tags `systemd`; its own rules do not tag DRM cards, so without the rule the wait ends
  /// at the 90 s job timeout.
  @Test func theInstalledUdevRuleMakesTheCardTheUnitWaitsForASystemdDevice() throws {
    let root = try install()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let unit = try String(
      contentsOfFile: "\(root)/usr/local/lib/systemd/system/kiosk.service", encoding: .utf8)
    #expect(directives(of: unit)["Wants"]?.contains("dev-dri-card0.device") == true)
    let rules = try String(
      contentsOfFile: "\(root)/etc/udev/rules.d/70-kiosk-drm.rules", encoding: .utf8)
    let tagging = rules.split(separator: "\n").filter { !$0.hasPrefix("#") }
      .filter {
        $0.contains(#"SUBSYSTEM=="drm""#) && $0.contains(#"KERNEL=="card[0-9]*""#)
          && $0.contains(#"TAG+="systemd""#)
      }
    #expect(tagging.count == 1, "\(rules)")
  }

  @Test func theInstalledUnitPassesSystemdAnalyzeVerifyWithoutWarnings() throws {
    let root = try install()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let unit = "\(root)/usr/local/lib/systemd/system/kiosk.service"
    // --man=no: Documentation= names the tools' manual pages, which `make` generates from
    // the release binaries (not these); the boot test checks that the package has them.
    let result = try Self.run("/usr/bin/systemd-analyze", ["verify", "--man=no", unit])
    #expect(result.status == 0)
    #expect(result.output == "", "systemd-analyze verify says:\n\(result.output)")
  }

  @Test func verifyWouldCatchAMistake() throws {
    let root = try install()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let unit = "\(root)/usr/local/lib/systemd/system/kiosk.service"
    let text = try String(contentsOfFile: unit, encoding: .utf8)
    try text.replacingOccurrences(of: "WatchdogSec=10", with: "WatchdogSec=ten")
      .replacingOccurrences(of: "/bin/kiosk-demo", with: "/bin/no-such-program")
      .write(toFile: unit, atomically: true, encoding: .utf8)
    let result = try Self.run("/usr/bin/systemd-analyze", ["verify", "--man=no", unit])
    #expect(result.output.contains("Failed to parse sec value, ignoring: ten"))
    #expect(result.output.contains("no-such-program"))
  }

  @Test func theUnitHasWhatAKioskNeeds() throws {
    let unit = try String(
      contentsOfFile: Self.packageRoot + "/systemd/kiosk.service", encoding: .utf8)
    let found = directives(of: unit)
    let expected: [String: [String]] = [
      "Type": ["notify"], "Restart": ["always"], "User": ["kiosk"], "PAMName": ["kiosk"],
      "TTYPath": ["/dev/tty1"], "TTYReset": ["yes"], "TTYVHangup": ["yes"],
      "TTYVTDisallocate": ["yes"], "StandardInput": ["tty-fail"],
      "Conflicts": ["getty@tty1.service"], "OnFailure": ["getty@tty1.service"],
      "Wants": ["dev-dri-card0.device"], "NoNewPrivileges": ["yes"],
      "ProtectSystem": ["strict"], "ProtectHome": ["yes"], "PrivateTmp": ["yes"],
      "SupplementaryGroups": ["video input render"], "RuntimeDirectory": ["kiosk"],
      "DevicePolicy": ["closed"],
    ]
    for (key, values) in expected {
      #expect(found[key] == values, "\(key)")
    }
    #expect(found["After"]?.contains("dev-dri-card0.device") == true)
    #expect(found["DeviceAllow"]?.contains("char-drm rw") == true)
    #expect(found["DeviceAllow"]?.contains("char-input r") == true)
    for key in ["WatchdogSec", "TimeoutStartSec", "MemoryHigh", "MemoryMax", "OOMScoreAdjust"] {
      #expect(found[key]?.count == 1, "\(key) is missing")
    }
  }

  @Test func theSysusersSnippetCreatesTheUser() throws {
    let root = NSTemporaryDirectory() + "kiosk-sysusers-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: root + "/etc", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let result = try Self.run(
      "/usr/bin/systemd-sysusers",
      ["--dry-run", "--root=\(root)", Self.packageRoot + "/systemd/kiosk.sysusers"])
    #expect(result.status == 0)
    #expect(result.output.contains("Creating user 'kiosk'"), "\(result.output)")
  }
}

/// Runs `executable` with `arguments` in `directory` and `environment` to its end; its exit
/// status and what it wrote to standard output and standard error.
func runToEnd(
  _ executable: String, _ arguments: [String], in directory: String,
  environment: [String: String]
) throws -> (status: Int32, output: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  process.environment = environment
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
