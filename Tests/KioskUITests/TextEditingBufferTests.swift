import Testing

@testable import KioskUI

/// `TextEditingBuffer` finds offsets near its last edit by stepping from it (a long
/// non-ASCII text is not read whole for each key): every offset and index it gives is the
/// string's own, near the edit and far from it, across surrogate pairs and clusters.
struct TextEditingBufferTests {
  /// The string's own answers, which read the text from its start.
  private func check(_ buffer: TextEditingBuffer, _ note: String) {
    let units = buffer.text.utf16
    #expect(buffer.length == units.count, "\(note): length")
    let caret = buffer.selection.upperBound
    let offsets = Set(
      [0, 1, caret - 700, caret - 3, caret - 1, caret, caret + 1, caret + 5, buffer.length]
        + [buffer.length / 2, buffer.length - 2]
    ).filter { $0 >= 0 && $0 <= buffer.length }
    for offset in offsets.sorted() {
      let expected = units.index(units.startIndex, offsetBy: offset)
      #expect(buffer.index(offset) == expected, "\(note): index of \(offset)")
    }
    var index = buffer.text.startIndex
    var offset = 0
    var visited = 0
    while index < buffer.text.endIndex, visited < 5_000 {
      #expect(buffer.offset(index) == offset, "\(note): offset at \(offset)")
      offset += buffer.text[index].utf16.count
      index = buffer.text.index(after: index)
      visited += 1
    }
    #expect(buffer.offset(buffer.text.endIndex) == buffer.length, "\(note): end")
  }

  @Test func offsetsNearAndFarFromTheLastEditAreTheStrings() {
    let piece = "Съешь 😀 漢字 e\u{301} 👨‍👩‍👧 "
    var buffer = TextEditingBuffer(text: String(repeating: piece, count: 80))
    check(buffer, "set")
    for (step, edit) in ["ж", "😀", "字", "\u{301}", "", "ab", "👍🏽"].enumerated() {
      let caret = buffer.selection.upperBound
      let range = edit.isEmpty ? buffer.previousBoundary(before: caret)..<caret : caret..<caret
      buffer.replace(range, with: edit)
      check(buffer, "edit \(step)")
    }
    // An edit far from the last one, then back.
    buffer.replace(10..<12, with: "Ω")
    check(buffer, "far edit")
    buffer.selection = buffer.length..<buffer.length
    buffer.replace(buffer.selection, with: "конец")
    check(buffer, "end")
    buffer.setText("новый 😀")
    check(buffer, "new text")
  }
}
