import KioskGraphics
import KioskKit
import KioskVirtual

/// (ad): how long the screen takes to turn while the app runs (`kioskctl rotate`, a reload
/// of `output.rotation`): from the request to the first frame at the new angle presented,
/// at 1920×1080 with a table of self-sizing rows filling it (its rows measured again at the
/// new width), animated as kioskctl turns it. The rest of the animation is not counted.
struct RotationFigures {
  var requestToFrameMs = 0.0
  var worstRequestToFrameMs = 0.0
  var turns = 0

  var dictionary: [String: Any] {
    [
      "rotation_request_to_frame_ms": requestToFrameMs,
      "rotation_request_to_frame_worst_ms": worstRequestToFrameMs,
    ]
  }

  func printTable() {
    section("rotation at run time: 1920×1080, a table of self-sizing rows, animated turns")
    row(
      "(ad) rotation: request → frame at new angle", String(format: "%.1f ms", requestToFrameMs),
      String(
        format: "median of %d turns through 90, 180, 270 and 0; worst %.1f ms", turns,
        worstRequestToFrameMs), measured: requestToFrameMs)
  }
}

/// Measures `RotationFigures`.
@MainActor
struct RotationMeasurements {
  let turns: Int

  func run() throws -> RotationFigures {
    let (screen, output, loop) = try makeBenchScreen()
    let window = Window(screen: screen)
    let table = TableView(frame: window.bounds, style: .plain)
    table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    table.register(NewsCell.self, forCellReuseIdentifier: "news")
    let rows = NewsRows(count: 1_000)
    table.dataSource = rows
    window.addSubview(table)
    window.makeKeyAndVisible()
    loop.runUntilIdle()
    let angles: [Rotation] = [.degrees90, .degrees180, .degrees270, .degrees0]
    var samples: [Double] = []
    for turn in 0..<max(turns, 4) {
      let rotation = angles[turn % angles.count]
      let before = output.framesPresented
      let start = monotonicSeconds()
      screen.setRotation(rotation, animated: true)
      loop.runUntilIdle()
      let elapsed = (monotonicSeconds() - start) * 1000
      guard output.framesPresented > before, screen.rotation == rotation else {
        throw RotationBenchError(description: "no frame at \(rotation) after the request")
      }
      samples.append(elapsed)
      loop.advance(by: 1)  // the animation ends before the next turn
    }
    screen.detachOutput()
    samples.sort()
    return RotationFigures(
      requestToFrameMs: samples[samples.count / 2], worstRequestToFrameMs: samples.last ?? 0,
      turns: samples.count)
  }
}

struct RotationBenchError: Error, CustomStringConvertible {
  var description: String
}
