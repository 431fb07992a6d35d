import FoundationEssentials

/// One locale's ICU formatters: its pattern generator, a formatter for short days (in UTC,
/// at noon, so no time zone moves the day) and a number formatter without grouping.
/// They stay open for the process, as `DateLocale` keeps one per locale.
@MainActor
final class ICUFormats {
  /// `udat_getSymbols`' kinds used here (ICU's `UDateFormatSymbolType`).
  enum SymbolKind: Int32 {
    case dayPeriods = 5
    case standaloneMonths = 10
  }

  private let library: ICULibrary
  private let generator: OpaquePointer
  private let dayFormat: OpaquePointer
  private let numberFormat: OpaquePointer

  /// ICU's `UDAT_PATTERN`: a formatter of the pattern given.
  private static let patternStyle: Int32 = -2
  /// ICU's `UNUM_DECIMAL`, `UNUM_GROUPING_USED` and `UNUM_MIN_INTEGER_DIGITS`.
  private static let decimalStyle: Int32 = 1
  private static let groupingUsed: Int32 = 1
  private static let minimumIntegerDigits: Int32 = 4

  /// The formatters of `locale`; `nil` when ICU cannot open them.
  init?(_ library: ICULibrary, locale: String) {
    var status: ICULibrary.Status = 0
    guard let generator = library.openPatternGenerator(locale, &status), status <= 0 else {
      return nil
    }
    let pattern = Self.bestPattern("EEEMMMd", library: library, generator: generator)
    let utf16 = Array((pattern ?? "EEE, MMM d").utf16)
    let zone = Array("UTC".utf16)
    let dayFormat = library.openDateFormat(
      Self.patternStyle, Self.patternStyle, locale, zone, Int32(zone.count), utf16,
      Int32(utf16.count), &status)
    let numberFormat = library.openNumberFormat(Self.decimalStyle, nil, 0, locale, nil, &status)
    guard let dayFormat, let numberFormat, status <= 0 else {
      library.closePatternGenerator(generator)
      if let dayFormat { library.closeDateFormat(dayFormat) }
      if let numberFormat { library.closeNumberFormat(numberFormat) }
      return nil
    }
    library.setNumberAttribute(numberFormat, Self.groupingUsed, 0)
    self.library = library
    self.generator = generator
    self.dayFormat = dayFormat
    self.numberFormat = numberFormat
  }

  /// The locale's pattern for the fields of `skeleton` ("yMMMMd" → "d. MMMM y").
  func bestPattern(_ skeleton: String) -> String? {
    Self.bestPattern(skeleton, library: library, generator: generator)
  }

  private static func bestPattern(
    _ skeleton: String, library: ICULibrary, generator: OpaquePointer
  ) -> String? {
    let utf16 = Array(skeleton.utf16)
    return ICULibrary.text { buffer, capacity, status in
      library.bestPattern(generator, utf16, Int32(utf16.count), buffer, capacity, status)
    }
  }

  /// The locale's names of `kind`, in ICU's order.
  func symbols(_ kind: SymbolKind) -> [String] {
    let count = kind == .dayPeriods ? 2 : 12
    return (0..<count).compactMap { index in
      ICULibrary.text { buffer, capacity, status in
        library.symbols(dayFormat, kind.rawValue, Int32(index), buffer, capacity, status)
      }
    }
  }

  /// `noon` (a day's noon in UTC) written as a short day.
  func shortDay(_ noon: Date) -> String? {
    ICULibrary.text { buffer, capacity, status in
      library.formatDate(
        dayFormat, noon.timeIntervalSince1970 * 1000, buffer, capacity, nil, status)
    }
  }

  /// `value` in the locale's digits, at least `digits` of them.
  func number(_ value: Int, digits: Int) -> String? {
    library.setNumberAttribute(numberFormat, Self.minimumIntegerDigits, Int32(clamping: digits))
    return ICULibrary.text { buffer, capacity, status in
      library.formatNumber(numberFormat, Int32(clamping: value), buffer, capacity, nil, status)
    }
  }
}
