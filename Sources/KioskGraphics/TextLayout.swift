internal import CCairo
import FoundationEssentials

/// How lines of text line up horizontally within the layout's width.
public enum TextAlignment: Sendable {
  /// Flush with the left edge.
  case left
  /// Centred.
  case center
  /// Flush with the right edge.
  case right
  /// Stretched to both edges, except the last line of a paragraph.
  case justified
  /// Left for left-to-right scripts, right for right-to-left ones (Arabic, Hebrew).
  case natural
}

/// What happens to text that does not fit, as in `UILabel.lineBreakMode`.
public enum LineBreakMode: Sendable {
  /// Wraps at word boundaries; a word longer than a line breaks between characters.
  case byWordWrapping
  /// Wraps between any two characters.
  case byCharWrapping
  /// Cuts the text at the edge of the box.
  case byClipping
  /// Shows the end of the last line, replacing its start with "…".
  case byTruncatingHead
  /// Shows the start of the last line, replacing its end with "…".
  case byTruncatingTail
  /// Shows both ends of the last line with "…" in the middle.
  case byTruncatingMiddle
}

/// Text laid out in lines, ready to measure and draw, with the rules of `UILabel`.
///
/// - `numberOfLines` limits the lines shown; 0 means no limit.
/// - Without a `width` every paragraph is one line. With one, lines wrap at word
///   boundaries (between characters for `.byCharWrapping`).
/// - When the text needs more lines than allowed, the last line shown takes the rest of
///   the text (line breaks become spaces) and is shortened with "…" for the truncating
///   modes; for the other modes the text after the last line is cut. A single-line
///   `.byClipping` layout does not wrap: it is cut at the right edge.
///
/// ```swift
/// let title = TextLayout(
///   text: "Departures", font: .boldSystemFont(ofSize: 20), numberOfLines: 1, width: 200)
/// title.draw(in: context, at: Point(x: 16, y: 12))
/// ```
///
/// The layout is the same at every screen scale: glyph positions are neither hinted nor
/// rounded to pixels.
public final class TextLayout {
  /// The text.
  public private(set) var text: String
  /// The font.
  public private(set) var font: Font
  /// The colour the text is drawn in.
  public private(set) var color: Color
  /// The horizontal alignment within `width`.
  public private(set) var alignment: TextAlignment
  /// What happens to text that does not fit.
  public private(set) var lineBreakMode: LineBreakMode
  /// The most lines shown; 0 for no limit.
  public private(set) var numberOfLines: Int
  /// The width lines wrap or truncate at, in points; `nil` for no limit.
  public private(set) var width: Double?

  /// The box the drawn text occupies, in points, from the top left of the layout.
  public private(set) var size = Size.zero
  /// The number of lines shown.
  public private(set) var lineCount = 0
  /// Whether some of the text is not shown: ellipsized, cut after the last line, or
  /// clipped at the edge.
  public private(set) var isTruncated = false

  private let context: OpaquePointer?
  let layout: OpaquePointer?
  /// The part of the layout that may be drawn, in layout coordinates; `nil` for all of it.
  private var clip: Rect?
  /// The two carets measured last (UTF-8 offset, rectangle), newest first: a text field
  /// asks for the same caret several times an edit (scrolling, placing the caret view, the
  /// layout pass), and pango measures a caret in about a microsecond and a half.
  var measuredCarets: ((byte: Int, rect: Rect)?, (byte: Int, rect: Rect)?) = (nil, nil)

  /// Lays out `text`. See the type's documentation for how the parameters combine.
  public init(
    text: String, font: Font, color: Color = .black, alignment: TextAlignment = .natural,
    lineBreakMode: LineBreakMode = .byTruncatingTail, numberOfLines: Int = 1,
    width: Double? = nil
  ) {
    TextShaping.begin()
    defer { TextShaping.end() }
    self.text = text
    self.font = font
    self.color = color
    self.alignment = alignment
    self.lineBreakMode = lineBreakMode
    self.numberOfLines = max(numberOfLines, 0)
    self.width = width.flatMap { $0.isFinite ? max($0, 0) : nil }
    FontSetUp.waitUntilReady()
    context = pango_cairo_font_map_get_default().flatMap { makeTextContext(fontMap: $0) }
    layout = context.flatMap { pango_layout_new($0) }
    if let layout { perform(layout) }
  }

  /// The part of `text` a layout with these rules can show, or `text` itself when it is
  /// short: what a label hands to `init` so that a title of a million characters is shaped
  /// in microseconds rather than seconds (pango shapes every character it is given, shown
  /// or not).
  ///
  /// The bound assumes no visible character is narrower than a twentieth of the font's
  /// size and no line is lower than the size, and that nothing is wider or taller than the
  /// largest pixel buffer (16,384 points): a text that runs past the bound could never be
  /// seen. Characters of no width at all (a million zero-width spaces before a word) are
  /// the exception: such text is cut as if they had width. The truncating modes keep the
  /// end that shows: the start (tail), the end (head) or both (middle).
  public static func visiblePart(
    of text: String, font: Font, lineBreakMode: LineBreakMode = .byTruncatingTail,
    numberOfLines: Int = 1, width: Double? = nil
  ) -> String {
    let size = max(font.pointSize, 1)
    let largest = 16_384.0
    let lineWidth = min(width.map { $0.isFinite ? max($0, 0) : largest } ?? largest, largest)
    let perLine = Int((lineWidth / (size / 20)).rounded(.up)) + 64
    let lines = numberOfLines > 0 ? numberOfLines : Int(largest / size) + 1
    let (bound, overflow) = perLine.multipliedReportingOverflow(by: lines)
    // Quick exit on the byte count: a Character is at least one byte.
    guard !overflow, text.utf8.count > bound else { return text }
    switch lineBreakMode {
    case .byTruncatingHead where numberOfLines > 0:
      return String(text.suffix(bound))
    case .byTruncatingMiddle where numberOfLines > 0:
      let half = bound / 2 + 1
      guard let headEnd = text.index(text.startIndex, offsetBy: half, limitedBy: text.endIndex),
        let tailStart = text.index(text.endIndex, offsetBy: -half, limitedBy: headEnd)
      else { return text }
      return String(text[..<headEnd]) + String(text[tailStart...])
    default:
      return String(text.prefix(bound))
    }
  }

  /// Lays out `text` again in the same layout, with the same font, colour and rules: what a
  /// text field does on every keystroke, without a new layout object and pango layout.
  /// Only for a layout that nothing else holds (a layout is otherwise a value that never
  /// changes).
  package func reshape(text: String) {
    TextShaping.begin()
    defer { TextShaping.end() }
    self.text = text
    size = .zero
    lineCount = 0
    isTruncated = false
    clip = nil
    measuredCarets = (nil, nil)
    guard let layout else { return }
    pango_layout_set_width(layout, -1)
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
    perform(layout)
  }

  /// Lets go of the text (the layout shows nothing until `reshape(text:)`), so that the
  /// text's owner can change it in place instead of copying it.
  package func forgetText() {
    text = ""
    measuredCarets = (nil, nil)
  }

  deinit {
    // Pango tears a layout down with text work of its own (its lines, glyph strings).
    TextShaping.begin()
    defer { TextShaping.end() }
    if let layout { g_object_unref(UnsafeMutableRawPointer(layout)) }
    if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
  }

  /// The number of characters drawn as "missing glyph" boxes because no installed font has
  /// them; 0 when every character has a real glyph.
  public var unknownGlyphCount: Int {
    layout.map { Int(pango_layout_get_unknown_glyphs_count($0)) } ?? 0
  }

  /// Whether pango replaced some text with "…" (as opposed to cutting or clipping it).
  var isEllipsized: Bool {
    layout.map { pango_layout_is_ellipsized($0) != 0 } ?? false
  }

  /// The distance from the top of the layout to the first line's baseline, in points.
  public var firstBaseline: Double {
    layout.map { Double(pango_layout_get_baseline($0)) / pangoScale } ?? 0
  }

  /// Where drawing the text can put pixels, relative to the origin given to
  /// `draw(in:at:)`: pango's ink and logical rectangles of what is laid out, together (within
  /// the clip of a clipped line). Views keep their backing stores to it.
  public var drawingBounds: Rect {
    guard let layout else { return .zero }
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, &ink, &logical)
    func rect(_ r: PangoRectangle) -> Rect {
      Rect(
        x: Double(r.x) / pangoScale, y: Double(r.y) / pangoScale,
        width: Double(r.width) / pangoScale, height: Double(r.height) / pangoScale)
    }
    let drawn = rect(ink).union(rect(logical))
    return clip.map { drawn.intersection($0) } ?? drawn
  }

  /// Draws the text in `color` with the top left of the layout at `origin`. With a
  /// `width`, lines are aligned within `origin.x ... origin.x + width`.
  public func draw(in context: GraphicsContext, at origin: Point) {
    guard let layout, origin.isFinite else { return }
    TextShaping.begin()
    defer { TextShaping.end() }
    context.withTextState(color: color) { cairo in
      if let clip {
        cairo_rectangle(cairo, origin.x + clip.minX, origin.y + clip.minY, clip.width, clip.height)
        cairo_clip(cairo)
      }
      cairo_move_to(cairo, origin.x, origin.y)
      pango_cairo_show_layout(cairo, layout)
    }
  }

  // MARK: - Layout

  private func perform(_ layout: OpaquePointer) {
    let description = font.makePangoDescription()
    pango_layout_set_font_description(layout, description)
    pango_font_description_free(description)
    configureAlignment(layout)

    // Pango takes C strings: a NUL would end the text early, so drop any.
    let bytes = Array(text.utf8.filter { $0 != 0 })
    setText(layout, bytes)
    let lines = lineStarts(layout)
    let limit = numberOfLines

    guard let width else {
      // One line per paragraph: only the line limit can cut anything.
      if limit > 0, lines.count > limit {
        var shown = Array(bytes[..<lines[limit]]).trimmingTrailingWhitespace()
        if isTruncatingMode { shown += Array("…".utf8) }
        setText(layout, shown)
        isTruncated = true
      }
      measure(layout, lines: limit)
      return
    }

    let widthUnits = Int32(clamping: Int((width * pangoScale).rounded(.down)))
    pango_layout_set_width(layout, widthUnits)
    pango_layout_set_wrap(
      layout, lineBreakMode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
    let wrapped = lineStarts(layout)

    if lineBreakMode == .byClipping, limit == 1, wrapped.count > 1 {
      // Cut at the edge instead of wrapping: lay out unwrapped and clip to the box.
      pango_layout_set_width(layout, -1)
      isTruncated = true
      measure(layout, lines: 1)
      size.width = min(size.width, width)
      clip = Rect(x: 0, y: -size.height, width: width, height: 2 * size.height)
      return
    }

    guard limit > 0, wrapped.count > limit else {
      measure(layout, lines: limit)
      return
    }
    isTruncated = true
    if isTruncatingMode {
      // Earlier lines become paragraphs of their own, so that ellipsizing every paragraph
      // to one line touches only the last, which takes the rest of the text.
      var shown: [UInt8] = []
      for i in 0..<(limit - 1) {
        shown += Array(bytes[wrapped[i]..<wrapped[i + 1]]).trimmingTrailingWhitespace()
        shown.append(UInt8(ascii: "\n"))
      }
      shown += bytes[wrapped[limit - 1]...].map { $0 == 0x0a || $0 == 0x0d ? 0x20 : $0 }
        .trimmingTrailingWhitespace()
      pango_layout_set_ellipsize(layout, ellipsizeMode)
      pango_layout_set_height(layout, -1)
      setText(layout, shown)
    }
    // Whatever is below the last allowed line is hidden (it is there only when cutting).
    measure(layout, lines: limit)
    if lineStarts(layout).count > limit {
      clip = Rect(x: -1e6, y: -size.height, width: 2e6, height: 2 * size.height)
    }
  }

  private var isTruncatingMode: Bool {
    switch lineBreakMode {
    case .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle: true
    case .byWordWrapping, .byCharWrapping, .byClipping: false
    }
  }

  private var ellipsizeMode: PangoEllipsizeMode {
    switch lineBreakMode {
    case .byTruncatingHead: PANGO_ELLIPSIZE_START
    case .byTruncatingMiddle: PANGO_ELLIPSIZE_MIDDLE
    case .byTruncatingTail: PANGO_ELLIPSIZE_END
    case .byWordWrapping, .byCharWrapping, .byClipping: PANGO_ELLIPSIZE_NONE
    }
  }

  private func configureAlignment(_ layout: OpaquePointer) {
    // Pango flips alignment for right-to-left paragraphs only when it picks the direction
    // itself, which is what natural alignment means; explicit alignments must not flip.
    pango_layout_set_auto_dir(layout, alignment == .natural ? 1 : 0)
    switch alignment {
    case .left, .natural: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
    case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
    case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
    case .justified:
      pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
      pango_layout_set_justify(layout, 1)
    }
  }

  private func setText(_ layout: OpaquePointer, _ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        pango_layout_set_text(layout, $0.baseAddress, Int32(clamping: $0.count))
      }
    }
  }

  /// The byte offset at which each line starts.
  private func lineStarts(_ layout: OpaquePointer) -> [Int] {
    let count = pango_layout_get_line_count(layout)
    return (0..<count).compactMap { i in
      pango_layout_get_line_readonly(layout, i).map { Int($0.pointee.start_index) }
    }
  }

  /// Sets `size` and `lineCount` from the first `lines` lines (all for 0).
  private func measure(_ layout: OpaquePointer, lines limit: Int) {
    guard let iter = pango_layout_get_iter(layout) else { return }
    defer { pango_layout_iter_free(iter) }
    var count = 0
    var minX = Double.infinity
    var maxX = -Double.infinity
    var bottom = 0.0
    repeat {
      var logical = PangoRectangle()
      pango_layout_iter_get_line_extents(iter, nil, &logical)
      count += 1
      bottom = Double(logical.y + logical.height) / pangoScale
      // An empty line has no width but sits at its alignment offset: it must not widen
      // the box.
      if logical.width > 0 {
        minX = min(minX, Double(logical.x) / pangoScale)
        maxX = max(maxX, Double(logical.x + logical.width) / pangoScale)
      }
    } while (limit == 0 || count < limit) && pango_layout_iter_next_line(iter) != 0
    lineCount = count
    size = Size(width: maxX > minX ? maxX - minX : 0, height: bottom)
  }
}

extension Array where Element == UInt8 {
  /// The bytes without trailing ASCII spaces, tabs and line breaks.
  func trimmingTrailingWhitespace() -> [UInt8] {
    var end = count
    while end > 0, [0x20, 0x09, 0x0a, 0x0d].contains(self[end - 1]) { end -= 1 }
    return Array(self[..<end])
  }
}

/// Brackets the work pango and cairo do for text: laying it out and shaping it, measuring
/// carets and selections, drawing glyphs. kiosk-bench hooks it to tell the heap allocations
/// of text shaping (pango's own, which KioskKit cannot avoid) from the rest of a frame;
/// nothing else does, and unhooked it costs two loads of a nil pointer.
package enum TextShaping {
  /// Called on entering text work (nested calls nest).
  package nonisolated(unsafe) static var willBegin: (@convention(c) () -> Void)?
  /// Called on leaving it.
  package nonisolated(unsafe) static var didEnd: (@convention(c) () -> Void)?

  @inline(__always) static func begin() { willBegin?() }
  @inline(__always) static func end() { didEnd?() }
}
