import Foundation
import Testing

@testable import KioskKit

@Suite struct AppDirectoriesTests {
  @Test func systemdsFoldersComeFirst() {
    let environment = [
      "STATE_DIRECTORY": "/var/lib/kiosk:/var/lib/other", "CACHE_DIRECTORY": "/var/cache/kiosk",
      "XDG_STATE_HOME": "/home/x/.state", "HOME": "/home/x",
    ]
    #expect(
      AppDirectories.path(.state, appName: "app", environment: environment) == "/var/lib/kiosk")
    #expect(
      AppDirectories.path(.cache, appName: "app", environment: environment) == "/var/cache/kiosk")
  }

  @Test func withoutSystemdTheXDGFoldersStandIn() {
    #expect(
      AppDirectories.path(.state, appName: "checkin", environment: ["XDG_STATE_HOME": "/s"])
        == "/s/checkin")
    #expect(
      AppDirectories.path(.state, appName: "checkin", environment: ["HOME": "/home/k"])
        == "/home/k/.local/state/checkin")
    #expect(
      AppDirectories.path(.cache, appName: "checkin", environment: ["HOME": "/home/k"])
        == "/home/k/.cache/checkin")
    // A relative value is not a folder systemd or XDG would give: ignored.
    #expect(
      AppDirectories.path(
        .cache, appName: "a", environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"])
        == "/h/.cache/a")
  }

  @Test func theFolderIsMadeWhenMissing() throws {
    let base = NSTemporaryDirectory() + "kiosk-state-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: base) }
    let folder = try AppDirectories.prepared(
      .state, environment: ["STATE_DIRECTORY": base + "/a/b"])
    var isFolder: ObjCBool = false
    #expect(
      FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue)
    // A folder that cannot be made is an error, not a silent fallback.
    #expect(throws: (any Error).self) {
      try AppDirectories.prepared(.state, environment: ["STATE_DIRECTORY": "/proc/kiosk-no"])
    }
  }
}
