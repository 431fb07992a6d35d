import Dispatch
import Glibc
import Testing

@testable import KioskLinux

/// The headphone switch's events, read from a pipe standing in for the event node.
@MainActor
@Suite struct HeadphoneSwitchTests {
  /// One `struct input_event` as the kernel writes it.
  static func event(type: UInt16, code: UInt16, value: Int32) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: MemoryLayout<timeval>.size)
    withUnsafeBytes(of: type.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: code.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    return bytes
  }

  static let plug = event(type: 5, code: 2, value: 1)
  static let unplug = event(type: 5, code: 2, value: 0)
  static let sync = event(type: 0, code: 0, value: 0)
  /// SW_MICROPHONE_INSERT: another switch of the same jack.
  static let microphone = event(type: 5, code: 4, value: 1)

  /// A pipe whose read end does not block, as the event node is opened.
  static func nonBlockingPipe() throws -> [Int32] {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    try #require(fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK) == 0)
    return fds
  }

  @Test func onlyTheHeadphoneSwitchIsRead() {
    let bytes = Self.microphone + Self.sync + Self.plug + Self.sync + Self.unplug
    #expect(HeadphoneSwitch.headphoneStates(in: bytes[...]) == [true, false])
    #expect(HeadphoneSwitch.eventSize == 24)
  }

  @Test func aPartEventWaitsForTheRest() throws {
    let fds = try Self.nonBlockingPipe()
    defer { close(fds[1]) }
    var changes: [Bool] = []
    let headphones = HeadphoneSwitch(descriptor: fds[0], path: "pipe", isPlugged: false) {
      changes.append($0)
    }
    let bytes = Self.plug + Self.sync + Self.plug + Self.unplug
    _ = bytes[0..<30].withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    headphones.readAvailable()
    #expect(changes == [true])
    _ = bytes[30...].withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    headphones.readAvailable()
    #expect(changes == [true, false], "the same state twice is one change")
    #expect(!headphones.isPlugged)
  }

  @Test func eventsAreReadOnTheMainQueue() async throws {
    let fds = try Self.nonBlockingPipe()
    defer { close(fds[1]) }
    var changes: [Bool] = []
    let headphones = HeadphoneSwitch(descriptor: fds[0], path: "pipe", isPlugged: false) {
      changes.append($0)
    }
    headphones.start()
    let bytes = Self.plug + Self.sync
    _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    for _ in 0..<200 where changes.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
    #expect(changes == [true])
  }

  @Test func aNodeWithoutTheSwitchIsRefused() {
    #expect(throws: SwitchError.self) { try HeadphoneSwitch(path: "/dev/null") { _ in } }
    #expect(throws: SwitchError.self) { try HeadphoneSwitch(path: "/nonexistent") { _ in } }
  }
}
