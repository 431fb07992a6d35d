import Foundation
import KioskGraphics

/// kiosk-gallery: a contact sheet of golden images for the README. Each PNG under the given
/// folders becomes a thumbnail with its name below, in a grid of `columns`, written as one
/// PNG.
///
///     kiosk-gallery OUTPUT.png [--columns N] [--width PX] FOLDER…
@main
struct Gallery {
  static func main() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var columns = 4
    var cellWidth = 300.0
    func option(_ name: String) -> Double? {
      guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
        let value = Double(arguments[index + 1])
      else { return nil }
      arguments.removeSubrange(index...(index + 1))
      return value
    }
    columns = option("--columns").map { max(1, Int($0)) } ?? columns
    cellWidth = option("--width").map { max(64, $0) } ?? cellWidth
    guard arguments.count >= 2 else {
      FileHandle.standardError.write(
        Data("usage: kiosk-gallery OUTPUT.png [--columns N] [--width PX] FOLDER…\n".utf8))
      exit(64)
    }
    let output = arguments[0]
    let files = arguments.dropFirst().flatMap { goldens(in: $0) }
    guard !files.isEmpty else {
      FileHandle.standardError.write(Data("kiosk-gallery: no PNG files found\n".utf8))
      exit(66)
    }
    do {
      let sheet = try contactSheet(of: files, columns: columns, cellWidth: cellWidth)
      try Data(try sheet.pngData()).write(to: URL(fileURLWithPath: output))
      print("kiosk-gallery: \(files.count) images in \(output)")
    } catch {
      FileHandle.standardError.write(Data("kiosk-gallery: \(error)\n".utf8))
      exit(1)
    }
  }

  /// The PNGs of `folder` (not the `.actual` and `.diff` images a failed test leaves), by name.
  static func goldens(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter {
      $0.hasSuffix(".png") && !$0.hasSuffix(".actual.png") && !$0.hasSuffix(".diff.png")
    }
    .sorted().map { folder + "/" + $0 }
  }

  /// A grid of thumbnails `cellWidth` wide (heights follow each image's aspect), each with
  /// its file name under it.
  static func contactSheet(of files: [String], columns: Int, cellWidth: Double) throws
    -> PixelBuffer
  {
    let images = try files.map { try Image(contentsOfFile: $0) }
    let gap = 12.0
    let caption = 18.0
    let thumbHeights = images.map { cellWidth * $0.size.height / max($0.size.width, 1) }
    let rows = (images.count + columns - 1) / columns
    var rowHeights: [Double] = []
    for row in 0..<rows {
      let range = (row * columns)..<min((row + 1) * columns, images.count)
      rowHeights.append((range.map { thumbHeights[$0] }.max() ?? 0) + caption)
    }
    let width = gap + Double(columns) * (cellWidth + gap)
    let height = gap + rowHeights.reduce(0) { $0 + $1 + gap }
    let sheet = try PixelBuffer(width: Int(width.rounded(.up)), height: Int(height.rounded(.up)))
    let context = GraphicsContext(buffer: sheet)
    context.setFillColor(Color(hex: 0xf2f2f7))
    context.fill(Rect(x: 0, y: 0, width: width, height: height))
    var y = gap
    for row in 0..<rows {
      for column in 0..<columns {
        let index = row * columns + column
        guard index < images.count else { break }
        let x = gap + Double(column) * (cellWidth + gap)
        let frame = Rect(x: x, y: y, width: cellWidth, height: thumbHeights[index])
        context.setFillColor(Color(hex: 0xc6c6c8))
        context.fill(frame.insetBy(dx: -1, dy: -1))
        context.draw(images[index], in: frame)
        let name = (files[index] as NSString).lastPathComponent.replacingOccurrences(
          of: ".png", with: "")
        let label = TextLayout(
          text: name, font: .systemFont(ofSize: 12), color: Color(hex: 0x3c3c43),
          lineBreakMode: .byTruncatingMiddle, width: cellWidth)
        context.draw(label, at: Point(x: x, y: y + thumbHeights[index] + 3))
      }
      y += rowHeights[row] + gap
    }
    return sheet
  }
}
