import FoundationEssentials
import KioskGraphics

/// What a text editor asks of the view it edits for: the delegate's permission, the layout
/// of the text as shown, and word of changes.
@MainActor
protocol TextEditorHost: AnyObject {
  /// Whether `range` may be replaced by `replacement` (the delegate's say).
  func editorShouldChange(_ range: TextRange, replacement: String) -> Bool
  /// `range` of the text is about to be replaced (`editorTextDidChange` follows).
  func editorTextWillChange(_ range: Range<Int>)
  /// The text changed (typed, deleted, pasted, marked).
  func editorTextDidChange()
  /// The selection or the caret moved.
  func editorSelectionDidChange()
  /// The text as laid out on screen, for caret motion in the order text is shown; `nil`
  /// while the text is hidden (secure entry).
  var editorLayout: TextLayout? { get }
  /// Return was typed on a hardware keyboard or tapped on the on-screen one.
  func editorReturnKeyPressed()
  /// Up or Down on a hardware keyboard: the offset a line above or below, for multi-line
  /// views; `nil` moves to the start or the end.
  func editorOffset(verticallyFrom offset: Int, down: Bool) -> Int?
  /// Whether text may be copied out (not for secure entry).
  var editorAllowsCopy: Bool { get }
}

/// The editing operations shared by `TextField` and `TextView`: typing, deleting a grapheme
/// cluster, marked text, the selection, caret motion, cut/copy/paste and the hardware
/// keyboard's editing keys. It keeps the text in a `TextEditingBuffer`.
@MainActor
final class TextEditor {
  private(set) var buffer = TextEditingBuffer()
  weak var host: TextEditorHost?
  /// A single-line editor turns line breaks into spaces.
  let isSingleLine: Bool

  init(isSingleLine: Bool) {
    self.isSingleLine = isSingleLine
  }

  var text: String { buffer.text }
  var selection: Range<Int> { buffer.selection }
  var marked: Range<Int>? { buffer.marked }
  var caret: Int { buffer.selection.upperBound }

  /// Sets the text without asking the delegate (the app set it); the caret goes to the end.
  func setText(_ text: String) {
    buffer.setText(sanitize(text))
  }

  func setSelection(_ range: Range<Int>) {
    let range = buffer.clamp(range)
    let rounded =
      buffer.roundedToBoundary(
        range.lowerBound)..<max(
        buffer.roundedToBoundary(range.lowerBound), buffer.roundedToBoundary(range.upperBound))
    guard rounded != buffer.selection else { return }
    buffer.selection = rounded
    host?.editorSelectionDidChange()
  }

  /// Text as it may go into this editor: no NUL or other control characters (a device's
  /// bytes that were not UTF-8 arrive as U+FFFD and are dropped too), and no line breaks in
  /// a single line.
  func sanitize(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A, 0x0D:
        if isSingleLine {
          scalars.append(" ")
        } else if scalar.value == 0x0A {
          scalars.append(scalar)
        }
      case 0x09: scalars.append(scalar)
      case 0x00..<0x20, 0x7F, 0xFFFD: continue
      default: scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  // MARK: Editing

  /// Replaces `range` with `text` if the delegate agrees; returns whether it did.
  @discardableResult
  func replace(_ range: Range<Int>, with text: String) -> Bool {
    let clean = sanitize(text)
    let range = buffer.clamp(range)
    guard host?.editorShouldChange(TextRange(offsets: range), replacement: clean) ?? true else {
      return false
    }
    host?.editorTextWillChange(range)
    buffer.replace(range, with: clean)
    host?.editorTextDidChange()
    host?.editorSelectionDidChange()
    return true
  }

  /// Types `text` over the marked text, else over the selection.
  func insertText(_ text: String) {
    replace(buffer.marked ?? buffer.selection, with: text)
  }

  /// Deletes the selection, else the grapheme cluster before the caret.
  func deleteBackward() {
    if let marked = buffer.marked, !marked.isEmpty {
      // Without an input method driving it, marked text loses its last grapheme and stays
      // marked.
      let start = buffer.previousBoundary(before: marked.upperBound)
      let kept = buffer.substring(marked.lowerBound..<start)
      setMarkedText(kept, selectedRange: TextRange(location: kept.utf16.count, length: 0))
      return
    }
    if !buffer.selection.isEmpty {
      replace(buffer.selection, with: "")
      return
    }
    let caret = buffer.selection.lowerBound
    guard caret > 0 else { return }
    replace(buffer.previousBoundary(before: caret)..<caret, with: "")
  }

  /// Deletes the selection, else the grapheme cluster after the caret.
  func deleteForward() {
    if !buffer.selection.isEmpty {
      replace(buffer.selection, with: "")
      return
    }
    let caret = buffer.selection.lowerBound
    guard caret < buffer.length else { return }
    replace(caret..<buffer.nextBoundary(after: caret), with: "")
  }

  /// Replaces the marked text (or the selection) with `markedText` and marks it.
  func setMarkedText(_ markedText: String?, selectedRange: TextRange) {
    let clean = sanitize(markedText ?? "")
    let range = buffer.marked ?? buffer.selection
    buffer.replace(range, with: clean)
    if clean.isEmpty {
      buffer.marked = nil
    } else {
      let marked = range.lowerBound..<(range.lowerBound + clean.utf16.count)
      buffer.marked = marked
      let inner = selectedRange.offsets
      let lower = min(marked.lowerBound + inner.lowerBound, marked.upperBound)
      let upper = min(marked.lowerBound + inner.upperBound, marked.upperBound)
      buffer.selection = lower..<upper
    }
    host?.editorTextDidChange()
    host?.editorSelectionDidChange()
  }

  /// The marked text becomes ordinary text.
  func unmarkText() {
    guard buffer.marked != nil else { return }
    buffer.marked = nil
    host?.editorTextDidChange()
  }

  // MARK: Selection

  func selectAll() {
    setSelection(0..<buffer.length)
  }

  /// A selection handle dragged to `offset`: the start (`isStart`) or the end of the
  /// selection moves there, never past the other end (at least one unit stays selected).
  func moveSelectionHandle(isStart: Bool, to offset: Int) {
    if isStart {
      setSelection(min(offset, selection.upperBound - 1)..<selection.upperBound)
    } else {
      setSelection(selection.lowerBound..<max(offset, selection.lowerBound + 1))
    }
  }

  func selectWord(at offset: Int) {
    setSelection(buffer.wordRange(at: offset))
  }

  /// Moves the caret one grapheme left or right as the text is shown (bidi-aware), or by a
  /// word; with `extending` the selection grows from its anchor instead.
  func moveHorizontally(right: Bool, byWord: Bool, extending: Bool) {
    let selection = buffer.selection
    if !extending, !selection.isEmpty, !byWord {
      let edge = right ? selection.upperBound : selection.lowerBound
      setSelection(edge..<edge)
      return
    }
    let from = extending ? movingEnd : (right ? selection.upperBound : selection.lowerBound)
    var target: Int
    if byWord {
      target = right ? buffer.nextWordEnd(after: from) : buffer.previousWordStart(before: from)
    } else if let layout = host?.editorLayout, layout.text == buffer.text {
      let index = buffer.index(from)
      if let moved = layout.index(movingVisuallyFrom: index, right: right) {
        target = buffer.offset(moved)
      } else {
        target = from
      }
    } else {
      target = right ? buffer.nextBoundary(after: from) : buffer.previousBoundary(before: from)
    }
    target = min(max(target, 0), buffer.length)
    moveEnd(to: target, extending: extending)
  }

  func moveVertically(down: Bool, extending: Bool) {
    let from =
      extending ? movingEnd : (down ? buffer.selection.upperBound : buffer.selection.lowerBound)
    let target = host?.editorOffset(verticallyFrom: from, down: down) ?? (down ? buffer.length : 0)
    moveEnd(to: target, extending: extending)
  }

  func moveToEnd(_ end: Bool, extending: Bool) {
    moveEnd(to: end ? buffer.length : 0, extending: extending)
  }

  /// The end of the selection that moves when it is extended (the other is the anchor).
  private var anchor: Int?
  private var movingEnd: Int {
    let selection = buffer.selection
    guard let anchor, selection.contains(anchor) || selection.upperBound == anchor else {
      return selection.upperBound
    }
    return anchor == selection.lowerBound ? selection.upperBound : selection.lowerBound
  }

  private func moveEnd(to target: Int, extending: Bool) {
    if extending {
      let fixed = anchor ?? buffer.selection.lowerBound
      let fixedAnchor =
        (buffer.selection.lowerBound == fixed || buffer.selection.upperBound == fixed)
        ? fixed : buffer.selection.lowerBound
      anchor = fixedAnchor
      setSelection(min(fixedAnchor, target)..<max(fixedAnchor, target))
    } else {
      anchor = nil
      setSelection(target..<target)
    }
  }

  // MARK: Pasteboard

  var canCopy: Bool { !buffer.selection.isEmpty && (host?.editorAllowsCopy ?? true) }

  func copy() {
    guard canCopy else { return }
    Pasteboard.general.string = buffer.substring(buffer.selection)
  }

  func cut() {
    guard canCopy else { return }
    let selected = buffer.substring(buffer.selection)
    if replace(buffer.selection, with: "") { Pasteboard.general.string = selected }
  }

  func paste() {
    guard let string = Pasteboard.general.string else { return }
    insertText(string)
  }

  // MARK: Hardware keys

  /// Linux input key codes of the editing keys.
  enum KeyCode {
    static let escape = 1
    static let backspace = 14
    static let tab = 15
    static let enter = 28
    static let keypadEnter = 96
    static let home = 102
    static let up = 103
    static let left = 105
    static let right = 106
    static let end = 107
    static let down = 108
    static let delete = 111
    static let a = 30
    static let c = 46
    static let v = 47
    static let x = 45
  }

  /// Whether a key repeats while held: editing keys and keys that type text.
  static func repeats(_ key: Key) -> Bool {
    switch key.keyCode {
    case KeyCode.backspace, KeyCode.delete, KeyCode.left, KeyCode.right, KeyCode.up,
      KeyCode.down:
      return true
    case KeyCode.enter, KeyCode.keypadEnter, KeyCode.escape, KeyCode.tab:
      return false
    default:
      return !key.characters.isEmpty && !key.modifierFlags.contains(.control)
    }
  }

  /// Edits for one key of a hardware keyboard; returns whether the key meant something here.
  @discardableResult
  func handle(_ key: Key) -> Bool {
    let flags = key.modifierFlags
    let shift = flags.contains(.shift)
    let control = flags.contains(.control)
    if control {
      switch key.keyCode {
      case KeyCode.a: selectAll()
      case KeyCode.c: copy()
      case KeyCode.x: cut()
      case KeyCode.v: paste()
      case KeyCode.left, KeyCode.right:
        moveHorizontally(right: key.keyCode == KeyCode.right, byWord: true, extending: shift)
      case KeyCode.backspace:
        let caret = buffer.selection.lowerBound
        if buffer.selection.isEmpty {
          replace(buffer.previousWordStart(before: caret)..<caret, with: "")
        } else {
          deleteBackward()
        }
      default: return false
      }
      return true
    }
    switch key.keyCode {
    case KeyCode.backspace: deleteBackward()
    case KeyCode.delete: deleteForward()
    case KeyCode.left, KeyCode.right:
      moveHorizontally(right: key.keyCode == KeyCode.right, byWord: false, extending: shift)
    case KeyCode.up, KeyCode.down:
      moveVertically(down: key.keyCode == KeyCode.down, extending: shift)
    case KeyCode.home: moveToEnd(false, extending: shift)
    case KeyCode.end: moveToEnd(true, extending: shift)
    case KeyCode.enter, KeyCode.keypadEnter: host?.editorReturnKeyPressed()
    case KeyCode.escape: return false
    default:
      guard !key.characters.isEmpty, !flags.contains(.alternate) || !key.characters.isEmpty,
        !flags.contains(.command)
      else { return false }
      if key.characters == "\t", isSingleLine { return false }
      insertText(key.characters)
    }
    return true
  }
}
