import Foundation
import KioskGraphics

/// A single line of editable text, with the API and behaviour of UIKit's `UITextField`.
///
/// A tap makes the field first responder: the caret appears where the finger was (at the
/// nearest grapheme boundary), the on-screen keyboard comes up when no hardware keyboard
/// is attached, and typing goes into the field. A drag moves the caret, a double tap
/// selects a word, a long press or a tap on the caret shows the edit menu (Cut, Copy,
/// Paste, Select All). Text wider than the field scrolls to keep the caret visible.
///
/// ```swift
/// let name = TextField(frame: Rect(x: 20, y: 80, width: 300, height: 44))
/// name.placeholder = "Your name"
/// name.borderStyle = .roundedRect
/// name.returnKeyType = .done
/// name.addAction(Action { _ in save(name.text ?? "") }, for: .editingDidEndOnExit)
/// ```
///
/// Control events: `.editingDidBegin`, `.editingChanged` (after every change the person
/// makes, not after setting `text`), `.editingDidEnd`, `.editingDidEndOnExit` and
/// `.primaryActionTriggered` (Return). Secure entry shows bullets, the last character
/// typed for a second; its text is never copied and never appears in `description`.
@MainActor
open class TextField: Control, TextInput {
  /// The border drawn around a text field, as `UITextField.BorderStyle`.
  public enum BorderStyle: Sendable {
    /// No border.
    case none
    /// A thin rectangle.
    case line
    /// A bevelled rectangle.
    case bezel
    /// A rounded rectangle on white, the usual look.
    case roundedRect
  }

  /// When the clear button (an ⓧ at the right) shows, as `UITextField.ViewMode`.
  public enum ViewMode: Sendable {
    /// Never.
    case never
    /// While editing and the field has text.
    case whileEditing
    /// While not editing and the field has text.
    case unlessEditing
    /// Whenever the field has text.
    case always
  }

  /// The text; `nil` reads as "" after the field was edited, as in UIKit. Setting it moves
  /// the caret to the end and sends no control event.
  open var text: String? {
    get { editor.text }
    set {
      inputSystem?.inputWillChangeTextProgrammatically(self)
      editor.setText(newValue ?? "")
      textDidChange(byUser: false)
      inputSystem?.inputDidChangeTextProgrammatically(self)
    }
  }
  /// The grey text shown while the field is empty.
  open var placeholder: String? {
    didSet {
      guard oldValue != placeholder else { return }
      canvas.setNeedsDisplay()
      if editor.text.isEmpty { invalidateIntrinsicContentSize() }
    }
  }
  /// The font of the text and the placeholder.
  open var font: Font = .systemFont(ofSize: 17) {
    didSet { if oldValue != font { textDidChange(byUser: false, keepCaret: true) } }
  }
  /// The colour of the text.
  open var textColor: Color = .black {
    didSet { if oldValue != textColor { textDidChange(byUser: false, keepCaret: true) } }
  }
  /// How the text lines up within the field.
  open var textAlignment: TextAlignment = .natural {
    didSet { if oldValue != textAlignment { textDidChange(byUser: false, keepCaret: true) } }
  }
  /// The border.
  open var borderStyle: BorderStyle = .none {
    didSet {
      guard oldValue != borderStyle else { return }
      setNeedsDisplay()
      setNeedsLayout()
      invalidateIntrinsicContentSize()
    }
  }
  /// When the clear button shows.
  open var clearButtonMode: ViewMode = .never {
    didSet { if oldValue != clearButtonMode { setNeedsLayout() } }
  }
  /// Whether beginning to edit empties the field.
  open var clearsOnBeginEditing = false
  /// The delegate (held weakly).
  open weak var delegate: TextFieldDelegate?

  // MARK: Text input traits

  /// The keys the on-screen keyboard offers.
  open var keyboardType: KeyboardType = .default {
    didSet { if oldValue != keyboardType { inputSystem?.traitsDidChange(self) } }
  }
  /// The title of the keyboard's return key.
  open var returnKeyType: ReturnKeyType = .default {
    didSet { if oldValue != returnKeyType { inputSystem?.traitsDidChange(self) } }
  }
  /// When Shift turns on by itself.
  open var autocapitalizationType: TextAutocapitalizationType = .sentences
  /// Exists for UIKit code; KioskKit never corrects text.
  open var autocorrectionType: TextAutocorrectionType = .default
  /// Whether the return key is disabled while the field is empty.
  open var enablesReturnKeyAutomatically = false
  /// Whether the text is shown as bullets (and cannot be copied).
  open var isSecureTextEntry = false {
    didSet { if oldValue != isSecureTextEntry { textDidChange(byUser: false, keepCaret: true) } }
  }

  /// Whether the field is being edited (it is first responder).
  public private(set) var isEditing = false

  // MARK: Parts

  let editor = TextEditor(isSingleLine: true)
  /// Clips the text to the text rectangle.
  let clipView = View()
  /// Draws the text, the placeholder, the selection and the marked text's underline.
  private(set) lazy var canvas = TextCanvasView(owner: self)
  let caretView = CaretView()
  let clearButton = ClearButtonView()
  let selectionHandles = [SelectionHandleView(isStart: true), SelectionHandleView(isStart: false)]
  /// How far the text is scrolled to the left, in points.
  private(set) var scrollOffset = 0.0
  /// The character of a secure field shown in clear for a moment, as a range of offsets.
  private var revealed: Range<Int>?
  private var revealTimer: ScheduledAction?
  private var cachedLayout: TextLayout?
  /// The layout of the text before the last edit, which lets go of its text so that the
  /// editor changes the text in place, and lays out the next text (no allocation per key).
  private var spareLayout: TextLayout?
  /// What the redraw after an edit needs of the text before it (see `noteEditStart`).
  private var editStart: EditStart?
  let gesture = TextTouchTracker()

  /// How long a secure field shows the last character typed, in seconds.
  static let revealDuration = 1.0

  /// Creates a text field.
  public override init(frame: Rect) {
    super.init(frame: frame)
    editor.host = self
    clipView.clipsToBounds = true
    clipView.isUserInteractionEnabled = false
    addSubview(clipView)
    clipView.addSubview(canvas)
    clipView.addSubview(caretView)
    clearButton.isHidden = true
    clearButton.isUserInteractionEnabled = false
    addSubview(clearButton)
    for handle in selectionHandles {
      handle.isHidden = true
      addSubview(handle)
    }
    contentMode = .redraw
  }

  var inputSystem: TextInputSystem? { window == nil ? nil : TextInputSystem.shared }

  // MARK: Geometry (overridable as in UIKit)

  /// The rectangle the text is drawn in, within `bounds`.
  open func textRect(forBounds bounds: Rect) -> Rect {
    var rect = bounds
    let inset = borderStyle == .none ? 0.0 : 7.0
    rect.origin.x += inset
    rect.size.width -= 2 * inset
    if isClearButtonVisible { rect.size.width -= clearButtonRect(forBounds: bounds).width + 2 }
    rect.size.width = max(rect.size.width, 0)
    return rect
  }

  /// The rectangle the text is drawn in while editing.
  open func editingRect(forBounds bounds: Rect) -> Rect { textRect(forBounds: bounds) }

  /// The rectangle the placeholder is drawn in.
  open func placeholderRect(forBounds bounds: Rect) -> Rect { textRect(forBounds: bounds) }

  /// The rectangle of the clear button.
  open func clearButtonRect(forBounds bounds: Rect) -> Rect {
    let side = min(bounds.height, 30)
    return Rect(
      x: bounds.maxX - side - (borderStyle == .none ? 0 : 4), y: bounds.midY - side / 2,
      width: side, height: side)
  }

  var isClearButtonVisible: Bool {
    guard !editor.text.isEmpty else { return false }
    switch clearButtonMode {
    case .never: return false
    case .always: return true
    case .whileEditing: return isEditing
    case .unlessEditing: return !isEditing
    }
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    let rect = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
    if clipView.frame != rect {
      clipView.frame = rect
      canvas.frame = Rect(origin: .zero, size: rect.size)
    }
    clearButton.isHidden = !isClearButtonVisible
    clearButton.frame = clearButtonRect(forBounds: bounds)
    updateCaretAndScroll()
  }

  /// The width of the text (of the placeholder while there is no text) and the border's
  /// padding, at least 60 points; the font's line height and 14 points of padding tall.
  open override func sizeThatFits(_ size: Size) -> Size {
    let inset = borderStyle == .none ? 0.0 : 14.0
    var textWidth = editor.text.isEmpty ? 0 : displayLayout?.size.width ?? 0
    if editor.text.isEmpty, let placeholder, !placeholder.isEmpty {
      textWidth =
        TextLayout(
          text: placeholder, font: font, color: textColor, alignment: .left,
          lineBreakMode: .byClipping, numberOfLines: 1, width: nil
        ).size.width
    }
    let width = (textWidth + inset).rounded(.up)
    return Size(width: max(width, 60), height: (font.lineHeight + 14).rounded(.up))
  }

  /// The size `sizeThatFits(_:)` gives: a text field in a stack view grows with its text,
  /// as UIKit's does.
  open override var intrinsicContentSize: Size { sizeThatFits(.zero) }

  // MARK: Drawing

  open override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    let box = bounds.insetBy(dx: 0.5, dy: 0.5)
    switch borderStyle {
    case .none:
      return
    case .line:
      context.setStrokeColor(.black)
      context.setLineWidth(1)
      context.stroke(box)
    case .bezel:
      context.setFillColor(.white)
      context.fill(bounds)
      context.setStrokeColor(Color(hex: 0x8e8e93))
      context.setLineWidth(1)
      context.stroke(box)
      context.setStrokeColor(Color(hex: 0x3a3a3c))
      context.beginPath()
      context.move(to: Point(x: box.minX, y: box.maxY))
      context.addLine(to: Point(x: box.minX, y: box.minY))
      context.addLine(to: Point(x: box.maxX, y: box.minY))
      context.strokePath()
    case .roundedRect:
      context.setFillColor(isEnabled ? .white : Color(hex: 0xf2f2f7))
      context.beginPath()
      context.addRoundedRect(box, cornerRadius: 6)
      context.fillPath()
      context.setStrokeColor(isEditing ? tintColor : Color(hex: 0xc7c7cc))
      context.setLineWidth(1)
      context.beginPath()
      context.addRoundedRect(box, cornerRadius: 6)
      context.strokePath()
    }
  }

  override func stateDidChange() {
    super.stateDidChange()
    setNeedsDisplay()
    canvas.setNeedsDisplay()
    caretView.backgroundColor = tintColor
    for handle in selectionHandles { handle.color = tintColor }
  }

  /// The text as shown: bullets for secure entry (except a character just typed).
  var displayText: String {
    guard isSecureTextEntry else { return editor.text }
    var shown = ""
    var offset = 0
    for character in editor.text {
      let length = character.utf16.count
      if let revealed, revealed.lowerBound == offset {
        shown.append(character)
      } else {
        shown.append(String(repeating: "•", count: length))
      }
      offset += length
    }
    return shown
  }

  /// The laid-out text: one unwrapped line of the whole text.
  var displayLayout: TextLayout? {
    if let cachedLayout { return cachedLayout }
    let color = isEnabled ? textColor : textColor.withAlphaComponent(0.45)
    let layout: TextLayout
    if isKnownUniquelyReferenced(&spareLayout), let spare = spareLayout, spare.font == font,
      spare.color == color
    {
      spare.reshape(text: displayText)
      layout = spare
    } else {
      layout = TextLayout(
        text: displayText, font: font, color: color, alignment: .left,
        lineBreakMode: .byClipping, numberOfLines: 1, width: nil)
    }
    spareLayout = nil
    cachedLayout = layout
    return layout
  }

  /// Where the layout's origin sits in the canvas: aligned, scrolled, centred vertically.
  var textOrigin: Point {
    let width = displayLayout?.size.width ?? 0
    let available = canvas.bounds.width
    var x = 0.0
    if width < available {
      switch resolvedAlignment {
      case .center: x = (available - width) / 2
      case .right: x = available - width
      default: x = 0
      }
    }
    let height = max(displayLayout?.size.height ?? font.lineHeight, font.lineHeight)
    return Point(x: x - scrollOffset, y: ((canvas.bounds.height - height) / 2).rounded())
  }

  private var resolvedAlignment: TextAlignment {
    guard textAlignment == .natural else { return textAlignment }
    let text = editor.text.isEmpty ? (placeholder ?? "") : editor.text
    return text.isRightToLeft ? .right : .left
  }

  /// Draws the canvas: selection, text (or placeholder), marked-text underline.
  func drawCanvas(in context: GraphicsContext) {
    if editor.text.isEmpty {
      guard let placeholder, !placeholder.isEmpty else { return }
      let layout = TextLayout(
        text: placeholder, font: font, color: Color(hex: 0xc4c4c6), alignment: .left,
        lineBreakMode: .byTruncatingTail, numberOfLines: 1, width: canvas.bounds.width)
      var origin = textOrigin
      origin.x = 0
      if resolvedAlignment == .right { origin.x = canvas.bounds.width - layout.size.width }
      if resolvedAlignment == .center { origin.x = (canvas.bounds.width - layout.size.width) / 2 }
      context.draw(layout, at: origin)
      return
    }
    guard let layout = displayLayout else { return }
    let origin = textOrigin
    let selection = editor.selection
    if isEditing, !selection.isEmpty {
      context.setFillColor(tintColor.withAlphaComponent(0.25))
      for rect in layout.selectionRects(for: displayRange(selection)) {
        context.fill(rect.offsetBy(dx: origin.x, dy: origin.y))
      }
    }
    context.draw(layout, at: origin)
    if let marked = editor.marked, !marked.isEmpty {
      context.setFillColor(textColor)
      for rect in layout.selectionRects(for: displayRange(marked)) {
        let moved = rect.offsetBy(dx: origin.x, dy: origin.y)
        context.fill(Rect(x: moved.minX, y: moved.maxY - 2, width: moved.width, height: 1))
      }
    }
  }

  /// Offsets of the text as indices of the displayed text (the same unless secure, where
  /// each UTF-16 unit shows as one bullet).
  func displayIndex(_ offset: Int) -> String.Index {
    let shown = displayLayout?.text ?? ""
    if isSecureTextEntry {
      return shown.utf16.index(
        shown.utf16.startIndex, offsetBy: min(offset, shown.utf16.count))
    }
    return editor.buffer.index(offset)
  }

  func displayRange(_ range: Range<Int>) -> Range<String.Index> {
    displayIndex(range.lowerBound)..<displayIndex(range.upperBound)
  }

  /// The caret offset nearest to `point` in the field's coordinates.
  func offset(closestTo point: Point) -> Int {
    guard let layout = displayLayout, !editor.text.isEmpty else { return 0 }
    let inCanvas = canvas.convert(point, from: self)
    let origin = textOrigin
    let index = layout.index(
      closestTo: Point(x: inCanvas.x - origin.x, y: inCanvas.y - origin.y))
    let shownOffset = layout.text.utf16.distance(from: layout.text.utf16.startIndex, to: index)
    return editor.buffer.roundedToBoundary(shownOffset)
  }

  /// The caret's rectangle for `offset`, in the canvas's coordinates.
  func caretRect(for offset: Int) -> Rect {
    let origin = textOrigin
    guard let layout = displayLayout else {
      return Rect(x: origin.x, y: origin.y, width: 2, height: font.lineHeight)
    }
    let rect = layout.caretRect(at: displayIndex(offset))
    return Rect(
      x: (origin.x + rect.minX - 1).rounded(), y: origin.y + rect.minY, width: 2,
      height: max(rect.height, font.lineHeight))
  }

  /// Scrolls the text so the caret is inside the text rectangle, and puts the caret and
  /// the selection handles where they belong.
  func updateCaretAndScroll() {
    let width = displayLayout?.size.width ?? 0
    let available = canvas.bounds.width
    if width <= available {
      scrollOffset = 0
    } else {
      let caretX = caretRect(for: editor.caret).minX + scrollOffset
      if caretX - scrollOffset > available - 2 { scrollOffset = caretX - available + 2 }
      if caretX - scrollOffset < 0 { scrollOffset = max(caretX, 0) }
      scrollOffset = min(max(scrollOffset, 0), width - available + 2)
    }
    let caret = caretRect(for: editor.caret)
    caretView.frame = caret
    caretView.backgroundColor = tintColor
    let selection = editor.selection
    let showHandles = isEditing && !selection.isEmpty && !isSecureTextEntry
    for handle in selectionHandles {
      handle.isHidden = !showHandles
      guard showHandles else { continue }
      let rect = caretRect(for: handle.isStart ? selection.lowerBound : selection.upperBound)
      let inField = clipView.convert(rect, to: self)
      handle.place(caret: inField, in: bounds)
    }
    if isEditing, !selection.isEmpty {
      caretView.stopBlinking()
    } else if isEditing, caretView.isHidden || !caretView.isBlinking {
      caretView.startBlinking()
    }
    // The canvas shows the selection, the marked text's underline and the scrolled text:
    // when any of them changed it is drawn anew (text changes damage less, below).
    let look = CanvasLook(
      scrollOffset: scrollOffset, selection: isEditing && !selection.isEmpty ? selection : nil,
      marked: editor.marked, isEditing: isEditing, isEmpty: editor.text.isEmpty)
    if look != drawnLook {
      drawnLook = look
      canvas.setNeedsDisplay()
    }
  }

  /// What the canvas showed besides the text when it was last invalidated.
  private struct CanvasLook: Equatable {
    var scrollOffset: Double
    var selection: Range<Int>?
    var marked: Range<Int>?
    var isEditing: Bool
    var isEmpty: Bool
  }
  private var drawnLook: CanvasLook?

  /// Invalidates the part of the canvas a change of the text from `old` (laid out at
  /// `oldOrigin`) to the current text changes: from the first glyph that differs to the
  /// end of the longer of the two lines. Typing at the end of a field redraws a glyph's
  /// width, not the field.
  private func invalidateText(from old: TextLayout?, oldOrigin: Point) {
    guard let old, let new = displayLayout, resolvedAlignment == .left,
      oldOrigin == textOrigin
    else {
      canvas.setNeedsDisplay()
      return
    }
    let oldUnits = old.text.utf16
    let newUnits = new.text.utf16
    var oldIndex = oldUnits.startIndex
    var newIndex = newUnits.startIndex
    while oldIndex != oldUnits.endIndex, newIndex != newUnits.endIndex,
      oldUnits[oldIndex] == newUnits[newIndex]
    {
      oldUnits.formIndex(after: &oldIndex)
      newUnits.formIndex(after: &newIndex)
    }
    // Step back a whole character: a combining mark typed after a letter changes the
    // letter's glyph too.
    let start = old.text[..<oldIndex].indices.last ?? old.text.startIndex
    let prefix = old.text.utf16.distance(from: old.text.startIndex, to: start)
    let newStart = new.text.utf16.index(new.text.utf16.startIndex, offsetBy: prefix)
    let x = min(old.caretRect(at: start).minX, new.caretRect(at: newStart).minX) + oldOrigin.x
    let end = max(old.size.width, new.size.width) + oldOrigin.x
    invalidateLine(from: x, to: end)
  }

  /// Where an edit starts and how the text looked there, taken before the editor changes
  /// the text.
  private struct EditStart {
    /// The offset of the character before the edit (a combining mark typed after a letter
    /// changes the letter's glyph too).
    var offset: Int
    /// The caret's x at `offset` in the old layout, the old layout's width, and its origin.
    var x: Double
    var width: Double
    var origin: Point
  }

  /// Notes how the text looks where an edit at `offset` starts, then has the layout let go
  /// of the text: the edit then changes the text in place, and the redraw after it needs no
  /// old layout (`invalidateText(after:)`).
  private func noteEditStart(_ offset: Int) {
    editStart = nil
    guard !isSecureTextEntry, let old = cachedLayout, resolvedAlignment == .left else { return }
    let start = editor.buffer.previousBoundary(before: offset)
    editStart = EditStart(
      offset: start, x: old.caretRect(at: displayIndex(start)).minX, width: old.size.width,
      origin: textOrigin)
    cachedLayout = nil
    old.forgetText()
    spareLayout = old
  }

  /// Invalidates the canvas's full height from `x` to `end` (canvas coordinates), with two
  /// points to spare on each side for glyphs that reach past their advance.
  private func invalidateLine(from x: Double, to end: Double) {
    canvas.setNeedsDisplay(
      Rect(x: x - 2, y: 0, width: max(end - x + 4, 0), height: canvas.bounds.height))
  }

  /// Invalidates what an edit noted by `noteEditStart` changed: from the character before it
  /// to the end of the longer of the old and the new line.
  private func invalidateText(after edit: EditStart) {
    guard let new = displayLayout, resolvedAlignment == .left, edit.origin == textOrigin else {
      canvas.setNeedsDisplay()
      return
    }
    let x = min(edit.x, new.caretRect(at: displayIndex(edit.offset)).minX) + edit.origin.x
    let end = max(edit.width, new.size.width) + edit.origin.x
    invalidateLine(from: x, to: end)
  }

  // MARK: Changes

  /// Everything that follows a change of the text or of how it looks.
  func textDidChange(byUser: Bool, keepCaret: Bool = false) {
    let edit = editStart
    editStart = nil
    let oldLayout = edit == nil ? cachedLayout : nil
    let oldOrigin = edit?.origin ?? textOrigin
    cachedLayout = nil
    if !keepCaret { revealTimer?.cancel() }
    setNeedsLayout()
    invalidateIntrinsicContentSize()
    updateCaretAndScroll()
    if keepCaret {
      canvas.setNeedsDisplay()
    } else if let edit {
      invalidateText(after: edit)
    } else {
      invalidateText(from: oldLayout, oldOrigin: oldOrigin)
    }
    if isEditing { caretView.startBlinking() }
    if byUser {
      sendActions(for: .editingChanged)
      NotificationCenter.default.post(name: TextField.textDidChangeNotification, object: self)
    }
  }

  // MARK: TextInput

  /// Whether the field has any text.
  public var hasText: Bool { !editor.text.isEmpty }

  /// Types `text` at the caret, as the keyboard does (the delegate may refuse).
  open func insertText(_ text: String) {
    let before = editor.caret
    editor.insertText(text)
    if isSecureTextEntry, text.count == 1, editor.caret > before {
      reveal(before..<editor.caret)
    }
  }

  /// Deletes the selection or the grapheme cluster before the caret.
  open func deleteBackward() {
    editor.deleteBackward()
  }

  /// The selection in UTF-16 units; its length is 0 for a caret.
  public var selectedRange: NSRange {
    get { NSRange(offsets: editor.selection) }
    set { editor.setSelection(newValue.offsets) }
  }

  /// The marked text's range (an input method's pre-edit), if any.
  public var markedTextRange: NSRange? { editor.marked.map { NSRange(offsets: $0) } }

  /// Shows `markedText` as the pre-edit, underlined, in place of the current one.
  open func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
    editor.setMarkedText(markedText, selectedRange: selectedRange)
  }

  /// Makes the pre-edit ordinary text.
  open func unmarkText() {
    editor.unmarkText()
  }

  /// The text in `range`.
  public func text(in range: NSRange) -> String? {
    let offsets = range.offsets
    guard offsets.upperBound <= editor.buffer.length else { return nil }
    return editor.buffer.substring(offsets)
  }

  /// Return: asks the delegate, then sends `.editingDidEndOnExit` and
  /// `.primaryActionTriggered`.
  open func returnKeyPressed() {
    guard delegate?.textFieldShouldReturn(self) ?? true else { return }
    let endsEditing = registrations.contains { $0.events.contains(.editingDidEndOnExit) }
    sendActions(for: .editingDidEndOnExit)
    sendActions(for: .primaryActionTriggered)
    // UIKit: Return ends editing when something listens for .editingDidEndOnExit.
    if endsEditing, isFirstResponder { resignFirstResponder() }
  }

  /// Selects all the text.
  open func selectAll(_ sender: Any?) {
    editor.selectAll()
  }

  private func reveal(_ range: Range<Int>) {
    revealTimer?.cancel()
    revealed = range
    cachedLayout = nil
    updateCaretAndScroll()
    canvas.setNeedsDisplay()
    revealTimer = ScheduledAction.after(Self.revealDuration) { [weak self] in
      guard let self else { return }
      self.revealed = nil
      self.cachedLayout = nil
      self.updateCaretAndScroll()
      self.canvas.setNeedsDisplay()
    }
  }

  // MARK: First responder

  open override var canBecomeFirstResponder: Bool { isEnabled }

  /// Begins editing: asks the delegate, becomes first responder, shows the caret, sends
  /// `.editingDidBegin`; the on-screen keyboard follows.
  @discardableResult
  open override func becomeFirstResponder() -> Bool {
    if isFirstResponder { return true }
    guard window != nil, isEnabled, delegate?.textFieldShouldBeginEditing(self) ?? true else {
      return false
    }
    guard super.becomeFirstResponder() else { return false }
    beginEditing()
    return true
  }

  /// Ends editing if the delegate agrees: hides the caret, sends `.editingDidEnd`.
  @discardableResult
  open override func resignFirstResponder() -> Bool {
    guard isFirstResponder else { return super.resignFirstResponder() }
    guard delegate?.textFieldShouldEndEditing(self) ?? true else { return false }
    inputSystem?.inputWillEndEditing(self)
    guard super.resignFirstResponder() else { return false }
    finishEditing()
    return true
  }

  private func beginEditing() {
    isEditing = true
    if clearsOnBeginEditing, !editor.text.isEmpty, delegate?.textFieldShouldClear(self) ?? true {
      editor.setText("")
      textDidChange(byUser: true)
    }
    setNeedsDisplay()
    setNeedsLayout()
    caretView.startBlinking()
    updateCaretAndScroll()
    delegate?.textFieldDidBeginEditing(self)
    sendActions(for: .editingDidBegin)
    NotificationCenter.default.post(name: TextField.textDidBeginEditingNotification, object: self)
    TextInputSystem.shared.inputDidBeginEditing(self)
  }

  func finishEditing() {
    guard isEditing else { return }
    isEditing = false
    editor.unmarkText()
    if !editor.selection.isEmpty {
      let end = editor.selection.upperBound
      editor.setSelection(end..<end)
    }
    caretView.stopBlinking()
    revealTimer?.cancel()
    revealed = nil
    cachedLayout = nil
    gesture.reset()
    EditMenu.shared.hide(for: self)
    setNeedsDisplay()
    setNeedsLayout()
    updateCaretAndScroll()
    delegate?.textFieldDidEndEditing(self)
    sendActions(for: .editingDidEnd)
    NotificationCenter.default.post(name: TextField.textDidEndEditingNotification, object: self)
    TextInputSystem.shared.inputDidEndEditing(self)
  }

  open override func didMoveToWindow() {
    super.didMoveToWindow()
    // Leaving the window ends editing whatever the delegate says.
    if window == nil, isEditing {
      TextInputSystem.shared.inputWillEndEditing(self)
      finishEditing()
    }
  }

  // MARK: Hardware keys

  open override func pressesBegan(_ presses: Set<Press>, with event: KioskUI.Event?) {
    let unhandled = TextInputSystem.shared.unhandledPresses(
      presses, in: self, isEditing: isEditing)
    if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
  }

  open override func pressesEnded(_ presses: Set<Press>, with event: KioskUI.Event?) {
    TextInputSystem.shared.hardwarePressesEnded(presses)
    super.pressesEnded(presses, with: event)
  }

  open override func pressesCancelled(_ presses: Set<Press>, with event: KioskUI.Event?) {
    TextInputSystem.shared.hardwarePressesEnded(presses)
    super.pressesCancelled(presses, with: event)
  }

  // MARK: Touches

  open override func beginTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    gesture.begin(touch, in: self)
    return true
  }

  open override func continueTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    gesture.move(touch, in: self)
    return true
  }

  open override func endTracking(_ touch: Touch?, with event: KioskUI.Event?) {
    gesture.end(touch, in: self)
  }

  open override func cancelTracking(with event: KioskUI.Event?) {
    gesture.reset()
  }

  /// A tap on the clear button empties the field (if the delegate agrees).
  func clearButtonTapped() {
    guard delegate?.textFieldShouldClear(self) ?? true else { return }
    if !isEditing { becomeFirstResponder() }
    guard editor.replace(0..<editor.buffer.length, with: "") else { return }
  }

  /// The field's text and frame; a secure field's text is never shown (only how many
  /// characters it holds), since descriptions end up in logs.
  public var description: String {
    // Never the text of a secure field: descriptions end up in logs.
    let shown = isSecureTextEntry ? "<secure, \(editor.text.count) characters>" : editor.text
    return "TextField(\(shown.debugDescription), frame: \(frame))"
  }

  // MARK: Notifications

  /// Posted when a text field begins editing; the object is the field.
  public static let textDidBeginEditingNotification = Notification.Name(
    "KioskKit.TextField.textDidBeginEditing")
  /// Posted after the person changed a text field's text; the object is the field.
  public static let textDidChangeNotification = Notification.Name(
    "KioskKit.TextField.textDidChange")
  /// Posted when a text field ends editing; the object is the field.
  public static let textDidEndEditingNotification = Notification.Name(
    "KioskKit.TextField.textDidEndEditing")
}

extension TextField: TextEditorHost {
  func editorShouldChange(_ range: NSRange, replacement: String) -> Bool {
    delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: replacement)
      ?? true
  }

  func editorTextWillChange(_ range: Range<Int>) {
    noteEditStart(range.lowerBound)
  }

  func editorTextDidChange() {
    EditMenu.shared.hide(for: self)
    textDidChange(byUser: true)
  }

  func editorSelectionDidChange() {
    updateCaretAndScroll()
    if isEditing { caretView.startBlinking() }
    delegate?.textFieldDidChangeSelection(self)
  }

  var editorLayout: TextLayout? { isSecureTextEntry ? nil : displayLayout }

  func editorReturnKeyPressed() { returnKeyPressed() }

  func editorOffset(verticallyFrom offset: Int, down: Bool) -> Int? { nil }

  var editorAllowsCopy: Bool { !isSecureTextEntry }
}

/// The view that draws a text field's text, clipped to the text rectangle.
@MainActor
final class TextCanvasView: View {
  private weak var field: TextField?

  init(owner: TextField) {
    field = owner
    super.init(frame: .zero)
    isUserInteractionEnabled = false
    contentMode = .redraw
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    field?.drawCanvas(in: context)
  }
}

extension String {
  /// Whether the first letter with a direction is from a right-to-left script.
  var isRightToLeft: Bool {
    for scalar in unicodeScalars where scalar.properties.isAlphabetic {
      switch scalar.value {
      case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return true
      default: return false
      }
    }
    return false
  }
}

extension TextField: TextEditorOwner, EditMenuHost {
  var textEditor: TextEditor { editor }
  var caretSpace: View { clipView }
}
