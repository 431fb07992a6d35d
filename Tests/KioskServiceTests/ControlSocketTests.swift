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

  /// `app.control-group`: the socket is that group's and mode 0660, so its members can use
  /// kioskctl without root; without one it stays 0600. An unknown group opens nothing.
  @Test func aControlGroupOwnsTheSocketWithMode0660() throws {
    let group = "nogroup"
    let groupID = try #require(getgrnam(group)).pointee.gr_gid
    let path = temporarySocketPath()
    defer { unlink(path) }
    let fd = try ControlSocket.listen(at: path, group: group)
    defer { close(fd) }
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o660)
    #expect(info.st_gid == groupID)

    let plain = temporarySocketPath()
    defer { unlink(plain) }
    let plainFD = try ControlSocket.listen(at: plain)
    defer { close(plainFD) }
    #expect(stat(plain, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)

    let refused = temporarySocketPath()
    #expect(throws: ControlSocketError.self) {
      _ = try ControlSocket.listen(at: refused, group: "no-such-group-\(getpid())")
    }
    #expect(!FileManager.default.fileExists(atPath: refused))
  }
}
