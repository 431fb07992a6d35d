import Foundation
import KioskGraphics

/// Why a snapshot did not match its golden image.
public struct SnapshotMismatch: Error, CustomStringConvertible {
  /// What went wrong, with the paths of the files written for inspection.
  public let description: String
}

/// How close a snapshot must be to its golden image.
public struct SnapshotTolerance: Sendable {
  /// The largest difference of any colour channel (0...255) that still counts as equal.
  public var channel: Int
  /// The fraction of pixels (0...1) allowed to differ by more than `channel`.
  public var pixelFraction: Double

  /// Creates a tolerance.
  public init(channel: Int, pixelFraction: Double) {
    self.channel = channel
    self.pixelFraction = pixelFraction
  }

  /// Small enough to catch a moved edge, loose enough for antialiasing noise.
  public static let standard = SnapshotTolerance(channel: 8, pixelFraction: 0.001)
}

/// Compares the app's last presented frame with the golden PNG `Goldens/NAME.png` next to
/// the calling test file, and throws `SnapshotMismatch` if they differ beyond `tolerance`.
///
/// A mismatch writes `NAME.actual.png` and `NAME.diff.png` (differing pixels in red) next
/// to the golden. With `KIOSK_RECORD_SNAPSHOTS=1` in the environment, or when there is no
/// golden yet and recording is on, the frame is written as the new golden instead.
/// `KIOSK_GOLDENS_DIR=FOLDER` reads (and records) the goldens in FOLDER instead of next to
/// the test file: another platform's reference frames (the arm64 run compares with what
/// the same Debian release draws on amd64). With
/// `KIOSK_SNAPSHOT_REPORT=FILE`, every comparison appends a line to FILE: the name, the
/// pixels beyond the tolerance, the largest difference and the pixels allowed (how the
/// goldens compare on another architecture or release, match or not).
@MainActor
public func assertSnapshot(
  of app: TestApplication, named name: String, tolerance: SnapshotTolerance = .standard,
  filePath: StaticString = #filePath
) throws {
  try assertSnapshot(of: app.snapshot(), named: name, tolerance: tolerance, filePath: filePath)
}

/// Compares a bitmap with its golden PNG; see `assertSnapshot(of:named:tolerance:filePath:)`.
public func assertSnapshot(
  of bitmap: Bitmap, named name: String, tolerance: SnapshotTolerance = .standard,
  filePath: StaticString = #filePath
) throws {
  let environment = ProcessInfo.processInfo.environment
  let folder =
    environment["KIOSK_GOLDENS_DIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
    .appendingPathComponent("Goldens")
  let golden = folder.appendingPathComponent("\(name).png")
  let actual = folder.appendingPathComponent("\(name).actual.png")
  let diff = folder.appendingPathComponent("\(name).diff.png")
  let recording = environment["KIOSK_RECORD_SNAPSHOTS"] == "1"
  if recording {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try bitmap.writePNG(to: golden)
    try? FileManager.default.removeItem(at: actual)
    try? FileManager.default.removeItem(at: diff)
    return
  }
  let reference: Image
  do {
    reference = try Image(contentsOfFile: golden.path)
  } catch {
    try? bitmap.writePNG(to: actual)
    throw SnapshotMismatch(
      description:
        "no golden image \(golden.path) (\(error)); the frame is in \(actual.lastPathComponent). "
        + "Run with KIOSK_RECORD_SNAPSHOTS=1 to record it.")
  }
  let expected = reference.pixelBuffer
  guard expected.width == bitmap.width, expected.height == bitmap.height else {
    try? bitmap.writePNG(to: actual)
    throw SnapshotMismatch(
      description:
        "\(name): the frame is \(bitmap.width)×\(bitmap.height) px, the golden "
        + "\(expected.width)×\(expected.height) px; the frame is in \(actual.path)")
  }
  var differing = 0
  var worst = 0
  for y in 0..<bitmap.height {
    for x in 0..<bitmap.width {
      let delta = channelDifference(
        bitmap.buffer.rawPixel(x: x, y: y), expected.rawPixel(x: x, y: y))
      worst = max(worst, delta)
      if delta > tolerance.channel { differing += 1 }
    }
  }
  let allowed = Int(Double(bitmap.width * bitmap.height) * tolerance.pixelFraction)
  if let report = environment["KIOSK_SNAPSHOT_REPORT"], !report.isEmpty {
    appendLine(
      "\(name) differing=\(differing) largest=\(worst) allowed=\(allowed) channel=\(tolerance.channel)",
      to: report)
  }
  if differing > allowed {
    try? bitmap.writePNG(to: actual)
    try? differenceImage(bitmap.buffer, expected, tolerance: tolerance.channel).writePNG(
      to: diff.path)
    throw SnapshotMismatch(
      description:
        "\(name): \(differing) pixels differ by more than \(tolerance.channel) "
        + "(largest difference \(worst), \(allowed) allowed); see \(actual.path) and \(diff.path)")
  }
  try? FileManager.default.removeItem(at: actual)
  try? FileManager.default.removeItem(at: diff)
}

/// Appends `line` and a line break to the file at `path`, creating it (tests run in
/// parallel: one write of the whole line, with O_APPEND, keeps lines whole).
private func appendLine(_ line: String, to path: String) {
  let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
  guard descriptor >= 0 else { return }
  defer { close(descriptor) }
  let bytes = Array((line + "\n").utf8)
  _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

/// The largest difference of the red, green and blue channels of two pixels.
private func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
  func channel(_ shift: UInt32) -> Int {
    abs(Int((a >> shift) & 0xff) - Int((b >> shift) & 0xff))
  }
  return max(channel(0), channel(8), channel(16))
}

/// Differing pixels in red over a faded copy of the frame, so the marks can be placed.
private func differenceImage(_ frame: PixelBuffer, _ golden: PixelBuffer, tolerance: Int) throws
  -> PixelBuffer
{
  let result = try PixelBuffer(width: frame.width, height: frame.height)
  for y in 0..<frame.height {
    let row = (result.baseAddress + y * result.stride).assumingMemoryBound(to: UInt32.self)
    for x in 0..<frame.width {
      let a = frame.rawPixel(x: x, y: y)
      if channelDifference(a, golden.rawPixel(x: x, y: y)) > tolerance {
        row[x] = 0xffff_0000
      } else {
        let faded = Color(premultipliedARGB32: a | 0xff00_0000).interpolated(
          to: .white, fraction: 0.8)
        row[x] = faded.premultipliedARGB32
      }
    }
  }
  return result
}
