import Foundation
import KioskTesting
import Testing

/// `kiosk-bench --compare A.json B.json`: the change of each figure between two saved runs.
struct BenchCompareTests {
  /// Runs kiosk-bench with `arguments`; its status and what it wrote.
  private func bench(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try runToEnd(
      builtExecutable("kiosk-bench").path, arguments,
      in: FileManager.default.currentDirectoryPath, environment: childEnvironment())
  }

  private func write(_ text: String, named name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  @Test func twoRunsAreComparedFigureByFigureWithTheBaselineFirst() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bench-compare-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try write(
      #"{"memcpy_frame_ms": 0.2, "full_frame_ms": 0.4, "grid_cells": 40, "gone": 1, "x": true, "#
        + #""full_frame_over_memcpy": 2, "damage_frame_fraction": 0.01}"#,
      named: "before.json", in: folder)
    let after = try write(
      #"{"memcpy_frame_ms": 0.2, "full_frame_ms": 0.3, "grid_cells": 40, "new_ms": 2, "#
        + #""full_frame_over_memcpy": 1.5, "damage_frame_fraction": 0.0125}"#,
      named: "after.json", in: folder)
    let run = try bench(["--compare", before, after])
    #expect(run.status == 0, "\(run.output)")
    let lines = run.output.split(separator: "\n").map {
      $0.split(separator: " ").joined(separator: " ")
    }
    #expect(lines.count == 8)
    guard lines.count == 8 else { return }
    #expect(lines[1] == "memcpy_frame_ms 0.2 0.2 =")
    // Figures in name order, each with a goal showing it and whether the run after met it.
    #expect(lines[2] == "damage_frame_fraction 0.01 0.0125 +25.0 % goal ≤ 0.01 missed")
    #expect(lines[3] == "full_frame_ms 0.4 0.3 -25.0 %")
    #expect(lines[4] == "full_frame_over_memcpy 2 1.5 -25.0 % goal ≤ 1.5 met")
    #expect(lines[5] == "grid_cells 40 40 =")
    #expect(lines[6] == "only before: gone")
    #expect(lines[7] == "only after: new_ms")

    let notJSON = try write("full frame: 0.4 ms", named: "table.txt", in: folder)
    let refused = try bench(["--compare", before, notJSON])
    #expect(refused.status != 0)
    #expect(refused.output.contains("is not the output of kiosk-bench --json"))
    let one = try bench(["--compare", before])
    #expect(one.status != 0)
    #expect(one.output.contains("--compare takes two files"))
  }
}
