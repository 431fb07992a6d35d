import FoundationEssentials
import Glibc

/// The system's ICU (Debian's `libicu72`, `libicu76`…), loaded with dlopen the first time
/// a date picker needs a locale's names and patterns. KioskKit does without Foundation's
/// own ICU, whose data would double a program's size; the system's library is shared with
/// every other program on the panel and costs nothing until a date picker shows. Its
/// functions carry the major version as a suffix (`udat_open_72`), so each is looked up
/// with the suffix of the library that was found.
struct ICULibrary: @unchecked Sendable {
  /// The major versions looked for, newest first (Debian 12 has 72, Debian 13 76).
  static let versions = 60...90

  typealias Status = Int32
  typealias PatternGeneratorOpen =
    @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Status>?) -> OpaquePointer?
  typealias BestPattern =
    @convention(c) (
      OpaquePointer?, UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<UInt16>?, Int32,
      UnsafeMutablePointer<Status>?
    ) -> Int32
  typealias Close = @convention(c) (OpaquePointer?) -> Void
  typealias DateFormatOpen =
    @convention(c) (
      Int32, Int32, UnsafePointer<CChar>?, UnsafePointer<UInt16>?, Int32,
      UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<Status>?
    ) -> OpaquePointer?
  typealias Format =
    @convention(c) (
      OpaquePointer?, Double, UnsafeMutablePointer<UInt16>?, Int32, OpaquePointer?,
      UnsafeMutablePointer<Status>?
    ) -> Int32
  typealias Symbols =
    @convention(c) (
      OpaquePointer?, Int32, Int32, UnsafeMutablePointer<UInt16>?, Int32,
      UnsafeMutablePointer<Status>?
    ) -> Int32
  typealias NumberFormatOpen =
    @convention(c) (
      Int32, UnsafePointer<UInt16>?, Int32, UnsafePointer<CChar>?, OpaquePointer?,
      UnsafeMutablePointer<Status>?
    ) -> OpaquePointer?
  typealias SetAttribute = @convention(c) (OpaquePointer?, Int32, Int32) -> Void
  typealias FormatNumber =
    @convention(c) (
      OpaquePointer?, Int32, UnsafeMutablePointer<UInt16>?, Int32, OpaquePointer?,
      UnsafeMutablePointer<Status>?
    ) -> Int32

  /// The library's file name ("libicui18n.so.72").
  let fileName: String
  let openPatternGenerator: PatternGeneratorOpen
  let bestPattern: BestPattern
  let closePatternGenerator: Close
  let openDateFormat: DateFormatOpen
  let formatDate: Format
  let symbols: Symbols
  let closeDateFormat: Close
  let openNumberFormat: NumberFormatOpen
  let setNumberAttribute: SetAttribute
  let formatNumber: FormatNumber
  let closeNumberFormat: Close

  /// The library, loaded on first use; a failure (for the process) when no ICU is
  /// installed.
  @MainActor static let shared: Result<ICULibrary, LoadError> = load()

  /// Where Foundation's own ICU is found when the app imports Foundation and links it as
  /// shared libraries (a debug build, the tests): its functions are in the process already,
  /// named `swift_udat_open`…, and taking them keeps the picker's text what Foundation's
  /// `DateFormatter` wrote. (A program linked with `--static-swift-stdlib` keeps them out
  /// of its dynamic symbols, and takes the system's.)
  static let foundationsICU = "Foundation's ICU (in the process)"

  /// Why ICU could not be used.
  struct LoadError: Error, CustomStringConvertible {
    let description: String
  }

  private static func load() -> Result<ICULibrary, LoadError> {
    if let process = dlopen(nil, RTLD_NOW) {
      if let library = ICULibrary(handle: process, fileName: foundationsICU, prefix: "swift_") {
        return .success(library)
      }
      dlclose(process)
    }
    for version in versions.reversed() {
      let name = "libicui18n.so.\(version)"
      guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
      if let library = ICULibrary(handle: handle, fileName: name, suffix: "_\(version)") {
        return .success(library)
      }
      dlclose(handle)
      return .failure(LoadError(description: "\(name) lacks the date functions"))
    }
    let tried = "libicui18n.so.\(versions.lowerBound)…\(versions.upperBound)"
    return .failure(LoadError(description: "none of \(tried) is installed"))
  }

  private init?(
    handle: UnsafeMutableRawPointer, fileName: String, prefix: String = "", suffix: String = ""
  ) {
    func symbol<T>(_ name: String, as type: T.Type) -> T? {
      dlsym(handle, prefix + name + suffix).map { unsafeBitCast($0, to: type) }
    }
    guard let openPatternGenerator = symbol("udatpg_open", as: PatternGeneratorOpen.self),
      let bestPattern = symbol("udatpg_getBestPattern", as: BestPattern.self),
      let closePatternGenerator = symbol("udatpg_close", as: Close.self),
      let openDateFormat = symbol("udat_open", as: DateFormatOpen.self),
      let formatDate = symbol("udat_format", as: Format.self),
      let symbols = symbol("udat_getSymbols", as: Symbols.self),
      let closeDateFormat = symbol("udat_close", as: Close.self),
      let openNumberFormat = symbol("unum_open", as: NumberFormatOpen.self),
      let setNumberAttribute = symbol("unum_setAttribute", as: SetAttribute.self),
      let formatNumber = symbol("unum_format", as: FormatNumber.self),
      let closeNumberFormat = symbol("unum_close", as: Close.self)
    else { return nil }
    self.fileName = fileName
    self.openPatternGenerator = openPatternGenerator
    self.bestPattern = bestPattern
    self.closePatternGenerator = closePatternGenerator
    self.openDateFormat = openDateFormat
    self.formatDate = formatDate
    self.symbols = symbols
    self.closeDateFormat = closeDateFormat
    self.openNumberFormat = openNumberFormat
    self.setNumberAttribute = setNumberAttribute
    self.formatNumber = formatNumber
    self.closeNumberFormat = closeNumberFormat
  }

  /// The UTF-16 text an ICU call writes into a buffer of `capacity` units (`call` gets the
  /// buffer, its capacity and the status); `nil` when ICU reports an error.
  static func text(
    capacity: Int32 = 256,
    _ call: (UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Status>) -> Int32
  ) -> String? {
    var buffer = [UInt16](repeating: 0, count: Int(capacity))
    var status: Status = 0
    let length = buffer.withUnsafeMutableBufferPointer { pointer in
      pointer.baseAddress.map { call($0, capacity, &status) } ?? -1
    }
    // Above zero: an error (U_ZERO_ERROR is 0, warnings are negative).
    guard status <= 0, length >= 0, length <= capacity else { return nil }
    return String(decoding: buffer.prefix(Int(length)), as: UTF16.self)
  }
}
