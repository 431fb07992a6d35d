import Foundation
import Testing

@testable import KioskKit

@MainActor
struct ControlSocketTests {
  @Test func aStaleSocketIsReplaced() throws {
    let path = temporarySocketPath()
    defer { unlink(path) }
    let old = try ControlSocket.listen(at: path)
    close(old)  // the process that made it is gone; the file stays
    #expect(FileManager.default.fileExists(atPath: path))
    let fd = try ControlSocket.listen(at: path)
    defer { close(fd) }
    let client = try ControlSocket.connect(to: path)
    close(client)
  }

  @Test func aLiveSocketAndOtherFilesAreLeftAlone() throws {
    let path = temporarySocketPath()
    defer { unlink(path) }
    let live = try ControlSocket.listen(at: path)
    defer { close(live) }
    #expect(throws: ControlSocketError.self) { _ = try ControlSocket.listen(at: path) }
    let file = temporarySocketPath()
    defer { unlink(file) }
    #expect(FileManager.default.createFile(atPath: file, contents: Data("keep".utf8)))
    #expect(throws: ControlSocketError.self) { _ = try ControlSocket.listen(at: file) }
    #expect(FileManager.default.contents(atPath: file) == Data("keep".utf8))
  }

  @Test func aSocketThatCannotBeBoundIsAnErrorNotACrash() {
    #expect(throws: ControlSocketError.self) {
      _ = try ControlSocket.listen(at: "/nonexistent-dir/control.sock")
    }
    #expect(throws: ControlSocketError.self) {
      _ = try ControlSocket.listen(at: "/tmp/" + String(repeating: "x", count: 200))
    }
  }
}
