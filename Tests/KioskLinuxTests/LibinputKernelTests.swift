import Glibc
import KioskGraphics
import KioskUI
import Logging
import Testing

@testable import KioskLinux

/// The real libinput wrapper, as far as it goes without input devices: it links, makes a
/// context, routes libinput's own messages to the log and refuses what it must.
@MainActor
struct LibinputKernelTests {
  @Test func thePathBackendStartsWithoutTheDeviceAndSaysWhy() throws {
    let log = LogRecorder()
    let logger = Logger(label: "test") { _ in RecordingLogHandler(recorder: log) }
    let backend = try KernelLibinput(paths: ["/nonexistent/event99"], logger: logger)
    #expect(backend.fileDescriptor >= 0)
    try backend.dispatch()
    #expect(backend.nextEvent() == nil)
    #expect(log.lines.contains("error input: libinput did not take /nonexistent/event99"))
    #expect(log.lines.contains { $0.hasPrefix("warning libinput: ") })  // libinput's reason
    #expect(!backend.setCalibration(.identity, device: 1))
  }

  @Test func theSeatBackendNeedsUdev() throws {
    let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    guard access("/run/udev", F_OK) != 0 else { return }  // udev runs here: nothing to refuse
    #expect {
      _ = try KernelLibinput(seat: "seat0", logger: logger)
    } throws: { error in
      "\(error)".contains("start udevd")
    }
  }
}
