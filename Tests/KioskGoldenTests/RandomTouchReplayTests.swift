import Foundation
import KioskTesting
import Testing

/// 100,000 random touches of up to ten fingers, a third of them far outside the screen
/// (up to a billion points away), replayed over the demo on the virtual framebuffer: the
/// demo must come through (once it died of a trap after about three minutes of this). Its
/// resident memory before and after is printed for the record; whether what it keeps is
/// the demo's own state (rows added by random taps) or a leak is not settled yet, so it is
/// not a pass mark.
struct RandomTouchReplayTests {
  /// SplitMix64: the same touches on every run.
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// A touch script of `count` random changes, a frame every 16 ms with 1 to 10 of them.
  static func randomScript(changes count: Int, seed: UInt64) -> String {
    var random = SeededGenerator(state: seed)
    var lines: [String] = []
    lines.reserveCapacity(count + 10)
    var down = Set<Int>()
    var time = 0
    while lines.count < count {
      time += 16
      for _ in 0..<Int.random(in: 1...10, using: &random) {
        let finger = Int.random(in: 0...9, using: &random)
        let far = Double.random(in: 0..<1, using: &random) < 0.3
        let x =
          far
          ? Double.random(in: -1e9...1e9, using: &random) : .random(in: -50...1010, using: &random)
        let y =
          far
          ? Double.random(in: -1e9...1e9, using: &random) : .random(in: -50...590, using: &random)
        let place = String(format: "%.1f %.1f", x, y)
        if !down.contains(finger) {
          lines.append("\(time) down \(finger) \(place)")
          down.insert(finger)
        } else if Double.random(in: 0..<1, using: &random) < 0.3 {
          lines.append("\(time) up \(finger)")
          down.remove(finger)
        } else {
          lines.append("\(time) move \(finger) \(place)")
        }
      }
    }
    for finger in down.sorted() {
      time += 16
      lines.append("\(time) up \(finger)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Runs the demo over `changes` random touches; returns its resident memory at the end, MB.
  func replay(changes: Int) throws -> Double {
    let script = Self.randomScript(changes: changes, seed: 16)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kiosk-touches-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("touches.txt").path
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    // A frame every 16 ms: the script lasts about changes / 5.5 × 16 ms; run past its end.
    let duration = Double(changes) / 5.5 * 0.016 + 5
    let demo = try LoggedProcess(
      builtExecutable("kiosk-demo"),
      arguments: [
        "--backend", "virtual", "--touch-script", path, "--duration", String(Int(duration)),
        "--log-format", "plain",
      ])
    demo.process.waitUntilExit()
    let lines = try demo.logLines()
    #expect(
      demo.process.terminationReason == .exit && demo.process.terminationStatus == 0,
      "\(lines.suffix(5).joined(separator: "\n"))")
    let end = try #require(lines.last { $0.contains("of simulated time") })
    let megabytes = try #require(
      end.split(separator: "resident memory ").last?.split(separator: " ").first.flatMap {
        Double($0)
      })
    return megabytes
  }

  @Test func aHundredThousandRandomTouchesDoNotStopTheDemo() throws {
    let many = try replay(changes: 100_000)
    print("random touches: resident memory \(many) MB after 100,000 changes")
  }
}
