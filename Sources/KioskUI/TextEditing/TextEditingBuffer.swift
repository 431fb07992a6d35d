import FoundationEssentials

/// The text of a field being edited, with its selection and marked text, and the editing
/// operations UIKit's text views perform: typing over the selection, deleting a grapheme
/// cluster, moving by graphemes and words. Offsets are UTF-16 units (as `TextRange`s in the text
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
  /// The text's length in UTF-16 units, kept with the text: counting the units of a
  /// non-ASCII text reads all of it (once after every change, 0.3 ms for 100,000 Cyrillic
  /// characters).
  private(set) var length: Int
  /// A UTF-16 offset whose string index is known: where the last edit ended (the caret).
  /// Offsets near it are found by stepping from it, so that typing into a long non-ASCII
  /// text does not read the whole text for each key.
  private var anchor: (offset: Int, index: String.Index)

  /// How far from the anchor an offset is found by stepping (farther, through the
  /// string's own index, which reads the text once after each change).
  private static let steppingLimit = 1_024

  init(text: String = "") {
    self.text = text
    let end = text.utf16.count
    length = end
    anchor = (end, text.endIndex)
    selection = end..<end
  }

  static func == (a: Self, b: Self) -> Bool {
    a.text == b.text && a.selection == b.selection && a.marked == b.marked
  }

  /// Whether the text is ASCII, where offsets are byte offsets and need no stepping.
  private var isASCII: Bool { text.utf8.count == length }

  func clamp(_ range: Range<Int>) -> Range<Int> {
    let lower = min(max(range.lowerBound, 0), length)
    let upper = min(max(range.upperBound, lower), length)
    return lower..<upper
  }

  func index(_ offset: Int) -> String.Index {
    let clamped = min(max(offset, 0), length)
    let units = text.utf16
    let distance = clamped - anchor.offset
    guard !isASCII, abs(distance) <= Self.steppingLimit else {
      return units.index(units.startIndex, offsetBy: clamped)
    }
    var index = anchor.index
    if distance > 0 {
      for _ in 0..<distance { units.formIndex(after: &index) }
    } else {
      for _ in 0..<(-distance) { units.formIndex(before: &index) }
    }
    return index
  }

  func offset(_ index: String.Index) -> Int {
    let units = text.utf16
    guard !isASCII, let scalar = index.samePosition(in: text.unicodeScalars),
      abs(byteOffset(index) - byteOffset(anchor.index))
        <= 4 * Self.steppingLimit
    else { return units.distance(from: units.startIndex, to: index) }
    // The units of the scalars between the anchor and the index.
    let before = scalar < anchor.index
    let scalars =
      before
      ? text.unicodeScalars[scalar..<anchor.index] : text.unicodeScalars[anchor.index..<scalar]
    var count = 0
    for unit in scalars { count += unit.value > 0xFFFF ? 2 : 1 }
    return before ? anchor.offset - count : anchor.offset + count
  }

  /// The UTF-8 offset of `index` (the string's own encoding: no reading).
  private func byteOffset(_ index: String.Index) -> Int {
    text.utf8.distance(from: text.utf8.startIndex, to: index)
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
    let bounds = stringIndexRange(range)
    let start = byteOffset(bounds.lowerBound)
    text.replaceSubrange(bounds, with: replacement)
    let inserted = replacement.utf16.count
    length += inserted - range.count
    let caret = range.lowerBound + inserted
    // Where the replacement ends: as many bytes on from where it starts.
    anchor = (
      caret, text.utf8.index(text.utf8.startIndex, offsetBy: start + replacement.utf8.count)
    )
    marked = nil
    selection = caret..<caret
  }

  /// Sets the whole text; the caret goes to the end.
  mutating func setText(_ newText: String) {
    text = newText
    length = newText.utf16.count
    anchor = (length, text.endIndex)
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
