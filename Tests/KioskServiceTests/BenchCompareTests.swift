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

    // Figures written with many digits, as kiosk-bench --json writes them, are figures too.
    let long = try write(
      #"{"memcpy_frame_ms": 0.26871234567891234, "full_frame_ms": 0.31741234567891234}"#,
      named: "long.json", in: folder)
    let longRun = try bench(["--compare", long, long])
    #expect(longRun.output.contains("full_frame_ms"), "\(longRun.output)")
    #expect(!longRun.output.contains("only"))

    let notJSON = try write("full frame: 0.4 ms", named: "table.txt", in: folder)
    let refused = try bench(["--compare", before, notJSON])
    #expect(refused.status != 0)
    #expect(refused.output.contains("is not the output of kiosk-bench --json"))
    let one = try bench(["--compare", before])
    #expect(one.status != 0)
    #expect(one.output.contains("--compare takes two files"))
  }
}

/// Performance.md's table of one run gives every figure's goal as kiosk-bench has it.
struct BenchGoalsArticleTests {
  @Test func theTableOfOneRunGivesEveryGoalOfTheBench() throws {
    let run = try runToEnd(
      builtExecutable("kiosk-bench").path, ["--goals"],
      in: FileManager.default.currentDirectoryPath, environment: childEnvironment())
    #expect(run.status == 0, "\(run.output)")
    let goals = run.output.split(separator: "\n").map { $0.split(separator: "\t") }
    #expect(goals.count >= 20)
    let rows = DocumentationText.tableRows(
      in: try DocumentationText.article("Performance"), header: "figure")
    #expect(rows.contains { $0.first?.hasPrefix("memcpy of one frame") == true })
    for goal in goals {
      guard goal.count == 2 else {
        Issue.record("not a figure and a goal: \(goal)")
        continue
      }
      // "(n) 1920×1080": the row of (n) whose name holds the size.
      let words = goal[0].split(separator: " ", maxSplits: 1)
      let figure = String(words[0])
      let qualifier = words.count > 1 ? String(words[1]) : ""
      let row = rows.first {
        $0.count >= 3 && $0[0].hasPrefix(figure) && (qualifier.isEmpty || $0[0].contains(qualifier))
      }
      #expect(row != nil, "Performance.md's table has no row for \(goal[0])")
      #expect(
        row?[2].hasPrefix(String(goal[1]) + " ") == true,
        "Performance.md gives \(goal[0]) the goal \(row?[2] ?? "-"), kiosk-bench \(goal[1])")
    }
    // And no row claims a goal kiosk-bench does not have.
    for row in rows where row.count >= 3 && !row[2].isEmpty {
      #expect(
        goals.contains { goal in
          let words = goal[0].split(separator: " ", maxSplits: 1)
          return row[0].hasPrefix(words[0]) && (words.count < 2 || row[0].contains(words[1]))
        }, "Performance.md gives \(row[0]) a goal kiosk-bench does not: \(row[2])")
    }
  }
}

/// The README's figures are those of Performance.md's table of one run.
struct ReadmeBenchFiguresTests {
  @Test func theReadmeQuotesTheTableOfOneRun() throws {
    let rows = DocumentationText.tableRows(
      in: try DocumentationText.article("Performance"), header: "figure")
    let readme = try DocumentationText.file("README.md")
    guard let start = readme.range(of: "From one run of `make bench`"),
      let end = readme.range(of: "resident.", range: start.upperBound..<readme.endIndex)
    else {
      Issue.record("the README has no paragraph of figures from one run")
      return
    }
    let paragraph = readme[start.lowerBound..<end.upperBound].split(whereSeparator: \.isNewline)
      .joined(separator: " ")
    // "memcpy of one frame, 0.281 ms" and each "(x) … 1.23": the figure's value in the table
    // (the first row of the letter: the 1920×1080 one of (n) and (o)).
    let memcpy = rows.first { $0.first?.hasPrefix("memcpy of one frame") == true }
    #expect(memcpy.map { paragraph.contains("frame,\u{20}" + $0[1]) } == true)
    let quoted = DocumentationText.matches(of: #"(\([a-z]+\)[^(]*?)[0-9.]+"#, in: paragraph)
    #expect(quoted.count >= 7, "\(paragraph)")
    for figure in quoted {
      let letter = String(figure.prefix { $0 != ")" }) + ")"
      guard let row = rows.first(where: { $0.first?.hasPrefix(letter) == true }) else {
        Issue.record("the table has no row \(letter)")
        continue
      }
      let value = row[1].split(separator: " ")[0]
      #expect(
        paragraph.contains(figure + value), "the README's \(letter) is not the table's \(value)")
    }
  }
}
