import Glibc
import KioskControl
import Testing

/// The control protocol's wire (`KioskControl`): how a request and a reply are written and
/// read, their limits, and the socket's address.
@Suite("Control: the wire")
struct ControlWireTests {
  @Test func aRequestTravelsAsOneLine() throws {
    let bytes = ControlRequest.bytes(of: "status json")
    #expect(bytes == Array("status json\n".utf8))
    guard case .line(let line) = ControlRequest.framing(of: bytes) else {
      Issue.record("no line in \(bytes)")
      return
    }
    #expect(try ControlRequest(parsing: line) == .statusJSON)
    #expect(
      ControlRequest.framing(of: Array("blank\r\nmore".utf8)) == .line(Array("blank".utf8)[...]))
    #expect(ControlRequest.framing(of: Array("blan".utf8)) == .incomplete)
  }

  @Test func aRequestOfTheLongestLengthIsReadAndALongerOneRefused() {
    let longest = [UInt8](repeating: UInt8(ascii: "a"), count: ControlRequest.maximumLength - 1)
    #expect(ControlRequest.framing(of: longest) == .incomplete)
    #expect(ControlRequest.framing(of: longest + [UInt8(ascii: "\n")]) == .line(longest[...]))
    #expect(ControlRequest.framing(of: longest + [UInt8(ascii: "a")]) == .tooLong)
    #expect(
      ControlRequest.framing(of: longest + Array("a\n".utf8)) == .tooLong)
  }

  @Test func aMalformedRequestIsRefused() {
    let bytes: [UInt8] = [0xFF, 0xFE, UInt8(ascii: "\n")]
    guard case .line(let line) = ControlRequest.framing(of: bytes) else {
      Issue.record("no line in \(bytes)")
      return
    }
    #expect(throws: ControlError("the request is not UTF-8 text")) {
      try ControlRequest(parsing: line)
    }
  }

  @Test(arguments: [
    ControlReply.ok(), ControlReply.ok(["a: 1", "b: 2"]), ControlReply.error("no such thing"),
    ControlReply.ok(["size: 2x1 px", "png: 3"], payload: [0x89, 0x0A, 0x00]),
  ])
  func aReplyTravelsAndIsReadBack(reply: ControlReply) throws {
    #expect(try ControlReply(reading: reply.boundedBytes) == reply)
  }

  @Test func aReplyLongerThanTheLimitIsReplacedAndNotRead() throws {
    let payload = [UInt8](repeating: 0, count: ControlReply.maximumSize)
    let reply = ControlReply.ok(["png: \(payload.count)"], payload: payload)
    let sent = try ControlReply(reading: reply.boundedBytes)
    #expect(!sent.succeeded)
    #expect(sent.lines.first?.hasPrefix("the reply is \(reply.bytes.count) bytes") == true)
    #expect(!ControlReply.isTooLong(ControlReply.maximumSize))
    #expect(ControlReply.isTooLong(ControlReply.maximumSize + 1))
  }

  @Test(arguments: [
    ("", "the app closed the connection without a reply"),
    ("ok\nno newline", "the app closed the connection without a reply"),
    ("ok\npng: 4\nabc", "the reply ended after 3 of 4 bytes of PNG"),
    ("HTTP/1.1 400 Bad Request\n", "unexpected reply: HTTP/1.1 400 Bad Request"),
  ])
  func aMalformedReplyIsRefused(text: String, message: String) {
    #expect(throws: ControlReply.ReadError(message: message)) {
      try ControlReply(reading: Array(text.utf8))
    }
  }

  @Test func theAddressTakesPathsUpToSunPath() throws {
    let longest = "/" + String(repeating: "s", count: ControlSocketAddress.maximumPathLength - 1)
    #expect(ControlSocketAddress.maximumPathLength == 107)
    let address = try #require(ControlSocketAddress(path: longest))
    #expect(address.path == longest)
    let family = address.withSocketAddress { pointer, length in
      (Int32(pointer.pointee.sa_family), Int(length))
    }
    #expect(family.0 == AF_UNIX)
    #expect(family.1 == MemoryLayout<sockaddr_un>.size)
    #expect(ControlSocketAddress(path: longest + "s") == nil)
  }
}
