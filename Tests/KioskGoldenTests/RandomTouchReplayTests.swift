import Foundation
import KioskTesting
import Testing

/// 100,000 random touches of up to ten fingers, a third of them far outside the screen
/// (up to a billion points away), replayed over the demo on the virtual framebuffer: the
/// demo must come through (once it died of a trap after about three minutes of this), and
/// what it keeps must not grow with the touches: its resident memory after a memory
/// warning at the end is within 10 % of a run of the first 10,000 of the same touches
/// (which visit the same screens). Measured with heaptrack, the heap alive at the end does
/// not grow with the touches; the run once seemed to (84.9 → 103.8 MB) because the runtime
/// kept the whole touch script in memory to the end.
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
    // Last, the header's Touch button (960×540 pt: 40 pt buttons, 12 pt from the right), so
    // that runs of different lengths end on the same screen and their memory compares.
    lines.append("\(time + 500) down 0 928 28")
    lines.append("\(time + 560) up 0")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Runs the demo over `changes` random touches; returns its resident memory at the end
  /// and after a memory warning, MB.
  func replay(changes: Int) throws -> (atEnd: Double, afterWarning: Double, anonymous: Double) {
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
    // "… resident memory 95.4 MB (80.6 MB after a memory warning, 38.9 MB of it anonymous)"
    let figures = try #require(end.split(separator: "resident memory ").last)
      .split(separator: " ").compactMap { Double($0.trimmingCharacters(in: ["("])) }
    try #require(figures.count >= 3, "\(end)")
    return (figures[0], figures[1], figures[2])
  }

  @Test func aHundredThousandRandomTouchesDoNotStopTheDemoOrGrowIt() throws {
    let few = try replay(changes: 10_000)
    let many = try replay(changes: 100_000)
    print(
      "random touches: resident memory \(few.atEnd) MB after 10,000 changes (\(few.afterWarning) MB after a memory warning, \(few.anonymous) MB anonymous), \(many.atEnd) MB after 100,000 (\(many.afterWarning) MB, \(many.anonymous) MB anonymous)"
    )
    guard !addressSanitizerIsOn else { return }
    // 10 %: with the Menu example and Touch's second column (issue 18) the longer run keeps
    // about 7 MB more than the shorter one (82.8 → 90.1 MB; heap in use 44.5 → 49.9 MB;
    // debug build), where it kept 4-5 % more before. Both runs end on the Touch example
    // (a zoomed photo, the one difference on screen, was measured to cost nothing), no
    // MenuItemController outlives its screen, and heaptrack finds no KioskKit object
    // whose count grows with the touches: the difference is backing stores (Layer.display),
    // glyph and font caches. Where it comes from is not known yet; issue 18's note says so.
    // The leak this test was written for kept 22 % more.
    #expect(
      many.afterWarning <= few.afterWarning * 1.10,
      "\(many.afterWarning) MB kept after 100,000 touches, \(few.afterWarning) MB after 10,000")
  }
}
