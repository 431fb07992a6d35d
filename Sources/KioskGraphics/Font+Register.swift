internal import CCairo
import FoundationEssentials

/// Why a font file could not be registered (`Font.register(contentsOf:)`).
public enum FontRegistrationError: Error, Equatable, CustomStringConvertible {
  /// Nothing exists at the path.
  case fileNotFound(path: String)
  /// The file holds no font FreeType can read.
  case notAFont(path: String)
  /// fontconfig would not add the file.
  case refused(path: String)

  /// A sentence saying what went wrong.
  public var description: String {
    switch self {
    case .fileNotFound(let path):
      "No font file at \(path); check that the package ships it as a resource."
    case .notAFont(let path):
      "\(path) is not a font file (TrueType, OpenType or a collection of them)."
    case .refused(let path): "fontconfig did not take the font file \(path)."
    }
  }
}

extension Font {
  /// Makes the fonts of a file the app ships (TrueType, OpenType, or a collection) usable by
  /// their family names in this process: fontconfig's application fonts, so nothing is
  /// installed system-wide and nothing is written. Returns the families the file holds;
  /// `Font(name: family, size: 20)` then draws with them. The counterpart of
  /// `CTFontManagerRegisterFontsForURL` with the process scope.
  ///
  /// Register before the text that uses a font is laid out (in `didFinishLaunching`, say):
  /// text laid out afterwards finds the new fonts, text already laid out keeps its fonts
  /// until it is laid out again.
  ///
  /// ```swift
  /// if let path = Bundle.module.path(forResource: "Signage", ofType: "otf") {
  ///   try Font.register(contentsOf: path)  // ["Signage"]
  /// }
  /// ```
  @discardableResult
  public static func register(contentsOf path: String) throws(FontRegistrationError) -> [String] {
    // fontconfig is set up, and the calling thread has its font map.
    FontSetUp.waitUntilReady()
    guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
    guard let faces = FcFontSetCreate() else { throw .refused(path: path) }
    defer { FcFontSetDestroy(faces) }
    // Every face of the file (a collection has several), read as fontconfig will.
    let count = path.withCString { name in
      name.withMemoryRebound(to: FcChar8.self, capacity: strlen(name) + 1) {
        FcFreeTypeQueryAll($0, UInt32.max, nil, nil, faces)
      }
    }
    guard count > 0 else { throw .notAFont(path: path) }
    var families: [String] = []
    for index in 0..<Int(faces.pointee.nfont) {
      var family: UnsafeMutablePointer<FcChar8>?
      guard let pattern = faces.pointee.fonts[index],
        FcPatternGetString(pattern, "family", 0, &family) == FcResultMatch, let family
      else { continue }
      let name = String(cString: family)
      if !families.contains(name) { families.append(name) }
    }
    let added = path.withCString { name in
      name.withMemoryRebound(to: FcChar8.self, capacity: strlen(name) + 1) {
        FcConfigAppFontAddFile(nil, $0)
      }
    }
    guard added != 0 else { throw .refused(path: path) }
    FontCaches.fontsDidChange()
    return families
  }

  /// `register(contentsOf:)` for a file URL (`Bundle.module.url(forResource:withExtension:)`).
  @discardableResult
  public static func register(contentsOf url: URL) throws(FontRegistrationError) -> [String] {
    try register(contentsOf: url.path)
  }
}

extension FontCaches {
  /// Fonts were added: the calling thread's font map forgets what it matched (its fontsets
  /// were made without them), and line metrics are measured again.
  static func fontsDidChange() {
    FontLineMetrics.cache.removeAll()
    guard let fontMap = threadFontconfigFontMap() else { return }
    pango_fc_font_map_config_changed(fontMap)
  }
}
