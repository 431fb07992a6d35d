import Foundation

/// The text of a field being edited, with its selection and marked text, and the editing
/// operations UIKit's text views perform: typing over the selection, deleting a grapheme
/// cluster, moving by graphemes and words. Offsets are UTF-16 units (as `NSRange`s in UIKit's
/// delegate methods); every operation keeps them on grapheme-cluster boundaries.
struct TextEditingBuffer: Equatable {
  /// The text.
  private(set) var text: String
  /// The selection (a caret when empty), UTF-16 offsets.
  var selection: Range<Int> {
    didSet { selection = clamp(selection) }
  }
  /// The marked text's range, if any.
  var marked: Range<Int>?

  init(text: String = "") {
    self.text = text
    let end = text.utf16.count
    selection = end..<end
  }

  var length: Int { text.utf16.count }

  func clamp(_ range: Range<Int>) -> Range<Int> {
    let lower = min(max(range.lowerBound, 0), length)
    let upper = min(max(range.upperBound, lower), length)
    return lower..<upper
  }

  func index(_ offset: Int) -> String.Index {
    let clamped = min(max(offset, 0), length)
    let utf16Index = text.utf16.index(text.utf16.startIndex, offsetBy: clamped)
    return utf16Index
  }

  func offset(_ index: String.Index) -> Int {
    text.utf16.distance(from: text.utf16.startIndex, to: index)
  }

  func stringIndexRange(_ range: Range<Int>) -> Range<String.Index> {
    index(range.lowerBound)..<index(range.upperBound)
  }

  func substring(_ range: Range<Int>) -> String {
    String(text[stringIndexRange(clamp(range))])
  }

  /// Replaces the text in `range` with `replacement`; the selection becomes a caret after
  /// it, and marked text goes.
  mutating func replace(_ range: Range<Int>, with replacement: String) {
    let range = clamp(range)
    text.replaceSubrange(stringIndexRange(range), with: replacement)
    let caret = range.lowerBound + replacement.utf16.count
    marked = nil
    selection = caret..<caret
  }

  /// Sets the whole text; the caret goes to the end.
  mutating func setText(_ newText: String) {
    text = newText
    marked = nil
    selection = length..<length
  }

  // MARK: Graphemes and words

  /// The offset of the grapheme-cluster boundary before `offset` (an offset inside a
  /// cluster goes to the cluster's start).
  func previousBoundary(before offset: Int) -> Int {
    guard offset > 0 else { return 0 }
    let rounded = characterStart(containing: index(offset))
    if rounded < index(offset) { return self.offset(rounded) }
    return self.offset(text.index(before: rounded))
  }

  /// The offset of the grapheme-cluster boundary after `offset`.
  func nextBoundary(after offset: Int) -> Int {
    guard offset < length else { return length }
    // String rounds an index inside a Character down to its start before stepping (Swift
    // 5.7 and later), so this lands on the next boundary.
    return self.offset(text.index(after: index(offset)))
  }

  /// Rounds `offset` to the start of the grapheme cluster that contains it.
  func roundedToBoundary(_ offset: Int) -> Int {
    guard offset > 0, offset < length else { return min(max(offset, 0), length) }
    return self.offset(characterStart(containing: index(offset)))
  }

  private func characterStart(containing position: String.Index) -> String.Index {
    guard position < text.endIndex else { return text.endIndex }
    return text.index(before: text.index(after: position))
  }

  /// The word around `offset`: letters and digits (any script) with the apostrophes inside
  /// them; for an offset between two non-letters, the grapheme after it.
  func wordRange(at offset: Int) -> Range<Int> {
    guard length > 0 else { return 0..<0 }
    let characters = Array(text)
    var starts: [Int] = []
    var position = 0
    for character in characters {
      starts.append(position)
      position += character.utf16.count
    }
    starts.append(position)
    // The character index at or before the offset.
    var at = starts.lastIndex { $0 <= offset } ?? 0
    if at == characters.count || !isWordCharacter(characters[at]) {
      if at > 0, isWordCharacter(characters[at - 1]) {
        at -= 1
      } else if at == characters.count {
        return starts[at - 1]..<starts[at]
      } else {
        return starts[at]..<starts[at + 1]
      }
    }
    var first = at
    while first > 0, isWordCharacter(characters[first - 1]) { first -= 1 }
    var last = at
    while last + 1 < characters.count, isWordCharacter(characters[last + 1]) { last += 1 }
    return starts[first]..<starts[last + 1]
  }

  private func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "'" || character == "’"
      || character == "_"
  }

  /// The offset of the start of the word before `offset` (Ctrl+Left).
  func previousWordStart(before offset: Int) -> Int {
    var position = previousBoundary(before: offset)
    while position > 0, !isWordCharacter(character(at: position)) {
      position = previousBoundary(before: position)
    }
    while position > 0, isWordCharacter(character(at: previousBoundary(before: position))) {
      position = previousBoundary(before: position)
    }
    return position
  }

  /// The offset after the end of the word after `offset` (Ctrl+Right).
  func nextWordEnd(after offset: Int) -> Int {
    var position = offset
    while position < length, !isWordCharacter(character(at: position)) {
      position = nextBoundary(after: position)
    }
    while position < length, isWordCharacter(character(at: position)) {
      position = nextBoundary(after: position)
    }
    return position
  }

  private func character(at offset: Int) -> Character {
    let i = index(offset)
    return i < text.endIndex ? text[i] : " "
  }
}

extension NSRange {
  /// The range as UTF-16 offsets.
  var offsets: Range<Int> {
    let lower = location == NSNotFound ? 0 : max(location, 0)
    return lower..<(lower + max(length, 0))
  }

  init(offsets: Range<Int>) {
    self.init(location: offsets.lowerBound, length: offsets.count)
  }
}
