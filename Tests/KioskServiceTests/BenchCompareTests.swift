import Foundation
import KioskTesting
import Testing

/// `kiosk-bench --compare A.json B.json`: the change of each figure between two saved runs.
struct BenchCompareTests {
  /// Runs kiosk-bench with `arguments`; its status and standard output and error.
  private func bench(_ arguments: [String]) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let process = Process()
    process.executableURL = builtExecutable("kiosk-bench")
    process.arguments = arguments
    process.environment = childEnvironment()
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: err, as: UTF8.self)
    )
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
      #"{"memcpy_frame_ms": 0.2, "full_frame_ms": 0.4, "grid_cells": 40, "gone": 1, "x": true}"#,
      named: "before.json", in: folder)
    let after = try write(
      #"{"memcpy_frame_ms": 0.2, "full_frame_ms": 0.3, "grid_cells": 40, "new_ms": 2}"#,
      named: "after.json", in: folder)
    let run = try bench(["--compare", before, after])
    #expect(run.status == 0, "\(run.errors)")
    let lines = run.output.split(separator: "\n").map {
      $0.split(separator: " ").joined(separator: " ")
    }
    #expect(lines.count == 6)
    guard lines.count == 6 else { return }
    #expect(lines[1] == "memcpy_frame_ms 0.2 0.2 =")
    #expect(lines[2] == "full_frame_ms 0.4 0.3 -25.0 %")
    #expect(lines[3] == "grid_cells 40 40 =")
    #expect(lines[4] == "only before: gone")
    #expect(lines[5] == "only after: new_ms")

    let notJSON = try write("full frame: 0.4 ms", named: "table.txt", in: folder)
    let refused = try bench(["--compare", before, notJSON])
    #expect(refused.status != 0)
    #expect(refused.errors.contains("is not the output of kiosk-bench --json"))
    let one = try bench(["--compare", before])
    #expect(one.status != 0)
    #expect(one.errors.contains("--compare takes two files"))
  }
}
