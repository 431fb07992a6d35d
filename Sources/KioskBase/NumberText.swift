import Glibc

extension String {
  /// `value` with `decimals` digits after the point ("59.94" for 59.94 and 2), rounded
  /// the way C's printf rounds: the text `String(format: "%.2f", value)` made before the
  /// modules left Foundation, which the logs, kioskctl's replies and the tests compare.
  public init(_ value: Double, decimals: Int) {
    self = String.printf("%.*f", Int32(clamping: Swift.max(0, decimals)), value)
  }

  /// `value` with zeros in front up to `digits` digits ("07" for 7 and 2), as printf's
  /// "%02d"; a minus sign counts towards `digits`, as there.
  public init(_ value: Int, digits: Int) {
    self = String.printf("%0*ld", Int32(clamping: Swift.max(0, digits)), value)
  }

  /// The C locale's numbers, whatever locale the app set with setlocale: a point before
  /// the decimals, as Foundation's `String(format:)` wrote them.
  nonisolated(unsafe) private static let cNumbers = newlocale(LC_NUMERIC_MASK, "C", nil)

  /// vsnprintf in the C locale, into a buffer that holds the usual texts, else once more
  /// into one of the length it asked for (a huge value with many decimals).
  private static func printf(_ format: String, _ arguments: CVarArg...) -> String {
    let previous = cNumbers.map { uselocale($0) }
    defer { if let previous { uselocale(previous) } }
    var buffer = [CChar](repeating: 0, count: 512)
    let written = withVaList(arguments) { list in
      buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) }
    }
    guard written >= 0 else { return "" }
    if Int(written) < buffer.count {
      return String(
        decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    var larger = [CChar](repeating: 0, count: Int(written) + 1)
    _ = withVaList(arguments) { list in
      larger.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) }
    }
    return String(decoding: larger.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
