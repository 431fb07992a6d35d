/// A stretch of text as a UTF-16 offset and length, the way UIKit's `TextRange` gives a
/// selection, marked text and the characters a delegate is asked about. KioskKit's own
/// type: `TextRange` is Foundation's, and KioskKit does without Foundation (its ICU data
/// would double a program's size); an app that imports Foundation converts with
/// `TextRange(location: range.location, length: range.length)`.
public struct TextRange: Hashable, Sendable, CustomStringConvertible {
  /// Foundation's `NSNotFound`: a location that names no place in the text.
  public static let notFound = Int.max

  /// Where the stretch begins, in UTF-16 units from the start of the text.
  public var location: Int
  /// How many UTF-16 units it covers.
  public var length: Int

  /// The stretch of `length` units from `location`.
  public init(location: Int, length: Int) {
    self.location = location
    self.length = length
  }

  /// The empty stretch at the start of the text.
  public init() {
    self.init(location: 0, length: 0)
  }

  /// The stretch of `text` that `range` covers, in UTF-16 units.
  public init(_ range: some RangeExpression<String.Index>, in text: some StringProtocol) {
    let bounds = range.relative(to: text)
    let start = text.utf16.distance(from: text.startIndex, to: bounds.lowerBound)
    self.init(
      location: start, length: text.utf16.distance(from: bounds.lowerBound, to: bounds.upperBound))
  }

  /// The first location after the stretch.
  public var upperBound: Int { location + length }

  public var description: String { "{\(location), \(length)}" }

  /// The range as UTF-16 offsets.
  var offsets: Range<Int> {
    let lower = location == Self.notFound ? 0 : max(location, 0)
    return lower..<(lower + max(length, 0))
  }

  init(offsets: Range<Int>) {
    self.init(location: offsets.lowerBound, length: offsets.count)
  }
}

extension Range where Bound == String.Index {
  /// The indices of `text` that `range` covers; `nil` when it reaches past the end.
  public init?(_ range: TextRange, in text: String) {
    let utf16 = text.utf16
    guard range.location >= 0, range.length >= 0, range.location != TextRange.notFound,
      let lower = utf16.index(
        utf16.startIndex, offsetBy: range.location, limitedBy: utf16.endIndex),
      let upper = utf16.index(lower, offsetBy: range.length, limitedBy: utf16.endIndex)
    else { return nil }
    self = lower..<upper
  }
}
