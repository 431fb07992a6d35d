import KioskGraphics
#if compiler(>=6.3)
  import FoundationEssentials
#else
  // Swift 6.2 (the arm64 package's): NotificationCenter is Foundation's there
  // (KioskBase/NotificationMessages.swift).
  import Foundation
  import KioskBase
#endif

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
  /// Whether a text-style font (`Font.preferredFont(forTextStyle:)`) is made again at the
  /// new size when the text size changes (Dynamic Type), as UIKit's
  /// `adjustsFontForContentSizeCategory`; the text, caret and selection stay. Default `false`.
  open var adjustsFontForContentSizeCategory = false {
    didSet { adjustFontToTraits() }
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
  var scrollOffset = 0.0
  /// The character of a secure field shown in clear for a moment, as a range of offsets.
  var revealed: Range<Int>?
  private var revealTimer: ScheduledAction?
  var cachedLayout: TextLayout?
  /// The layout of the text before the last edit, which lets go of its text so that the
  /// editor changes the text in place, and lays out the next text (no allocation per key).
  var spareLayout: TextLayout?
  /// What the redraw after an edit needs of the text before it (see `noteEditStart`).
  var editStart: EditStart?
  /// The part of a very long text that is laid out; `nil` for all of it.
  var layoutWindow: LayoutWindow?
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
      // A window of a long text is as wide as the field shows: chosen again.
      if layoutWindow != nil { (cachedLayout, layoutWindow) = (nil, nil) }
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

  // MARK: Drawing (TextField+Drawing.swift)

  open override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    drawBorder(in: context)
  }

  override func stateDidChange() {
    super.stateDidChange()
    setNeedsDisplay()
    canvas.setNeedsDisplay()
    caretView.backgroundColor = tintColor
    for handle in selectionHandles { handle.color = tintColor }
  }

  /// What the canvas showed besides the text when it was last invalidated.
  var drawnLook: CanvasLook?

  // MARK: Changes

  /// Everything that follows a change of the text or of how it looks.
  func textDidChange(byUser: Bool, keepCaret: Bool = false) {
    let edit = editStart
    editStart = nil
    let oldLayout = edit == nil ? cachedLayout : nil
    let oldOrigin = edit?.origin ?? textOrigin
    cachedLayout = nil
    if !keepCaret { revealTimer?.cancel() }
    // The text rectangle changes only when the clear button comes or goes: a keystroke
    // takes no layout pass (the caret and the scroll are updated below).
    if isClearButtonVisible == clearButton.isHidden { setNeedsLayout() }
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
      NotificationCenter.default.post(
        TextField.TextDidChangeMessage(textField: self), subject: self)
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
  public var selectedRange: TextRange {
    get { TextRange(offsets: editor.selection) }
    set { editor.setSelection(newValue.offsets) }
  }

  /// The marked text's range (an input method's pre-edit), if any.
  public var markedTextRange: TextRange? { editor.marked.map { TextRange(offsets: $0) } }

  /// Shows `markedText` as the pre-edit, underlined, in place of the current one.
  open func setMarkedText(_ markedText: String?, selectedRange: TextRange) {
    editor.setMarkedText(markedText, selectedRange: selectedRange)
  }

  /// Makes the pre-edit ordinary text.
  open func unmarkText() {
    editor.unmarkText()
  }

  /// The text in `range`.
  public func text(in range: TextRange) -> String? {
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
    NotificationCenter.default.post(
      TextField.TextDidBeginEditingMessage(textField: self), subject: self)
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
    NotificationCenter.default.post(
      TextField.TextDidEndEditingMessage(textField: self), subject: self)
    TextInputSystem.shared.inputDidEndEditing(self)
  }

  /// A new text size makes a text-style font again (`adjustsFontForContentSizeCategory`).
  open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    adjustFontToTraits()
  }

  open override func didMoveToWindow() {
    super.didMoveToWindow()
    // Back in a window after the text size changed (under a full-screen presentation).
    if window != nil { adjustFontToTraits() }
    // Leaving the window ends editing whatever the delegate says, in UIKit's order: the
    // delegate is asked, the field resigns, then editing ends.
    if window == nil, isEditing {
      _ = delegate?.textFieldShouldEndEditing(self)
      TextInputSystem.shared.inputWillEndEditing(self)
      clearFirstResponder()
      finishEditing()
    }
  }

  // MARK: Hardware keys

  open override func pressesBegan(_ presses: Set<Press>, with event: KioskUI.Event?) {
    let unhandled = TextInputSystem.shared.router.unhandledPresses(
      presses, in: self, isEditing: isEditing)
    if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
  }

  open override func pressesEnded(_ presses: Set<Press>, with event: KioskUI.Event?) {
    TextInputSystem.shared.router.hardwarePressesEnded(presses)
    super.pressesEnded(presses, with: event)
  }

  open override func pressesCancelled(_ presses: Set<Press>, with event: KioskUI.Event?) {
    TextInputSystem.shared.router.hardwarePressesEnded(presses)
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

  // MARK: Accessibility (TextField+Accessibility.swift)

  open override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }

  /// The placeholder unless a label is set.
  open override var accessibilityLabel: String? {
    get { accessibilityStore.label ?? describedLabel }
    set { super.accessibilityLabel = newValue }
  }

  /// The text; a secure field's is never exposed, only its length ("5 characters").
  open override var accessibilityValue: String? {
    get { accessibilityStore.value ?? describedValue }
    set { super.accessibilityValue = newValue }
  }

  /// `.textEntry`, with `.searchField`, `.isEditing` and "dimmed" as they apply.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? describedTextTraits }
    set { super.accessibilityTraits = newValue }
  }

  /// Begins editing (the on-screen keyboard comes up) and returns `true`.
  open override func accessibilityActivate() -> Bool { activateForEditing() }
}

extension TextField: TextEditorHost {
  func editorShouldChange(_ range: TextRange, replacement: String) -> Bool {
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

extension TextField: TextEditorOwner, EditMenuHost, TextTouchTarget {
  var textEditor: TextEditor { editor }
  var caretSpace: View { clipView }
  /// Any drag moves the caret (the text of a field does not scroll under the finger).
  var dragMovesCaret: Bool { true }
  var tappableClearButton: ClearButtonView? { clearButton }

  func selectionHandle(at touch: Touch) -> SelectionHandleView? {
    guard isEditing else { return nil }
    let point = touch.location(in: self)
    return selectionHandles.first {
      !$0.isHidden && $0.frame.insetBy(dx: -12, dy: -12).contains(point)
    }
  }
}
