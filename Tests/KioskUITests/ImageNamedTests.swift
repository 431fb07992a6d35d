import Foundation
import KioskGraphics
import Testing

@testable import KioskUI

/// `Image(named:in:)` over a bundle folder made for the test: logo.png (4×4 px, red),
/// logo@2x.png (8×8 px, green), photo.jpg's name with no such file, Flags/de.png.
@MainActor
@Suite struct ImageNamedTests {
  let folder: String
  let bundle: ResourceBundle

  init() throws {
    let folder = NSTemporaryDirectory() + "kiosk-bundle-\(UUID().uuidString)"
    self.folder = folder
    try FileManager.default.createDirectory(
      atPath: folder + "/Flags", withIntermediateDirectories: true)
    func write(_ name: String, size: Int, color: Color) throws {
      let buffer = try PixelBuffer(width: size, height: size)
      buffer.fill(color)
      try Data(try buffer.pngData()).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    try write("logo.png", size: 4, color: .red)
    try write("logo@2x.png", size: 8, color: .green)
    try write("Flags/de.png", size: 2, color: .blue)
    bundle = try #require(ResourceBundle(path: folder))
  }

  @Test func theVariantForTheScreensScaleIsChosen() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let two = try Image(named: "logo", in: bundle, scale: 2)
    #expect(two.scale == 2 && two.pixelBuffer.width == 8)
    #expect(two.size == Size(width: 4, height: 4))
    #expect(two.pixelBuffer.pixel(x: 1, y: 1) == .green)
    let one = try Image(named: "logo.png", in: bundle, scale: 1)
    #expect(one.scale == 1 && one.pixelBuffer.pixel(x: 1, y: 1) == .red)
    // No @3x: the nearest smaller variant; at 1.5 the nearest larger one.
    #expect(try Image(named: "logo", in: bundle, scale: 3).scale == 2)
    #expect(try Image(named: "logo", in: bundle, scale: 1.5).scale == 2)
    #expect(try Image(named: "Flags/de", in: bundle, scale: 2).size == Size(width: 2, height: 2))
  }

  @Test func aMissingImageNamesTheBundleAndTheFilesLookedFor() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    do {
      _ = try Image(named: "photo", in: bundle, scale: 2)
      Issue.record("a missing image loaded")
    } catch {
      guard case .notInBundle(let name, let path, let tried) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(name == "photo" && path == bundle.bundlePath)
      #expect(tried.first == "photo@2x.png" && tried.contains("photo.jpeg"))
      #expect(error.description.contains(bundle.bundlePath))
    }
  }

  @Test func theVariantOrderFollowsUIKit() {
    #expect(Image.variantOrder(for: 2) == [2, 3, 1])
    #expect(Image.variantOrder(for: 3) == [3, 2, 1])
    #expect(Image.variantOrder(for: 1) == [1, 2, 3])
    #expect(Image.variantOrder(for: 1.5) == [2, 3, 1])
  }

  @Test func imagesDecodeFromData() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/logo.png"))
    #expect(try Image(data: data).pixelBuffer.width == 4)
  }
}
