import Foundation
import Testing

@testable import KioskGraphics

/// `Font.register(contentsOf:)` with a font no one installed: DejaVu Serif (from
/// fonts-dejavu-core) copied with its family renamed "KioskT Serif" (same length, in both
/// of the name table's encodings).
@Suite(.serialized) struct FontRegistrationTests {
  static let source = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

  /// The renamed copy, in a folder of its own.
  func renamedCopy() throws -> String {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.source)))
    for (old, new) in [
      (Array("DejaVu Serif".utf8), Array("KioskT Serif".utf8)),
      (utf16BE("DejaVu Serif"), utf16BE("KioskT Serif")),
    ] {
      var index = 0
      while index + old.count <= bytes.count {
        if Array(bytes[index..<index + old.count]) == old {
          bytes.replaceSubrange(index..<index + old.count, with: new)
          index += old.count
        } else {
          index += 1
        }
      }
    }
    let folder = NSTemporaryDirectory() + "kiosk-font-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/KioskTSerif.ttf"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func utf16BE(_ text: String) -> [UInt8] {
    text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
  }

  /// "Kiosk" drawn in `family`, as pixels.
  private func drawn(_ family: String) throws -> [Color] {
    let layout = TextLayout(text: "Kiosk Rag", font: Font(name: family, size: 24))
    let image = try Image.render(size: Size(width: 160, height: 40), scale: 1) {
      $0.draw(layout, at: Point(x: 4, y: 4))
    }
    var pixels: [Color] = []
    for y in 0..<image.pixelBuffer.height {
      for x in 0..<image.pixelBuffer.width { pixels.append(image.pixelBuffer.pixel(x: x, y: y)) }
    }
    return pixels
  }

  @Test func anAppsFontIsDrawnByItsFamilyOnceRegistered() throws {
    let path = try renamedCopy()
    defer {
      try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
    let serif = try drawn("DejaVu Serif")
    // Unknown yet: fontconfig falls back to its sans-serif.
    let before = try drawn("KioskT Serif")
    #expect(before != serif)
    #expect(try Font.register(contentsOf: path) == ["KioskT Serif"])
    #expect(try drawn("KioskT Serif") == serif)
  }

  @Test func badFilesAreErrorsNamingThem() throws {
    #expect(throws: FontRegistrationError.fileNotFound(path: "/no/such/font.ttf")) {
      try Font.register(contentsOf: "/no/such/font.ttf")
    }
    let text = NSTemporaryDirectory() + "kiosk-not-a-font-\(UUID().uuidString).ttf"
    try Data("not a font".utf8).write(to: URL(fileURLWithPath: text))
    defer { try? FileManager.default.removeItem(atPath: text) }
    #expect(throws: FontRegistrationError.notAFont(path: text)) {
      try Font.register(contentsOf: text)
    }
  }
}
