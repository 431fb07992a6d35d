import Foundation
import Glibc
import Testing

@testable import KioskLinux

/// Where memory warnings come from, on a fake /proc and /sys/fs/cgroup in a temporary
/// folder: which files the source finds, where the PSI trigger is written, and the
/// warnings memory.events and MemAvailable give.
@MainActor
struct MemoryPressureSourceTests {
  let root: FakeSystemRoot

  init() throws {
    root = try FakeSystemRoot()
  }

  @Test func theCgroupPathComesFromTheV2LineOfProcSelfCgroup() throws {
    try root.writeProcSelfCgroup()
    let files = MemoryFiles(root: root.path)
    #expect(files.cgroupPath == "/system.slice/kiosk.service")
    #expect(files.cgroupFolders(for: "/system.slice/kiosk.service").first == root.cgroupFolder)
    #expect(
      files.cgroupFolders(for: "/") == [
        root.path + "/sys/fs/cgroup", root.path + "/sys/fs/cgroup/unified",
      ])

    try root.writeProcSelfCgroup(v2Line: false)
    #expect(files.cgroupPath == nil)
  }

  @Test func theTriggerIsWrittenToTheCgroupsMemoryPressure() throws {
    try root.writeProcSelfCgroup()
    try root.write("", to: "sys/fs/cgroup\(root.cgroup)/memory.pressure")
    try root.write("", to: "proc/pressure/memory")
    let harness = MemorySourceHarness(root.configuration)
    harness.source.start()
    defer { harness.source.stop() }

    let cgroupFile = root.cgroupFolder + "/memory.pressure"
    #expect(root.read("sys/fs/cgroup\(root.cgroup)/memory.pressure") == "some 150000 1000000\0")
    #expect(root.read("proc/pressure/memory") == "")
    #expect(harness.source.psiWatcher?.path == cgroupFile)
    #expect(harness.source.memAvailablePoller == nil)
    #expect(
      harness.log.lines.contains(
        "info memory: PSI trigger \"some 150000 1000000\" on \(cgroupFile)"))
  }

  @Test func theConfiguredTriggerIsTheOneWritten() throws {
    try root.writeProcSelfCgroup()
    try root.write("", to: "sys/fs/cgroup/unified\(root.cgroup)/memory.pressure")
    var configuration = root.configuration
    configuration.trigger = PSITrigger(parsing: "full 500000 4000000")
    let harness = MemorySourceHarness(configuration)
    harness.source.start()
    defer { harness.source.stop() }

    // systemd's hybrid layout: cgroup v2 under /sys/fs/cgroup/unified.
    #expect(
      root.read("sys/fs/cgroup/unified\(root.cgroup)/memory.pressure") == "full 500000 4000000\0")
  }

  @Test(arguments: ["missing", "a folder", "refusing writes"])
  func aCgroupPressureFileThatCannotTakeTheTriggerFallsBackToProcPressure(_ kind: String) throws {
    try root.writeProcSelfCgroup()
    try root.write("", to: "proc/pressure/memory")
    let cgroupFile = root.cgroupFolder + "/memory.pressure"
    try FileManager.default.createDirectory(
      atPath: root.cgroupFolder, withIntermediateDirectories: true)
    switch kind {
    case "a folder":
      try FileManager.default.createDirectory(
        atPath: cgroupFile, withIntermediateDirectories: false)
    // Root may open any file for writing; /dev/full then refuses every write (ENOSPC).
    case "refusing writes":
      try FileManager.default.createSymbolicLink(
        atPath: cgroupFile, withDestinationPath: "/dev/full")
    default: break
    }
    let harness = MemorySourceHarness(root.configuration)
    harness.source.start()
    defer { harness.source.stop() }

    #expect(root.read("proc/pressure/memory") == "some 150000 1000000\0")
    #expect(harness.source.psiWatcher?.path == root.path + "/proc/pressure/memory")
    #expect(harness.source.memAvailablePoller == nil)
    if kind != "missing" {
      #expect(
        harness.log.lines.contains {
          $0.hasPrefix("info memory: no PSI trigger on \(cgroupFile): ")
        })
    }
  }

  @Test func withoutPSIMemAvailableIsPolled() throws {
    try root.writeProcSelfCgroup()
    try root.writeMeminfo(availableKilobytes: 500_000)
    let harness = MemorySourceHarness(root.configuration)
    harness.source.start()
    defer { harness.source.stop() }

    #expect(harness.source.psiWatcher == nil)
    #expect(harness.source.memAvailablePoller?.floorMegabytes == 64)
    #expect(
      harness.log.lines.contains(
        "info memory: no PSI (no memory.pressure for cgroup \(root.cgroup); no /proc/pressure/memory); polling MemAvailable every 2 s, floor 64 MB"
      ))
    #expect(
      harness.log.lines.contains(
        "info memory: no memory.events for cgroup \(root.cgroup) (no memory controller there)"))
  }

  @Test func memAvailableBelowTheFloorWarnsAndAboveDoesNot() throws {
    try root.writeMeminfo(availableKilobytes: 200 * 1024)
    let recorder = WarningRecorder()
    let poller = MemAvailablePoller(
      files: MemoryFiles(root: root.path), floorMegabytes: 64, interval: 2
    ) { recorder.warnings.append(.lowMemAvailable($0)) }

    poller.check()
    #expect(recorder.warnings.isEmpty)
    try root.writeMeminfo(availableKilobytes: 50 * 1024 + 300)
    poller.check()
    #expect(recorder.warnings == [.lowMemAvailable(50)])
    try root.writeMeminfo(availableKilobytes: 64 * 1024)
    poller.check()
    #expect(recorder.warnings == [.lowMemAvailable(50)])
  }

  @Test func aRiseOfHighInMemoryEventsWarnsAndAnUnchangedRewriteDoesNot() async throws {
    try root.writeProcSelfCgroup()
    try root.writeMemoryEvents(high: 4)
    var configuration = root.configuration
    configuration.minimumWarningInterval = 0
    let harness = MemorySourceHarness(configuration)
    harness.source.start()
    defer { harness.source.stop() }
    let watcher = try #require(harness.source.eventsWatcher)
    #expect(
      harness.log.lines.contains(
        "info memory: watching memory.events of \(root.cgroupFolder) (no memory limit set)"))
    #expect(harness.warnings.isEmpty)  // the count at start is no warning

    try root.writeMemoryEvents(high: 5)
    await waitUntil { !harness.warnings.isEmpty }
    #expect(harness.warnings == [.cgroupHigh(5)])

    let notifications = watcher.notificationCount
    try root.writeMemoryEvents(high: 5)
    await waitUntil { watcher.notificationCount > notifications }
    #expect(watcher.notificationCount > notifications)  // inotify saw the rewrite
    #expect(harness.warnings == [.cgroupHigh(5)])

    try root.writeMemoryEvents(high: 7)
    await waitUntil { harness.warnings.count == 2 }
    #expect(harness.warnings == [.cgroupHigh(5), .cgroupHigh(7)])
  }

  @Test func aSessionScopeIsWatchedThroughTheSliceWhoseLimitAppliesToIt() async throws {
    // pam_systemd puts a PAMName= service in a session scope without limits of its own,
    // under the user's slice, which has them; the kernel counts `high` there.
    let scope = "/user.slice/user-995.slice/session-c1.scope"
    let slice = "/user.slice/user-995.slice"
    try root.write("0::\(scope)\n", to: "proc/self/cgroup")
    try root.write("max\n", to: "sys/fs/cgroup\(scope)/memory.high")
    try root.write("max\n", to: "sys/fs/cgroup\(scope)/memory.max")
    try root.write("low 0\nhigh 0\n", to: "sys/fs/cgroup\(scope)/memory.events")
    try root.write("max\n", to: "sys/fs/cgroup\(slice)/memory.high")
    try root.write("402653184\n", to: "sys/fs/cgroup\(slice)/memory.max")
    try root.write("low 0\nhigh 2\n", to: "sys/fs/cgroup\(slice)/memory.events")
    try root.write("max\n", to: "sys/fs/cgroup/user.slice/memory.high")
    let files = MemoryFiles(root: root.path)
    #expect(files.limitingCgroup(from: scope)?.cgroup == slice)
    #expect(files.limitingCgroup(from: scope)?.limit == "memory.max")
    #expect(files.limitingCgroup(from: "/user.slice") == nil)

    var configuration = root.configuration
    configuration.minimumWarningInterval = 0
    let harness = MemorySourceHarness(configuration)
    harness.source.start()
    defer { harness.source.stop() }
    let sliceFolder = root.path + "/sys/fs/cgroup" + slice
    #expect(harness.source.eventsWatcher?.path == sliceFolder + "/memory.events")
    #expect(
      harness.log.lines.contains(
        "info memory: watching memory.events of \(sliceFolder): memory.max 384 MB"
          + " (the limit over \(scope))"))
    try root.write("low 0\nhigh 3\n", to: "sys/fs/cgroup\(slice)/memory.events")
    await waitUntil { !harness.warnings.isEmpty }
    #expect(harness.warnings == [.cgroupHigh(3)])
  }

  @Test func thePSIPollThreadReportsEachReadinessOnTheMainActor() async throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    let recorder = WarningRecorder()
    var goneCount = 0
    let watcher = try PSIWatcher(
      descriptor: ends[0], events: Int16(POLLIN), path: "pipe", trigger: .default,
      fired: {
        MainActor.preconditionIsolated()
        recorder.warnings.append(.psi)
      },
      gone: { goneCount += 1 })
    defer { watcher.stop() }
    #expect(recorder.warnings.isEmpty)

    #expect(write(ends[1], "x", 1) == 1)
    await waitUntil { recorder.warnings.count == 1 }
    #expect(recorder.warnings == [.psi])
    #expect(write(ends[1], "x", 1) == 1)
    await waitUntil { recorder.warnings.count == 2 }
    #expect(recorder.warnings == [.psi, .psi])

    close(ends[1])  // the source is gone (as a trigger whose cgroup was removed)
    await waitUntil { goneCount == 1 }
    #expect(goneCount == 1)
    #expect(recorder.warnings.count == 2)
  }

  @Test func offStartsNothing() throws {
    try root.writeProcSelfCgroup()
    try root.write("", to: "proc/pressure/memory")
    try root.writeMemoryEvents(high: 0)
    var configuration = root.configuration
    configuration.trigger = nil
    let harness = MemorySourceHarness(configuration)
    harness.source.start()

    #expect(root.read("proc/pressure/memory") == "")
    #expect(harness.source.psiWatcher == nil)
    #expect(harness.source.eventsWatcher == nil)
    #expect(harness.source.memAvailablePoller == nil)
    harness.source.requestWarning()
    #expect(harness.warnings == [.requested])
  }
}
