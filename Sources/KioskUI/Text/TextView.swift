import FoundationEssentials
import KioskGraphics

/// Several lines of editable text that scroll, with the API of UIKit's `UITextView` (a
/// `ScrollView`). A tap begins editing and puts the caret at the nearest grapheme
/// boundary; a double tap selects a word, and the handles at its ends extend it; a long
/// press puts the caret under the finger, which then moves it; dragging elsewhere scrolls.
/// Return types a line break.
///
/// ```swift
/// let notes = TextView(frame: Rect(x: 20, y: 140, width: 400, height: 160))
/// notes.font = .systemFont(ofSize: 17)
/// notes.delegate = self   // textViewDidChange(_:) after every change
/// ```
///
/// KioskKit draws only the lines in view (the text is laid out by pango once per change),
/// so a text view holding a long document keeps a backing store the size of its bounds.
@MainActor
open class TextView: ScrollView, TextInput {
  /// The text. Setting it moves the caret to the end and calls no delegate method. (UIKit
  /// declares it `String!`; it is never `nil` there either, so KioskKit says `String`.)
  open var text: String {
    get { editor.text }
    set {
      TextInputSystem.shared.inputWillChangeTextProgrammatically(self)
      editor.setText(newValue)
      textDidChange(byUser: false)
      TextInputSystem.shared.inputDidChangeTextProgrammatically(self)
    }
  }
  /// The font.
  open var font: Font = .systemFont(ofSize: 17) {
    didSet { if oldValue != font { textDidChange(byUser: false) } }
  }
  /// Whether a text-style font (`Font.preferredFont(forTextStyle:)`) is made again at the
  /// new size when the text size changes (Dynamic Type), as UIKit's
  /// `adjustsFontForContentSizeCategory`; the text, caret and selection stay. Default `false`.
  open var adjustsFontForContentSizeCategory = false {
    didSet { adjustFontToTraits() }
  }
  /// The colour of the text.
  open var textColor: Color = .black {
    didSet { if oldValue != textColor { textDidChange(byUser: false) } }
  }
  /// How lines are aligned.
  open var textAlignment: TextAlignment = .natural {
    didSet { if oldValue != textAlignment { textDidChange(byUser: false) } }
  }
  /// The space around the text inside the bounds.
  open var textContainerInset = EdgeInsets(top: 8, left: 5, bottom: 8, right: 5) {
    didSet { if oldValue != textContainerInset { textDidChange(byUser: false) } }
  }
  /// Whether the text can be edited (a read-only text view still scrolls and selects).
  open var isEditable = true
  /// The delegate (held weakly).
  open weak var textViewDelegate: TextViewDelegate?

  /// The keys the on-screen keyboard offers.
  open var keyboardType: KeyboardType = .default
  /// The title of the return key.
  open var returnKeyType: ReturnKeyType = .default
  /// When Shift turns on by itself.
  open var autocapitalizationType: TextAutocapitalizationType = .sentences
  /// Exists for UIKit code; KioskKit never corrects text.
  open var autocorrectionType: TextAutocorrectionType = .default
  /// Whether the text is hidden (text views show it; the property exists for the protocol).
  open var isSecureTextEntry = false
  /// Whether the return key is disabled while there is no text.
  open var enablesReturnKeyAutomatically = false

  /// Whether the text view is being edited.
  public private(set) var isEditing = false

  let editor = TextEditor(isSingleLine: false)
  private let canvas = TextViewCanvas()
  let caretView = CaretView()
  /// The handles at the two ends of a selection, in content coordinates.
  let selectionHandles = [SelectionHandleView(isStart: true), SelectionHandleView(isStart: false)]
  private var cachedLayout: TextLayout?

  /// Creates a text view.
  public override init(frame: Rect) {
    super.init(frame: frame)
    editor.host = self
    backgroundColor = .white
    canvas.owner = self
    addSubview(canvas)
    addSubview(caretView)
    for handle in selectionHandles {
      handle.isHidden = true
      addSubview(handle)
    }
    alwaysBounceVertical = true
  }

  private var wrapWidth: Double {
    max(bounds.width - textContainerInset.left - textContainerInset.right, 1)
  }

  /// The whole text laid out at the view's width.
  var layout: TextLayout {
    if let cachedLayout, cachedLayout.width == wrapWidth { return cachedLayout }
    let layout = TextLayout(
      text: editor.text, font: font, color: textColor, alignment: textAlignment,
      lineBreakMode: .byWordWrapping, numberOfLines: 0, width: wrapWidth)
    cachedLayout = layout
    return layout
  }

  private var textOrigin: Point { Point(x: textContainerInset.left, y: textContainerInset.top) }

  open override var contentOffset: Point {
    didSet { placeCanvas() }
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    let height =
      max(layout.size.height, font.lineHeight) + textContainerInset.top + textContainerInset.bottom
    let size = Size(width: bounds.width, height: height)
    if contentSize != size { contentSize = size }
    placeCanvas()
    placeCaret()
  }

  private func placeCanvas() {
    let frame = Rect(origin: Point(x: 0, y: contentOffset.y), size: bounds.size)
    if canvas.frame != frame {
      canvas.frame = frame
      canvas.setNeedsDisplay()
    }
  }

  func caretRect(for offset: Int) -> Rect {
    let rect = layout.caretRect(at: editor.buffer.index(offset))
    return Rect(
      x: (textOrigin.x + rect.minX - 1).rounded(), y: textOrigin.y + rect.minY, width: 2,
      height: max(rect.height, font.lineHeight))
  }

  private func placeCaret() {
    caretView.frame = caretRect(for: editor.caret)
    caretView.backgroundColor = .systemBlue
    if isEditing, editor.selection.isEmpty {
      if !caretView.isBlinking { caretView.startBlinking() }
    } else {
      caretView.stopBlinking()
    }
    let selection = editor.selection
    let showsHandles = isEditing && !selection.isEmpty
    let content = Rect(
      x: 0, y: 0, width: bounds.width, height: max(contentSize.height, bounds.height))
    for handle in selectionHandles {
      handle.isHidden = !showsHandles
      guard showsHandles else { continue }
      handle.place(
        caret: caretRect(for: handle.isStart ? selection.lowerBound : selection.upperBound),
        in: content)
    }
  }

  /// The caret offset nearest to `point` (in the view's coordinates).
  func offset(closestTo point: Point) -> Int {
    let index = layout.index(
      closestTo: Point(x: point.x - textOrigin.x, y: point.y - textOrigin.y))
    return editor.buffer.roundedToBoundary(editor.buffer.offset(index))
  }

  /// Draws the visible part: selection, text, marked-text underline.
  func drawVisibleText(in context: GraphicsContext, visible: Rect) {
    let origin = Point(x: textOrigin.x, y: textOrigin.y - visible.minY)
    if isEditing, !editor.selection.isEmpty {
      context.setFillColor(Color.systemBlue.withAlphaComponent(0.25))
      for rect in layout.selectionRects(for: editor.buffer.stringIndexRange(editor.selection)) {
        context.fill(rect.offsetBy(dx: origin.x, dy: origin.y))
      }
    }
    context.draw(layout, at: origin)
    if let marked = editor.marked {
      context.setFillColor(textColor)
      for rect in layout.selectionRects(for: editor.buffer.stringIndexRange(marked)) {
        let moved = rect.offsetBy(dx: origin.x, dy: origin.y)
        context.fill(Rect(x: moved.minX, y: moved.maxY - 2, width: moved.width, height: 1))
      }
    }
  }

  func textDidChange(byUser: Bool) {
    cachedLayout = nil
    canvas.setNeedsDisplay()
    setNeedsLayout()
    if isEditing { caretView.startBlinking() }
    if byUser { textViewDelegate?.textViewDidChange(self) }
  }

  private func scrollCaretToVisible() {
    layoutIfNeeded()
    scrollRectToVisible(caretRect(for: editor.caret).insetBy(dx: 0, dy: -4), animated: false)
  }

  // MARK: TextInput

  /// Whether there is any text.
  public var hasText: Bool { !editor.text.isEmpty }
  /// Types `text` at the caret.
  open func insertText(_ text: String) { editor.insertText(text) }
  /// Deletes the selection or the grapheme cluster before the caret.
  open func deleteBackward() { editor.deleteBackward() }
  /// The selection in UTF-16 units.
  public var selectedRange: TextRange {
    get { TextRange(offsets: editor.selection) }
    set { editor.setSelection(newValue.offsets) }
  }
  /// The marked text's range, if any.
  public var markedTextRange: TextRange? { editor.marked.map { TextRange(offsets: $0) } }
  /// Shows `markedText` as the pre-edit.
  open func setMarkedText(_ markedText: String?, selectedRange: TextRange) {
    editor.setMarkedText(markedText, selectedRange: selectedRange)
  }
  /// Makes the pre-edit ordinary text.
  open func unmarkText() { editor.unmarkText() }
  /// The text in `range`.
  public func text(in range: TextRange) -> String? {
    let offsets = range.offsets
    guard offsets.upperBound <= editor.buffer.length else { return nil }
    return editor.buffer.substring(offsets)
  }
  /// Return types a line break.
  open func returnKeyPressed() { insertText("\n") }

  // MARK: Accessibility (TextView+Accessibility.swift)

  open override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }

  /// The text; a secure text view's is never exposed, only its length.
  open override var accessibilityValue: String? {
    get { accessibilityStore.value ?? describedValue }
    set { super.accessibilityValue = newValue }
  }

  /// `.textEntry` (and `.isEditing`) when editable, `.staticText` when not.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? describedTextTraits }
    set { super.accessibilityTraits = newValue }
  }

  /// Begins editing (the on-screen keyboard comes up) and returns `true`.
  open override func accessibilityActivate() -> Bool { activateForEditing() }

  // MARK: First responder

  open override var canBecomeFirstResponder: Bool { isEditable }

  /// Begins editing if the delegate agrees.
  @discardableResult
  open override func becomeFirstResponder() -> Bool {
    if isFirstResponder { return true }
    guard window != nil, isEditable, textViewDelegate?.textViewShouldBeginEditing(self) ?? true
    else { return false }
    guard super.becomeFirstResponder() else { return false }
    isEditing = true
    placeCaret()
    caretView.startBlinking()
    textViewDelegate?.textViewDidBeginEditing(self)
    TextInputSystem.shared.inputDidBeginEditing(self)
    return true
  }

  /// Ends editing if the delegate agrees.
  @discardableResult
  open override func resignFirstResponder() -> Bool {
    guard isFirstResponder else { return super.resignFirstResponder() }
    guard textViewDelegate?.textViewShouldEndEditing(self) ?? true else { return false }
    TextInputSystem.shared.inputWillEndEditing(self)
    guard super.resignFirstResponder() else { return false }
    finishEditing()
    return true
  }

  func finishEditing() {
    guard isEditing else { return }
    isEditing = false
    editor.unmarkText()
    EditMenu.shared.hide(for: self)
    caretView.stopBlinking()
    touchTracker.reset()
    for handle in selectionHandles { handle.isHidden = true }
    canvas.setNeedsDisplay()
    textViewDelegate?.textViewDidEndEditing(self)
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
    // Leaving the window ends editing whatever the delegate says, in UIKit's order (as a
    // text field's).
    if window == nil, isEditing {
      _ = textViewDelegate?.textViewShouldEndEditing(self)
      TextInputSystem.shared.inputWillEndEditing(self)
      clearFirstResponder()
      finishEditing()
    }
  }

  // MARK: Touches and keys

  /// Follows the finger as in a text field: taps, double taps, long presses, handles.
  let touchTracker = TextTouchTracker()

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    if let touch = touches.first {
      touchTracker.begin(touch, in: self)
      // A finger that went down on a handle drags it (the scroll view's pan stays put,
      // below).
      if touchTracker.isDraggingHandle { return }
    }
    super.touchesBegan(touches, with: event)
  }

  /// A finger on a handle drags it, and one that rested for a long press moves the caret;
  /// any other finger is the scroll view's.
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    if let touch = touches.first { touchTracker.move(touch, in: self) }
    if touchTracker.isDraggingHandle || touchTracker.isDraggingCaret { return }
    super.touchesMoved(touches, with: event)
  }

  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    touchTracker.reset()
    super.touchesCancelled(touches, with: event)
  }

  /// The scroll view's pan does not begin for a finger that went down on a selection
  /// handle (that finger drags the handle) or that rested for a long press (it moves the
  /// caret).
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    if gestureRecognizer === panGestureRecognizer,
      touchTracker.isDraggingHandle || touchTracker.isDraggingCaret
        || gestureRecognizer.sequenceTouches.contains(where: { selectionHandle(at: $0) != nil })
    {
      return false
    }
    return super.gestureRecognizerShouldBegin(gestureRecognizer)
  }

  /// The visible selection handle under the point where `touch` went down (with a margin
  /// for a fingertip), while editing.
  func selectionHandle(at touch: Touch) -> SelectionHandleView? {
    guard isEditing else { return nil }
    let point = convert(touch.initialLocationInWindow, from: nil)
    return selectionHandles.first {
      !$0.isHidden && $0.frame.insetBy(dx: -12, dy: -12).contains(point)
    }
  }

  /// A tap places the caret (and begins editing); a tap on the caret, or a long press,
  /// shows the edit menu; a double tap selects a word and shows it; a handle let go shows
  /// the menu for the selection it made (`TextTouchTracker`, as in a text field).
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    guard let touch = touches.first else { return super.touchesEnded(touches, with: event) }
    touchTracker.end(touch, in: self)
  }

  open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
    let unhandled = TextInputSystem.shared.router.unhandledPresses(
      presses, in: self, isEditing: isEditing)
    if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
  }

  open override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
    TextInputSystem.shared.router.hardwarePressesEnded(presses)
    super.pressesEnded(presses, with: event)
  }
}

extension TextView: TextEditorHost, TextEditorOwner, EditMenuHost, TextTouchTarget {
  var textEditor: TextEditor { editor }
  /// A drag scrolls; only after a long press does it move the caret.
  var dragMovesCaret: Bool { false }
  var caretSpace: View { self }

  func editorShouldChange(_ range: TextRange, replacement: String) -> Bool {
    textViewDelegate?.textView(self, shouldChangeTextIn: range, replacementText: replacement)
      ?? true
  }

  func editorTextWillChange(_ range: Range<Int>) {}

  func editorTextDidChange() {
    EditMenu.shared.hide(for: self)
    textDidChange(byUser: true)
  }

  func editorSelectionDidChange() {
    placeCaret()
    if isEditing { caretView.startBlinking() }
    canvas.setNeedsDisplay()
    scrollCaretToVisible()
    textViewDelegate?.textViewDidChangeSelection(self)
  }

  var editorLayout: TextLayout? { layout }

  func editorReturnKeyPressed() { returnKeyPressed() }

  func editorOffset(verticallyFrom offset: Int, down: Bool) -> Int? {
    let caret = caretRect(for: offset)
    let y = down ? caret.maxY + font.lineHeight / 2 : caret.minY - font.lineHeight / 2
    if y < textOrigin.y { return 0 }
    if y > textOrigin.y + layout.size.height { return editor.buffer.length }
    let index = layout.index(closestTo: Point(x: caret.minX - textOrigin.x, y: y - textOrigin.y))
    return editor.buffer.offset(index)
  }

  var editorAllowsCopy: Bool { true }
}

/// The part of a text view's text in view, redrawn when it scrolls.
@MainActor
final class TextViewCanvas: View {
  weak var owner: TextView?

  override init(frame: Rect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
    contentMode = .redraw
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current, let owner else { return }
    owner.drawVisibleText(in: context, visible: frame)
  }
}
