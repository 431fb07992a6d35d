import Foundation
import Testing

@testable import KioskKit

/// `status json` is written by FoundationEssentials' JSONEncoder now; its text is the one
/// JSONSerialization wrote (sorted keys, unescaped slashes), which fleets parse.
struct JSONValueTests {
  @Test func theTextIsJSONSerializationsForStatusLikeValues() throws {
    let screen: [String: Any] = [
      "output": "HDMI-A-1", "main": true, "connected": false, "width": 1920,
      "refresh_hz": 59.94, "scale": 1.5, "rotation": 90, "frame_interval_ms": 16.666666666666668,
    ]
    let values: [String: Any] = [
      "version": "1.2.3", "screens": [screen, screen], "tiny": 1e-7, "huge": 1e21,
      "negative": -0.5, "tenth": 0.1 + 0.2, "whole": 60.0, "path": "/dev/dri/card0",
      "quote": "a \"b\" \\ c\n\u{1}", "unicode": "Grüße 👍", "empty": [String: Any](),
      "list": [Any](), "uptime_s": 12, "nested": ["a": ["b": ["c": 1]]],
    ]
    let nulls: [String: Any] = ["rss_bytes": NSNull(), "accessibility": NSNull()]
    let foundation = try JSONSerialization.data(
      withJSONObject: values.merging(nulls) { $1 }, options: [.sortedKeys, .withoutEscapingSlashes])
    let ours = JSONValue(
      values.merging(["rss_bytes": JSONNull(), "accessibility": JSONNull()]) { $1 })
    #expect(ours.text == String(decoding: foundation, as: UTF8.self))
  }

  @Test func aNumberJSONCannotWriteGivesNoText() {
    #expect(JSONValue(["a": Double.infinity]).text == nil)
    #expect(JSONValue(Int32(7)).text == "7")
    #expect(JSONValue(Float(0.5)).text == "0.5")
  }
}
