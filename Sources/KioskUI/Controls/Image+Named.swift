import FoundationEssentials
import KioskGraphics

extension Image {
  /// The image `name` from `bundle` (the main bundle when `nil`; a package's own resources
  /// are in `ResourceBundle(path: Bundle.module.bundlePath)`), in the variant made for `scale` (by default the main screen's),
  /// as UIKit's `UIImage(named:in:compatibleWith:)`: `logo@2x.png` on a screen of scale 2,
  /// else the nearest larger variant (scaled down when drawn), else the nearest smaller one,
  /// `logo.png` counting as scale 1. The image's `scale` is its variant's, so it has the
  /// same size in points whichever variant was found.
  ///
  /// `name` may carry its extension (`logo.jpg`); without one, `png`, then `jpg` and `jpeg`
  /// are looked for. A folder in front (`Flags/de`) looks inside that folder of the bundle
  /// (resources a package copies with `.copy`). Unlike UIKit, which returns `nil`, a
  /// missing image throws `ImageError.notInBundle` naming the bundle and the files looked
  /// for, and a damaged one the decoding error: a kiosk's images ship with it, so a missing
  /// one is a packaging mistake worth a message.
  ///
  /// ```swift
  /// let logo = try Image(named: "logo")  // beside the program
  /// ```
  @MainActor
  public convenience init(
    named name: String, in bundle: ResourceBundle? = nil, scale: Double? = nil
  )
    throws(ImageError)
  {
    let bundle = bundle ?? .main
    let wanted = scale ?? Screen.main.scale
    let (folder, file) = Self.split(name)
    let (base, extensions) = Self.baseAndExtensions(file)
    var tried: [String] = []
    for variantScale in Self.variantOrder(for: wanted) {
      let variant = variantScale == 1 ? base : "\(base)@\(variantScale)x"
      for ext in extensions {
        tried.append("\(folder.map { $0 + "/" } ?? "")\(variant).\(ext)")
        if let path = bundle.path(forResource: variant, ofType: ext, inDirectory: folder) {
          try self.init(contentsOfFile: path, scale: Double(variantScale))
          return
        }
      }
    }
    throw .notInBundle(name: name, bundle: bundle.bundlePath, tried: tried)
  }

  /// The variant scales to try for a screen of `scale`: the one made for it, then larger
  /// ones from the nearest up, then smaller ones from the nearest down.
  static func variantOrder(for scale: Double) -> [Int] {
    let scales = [1, 2, 3]
    let target = scale.isFinite && scale > 0 ? scale : 1
    let exact = scales.filter { Double($0) == target }
    let larger = scales.filter { Double($0) > target }
    let smaller = scales.filter { Double($0) < target }.reversed()
    return exact + larger + smaller
  }

  /// `Flags/de` → (`Flags`, `de`).
  private static func split(_ name: String) -> (folder: String?, file: String) {
    guard let slash = name.lastIndex(of: "/") else { return (nil, name) }
    return (String(name[..<slash]), String(name[name.index(after: slash)...]))
  }

  /// `logo.jpg` → (`logo`, [`jpg`]); `logo` → (`logo`, [`png`, `jpg`, `jpeg`]).
  private static func baseAndExtensions(_ file: String) -> (String, [String]) {
    for ext in ["png", "jpg", "jpeg"] where file.lowercased().hasSuffix("." + ext) {
      return (String(file.dropLast(ext.count + 1)), [String(file.suffix(ext.count))])
    }
    return (file, ["png", "jpg", "jpeg"])
  }
}
