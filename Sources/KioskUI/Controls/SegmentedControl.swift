import KioskGraphics

/// A row of segments, each a title or an image, of which one is selected, like UIKit's
/// `UISegmentedControl` (with its iOS 13 look: a white plate slides under the selected
/// segment on a light grey track).
///
/// A tap on a segment selects it; a finger that lands on the selected segment drags its
/// plate across to another, and one that lands elsewhere can slide on to the segment it
/// means: the segment under the finger when it lifts is selected. The control then sends
/// `.valueChanged` (and `.primaryActionTriggered`), only when the person changed the
/// selection; setting `selectedSegmentIndex` from code sends nothing.
///
/// ```swift
/// let size = SegmentedControl(items: ["Small", "Medium", "Large"])
/// size.selectedSegmentIndex = 1
/// size.frame = Rect(x: 20, y: 80, width: 300, height: 32)
/// size.addTarget(self, action: { $0.sizeChanged($1) }, for: .valueChanged)
/// ```
///
/// Differences from UIKit: there are no title text attributes; a selected title is drawn
/// white when `selectedSegmentTintColor` is dark so that it stays readable. The control is
/// UIKit's 32 points tall, and takes touches 6 points beyond that on each side (44 in all).
@MainActor
open class SegmentedControl: Control {
  /// The value of `selectedSegmentIndex` when no segment is selected.
  public static let noSegment = -1

  /// One segment's content and settings.
  struct Segment {
    var title: String?
    var image: Image?
    var isEnabled = true
    /// The width set with `setWidth(_:forSegmentAt:)`; 0 sizes it automatically.
    var width = 0.0
    let content: SegmentContentView
  }

  private(set) var segments: [Segment] = []
  private var selectedIndex = SegmentedControl.noSegment

  /// Whether a segment only flashes when tapped instead of staying selected: the action
  /// reads the tapped segment in `selectedSegmentIndex`, which then goes back to
  /// `noSegment`. The default is `false`.
  open var isMomentary = false {
    didSet {
      if isMomentary && !oldValue { selectedSegmentIndex = Self.noSegment }
    }
  }

  /// Whether automatic segment widths follow each segment's content (the default, `false`,
  /// makes them equal).
  open var apportionsSegmentWidthsByContent = false {
    didSet {
      guard oldValue != apportionsSegmentWidthsByContent else { return }
      setNeedsLayout()
      invalidateIntrinsicContentSize()
    }
  }

  /// The colour of the plate under the selected segment (default: white).
  open var selectedSegmentTintColor: Color? {
    didSet { if oldValue != selectedSegmentTintColor { updateLook() } }
  }

  let track = ControlShapeView(shape: .roundedRect(cornerRadius: 9))
  let thumb = ControlShapeView(shape: .roundedRect(cornerRadius: 7))
  /// Darkens the segment a finger is on (other than the selected one).
  let shade = ControlShapeView(shape: .roundedRect(cornerRadius: 7))
  private var separators: [View] = []

  /// The segment under the finger while tracking (`nil`: outside the row).
  private(set) var touchedSegment: Int?
  /// Whether the finger landed on the selected segment and so drags its plate.
  private var dragsThumb = false

  static let defaultHeight = 32.0
  static let trackColor = Color(hex: 0x767680, alpha: 0.12)
  static let shadeColor = Color(hex: 0x767680, alpha: 0.14)
  static let separatorColor = Color(hex: 0x8e8e93, alpha: 0.3)
  static let titleColor = Color(hex: 0x1c1c1e)
  static let disabledTitleColor = Color(hex: 0x1c1c1e, alpha: 0.3)
  static let thumbInset = 2.0
  static let thumbShadow = 2.0
  /// Room on each side of a segment's content when widths follow the content.
  static let contentPadding = 12.0
  static let animationDuration = 0.2
  static let titleFont = Font.systemFont(ofSize: 13, weight: .medium)
  static let selectedTitleFont = Font.systemFont(ofSize: 13, weight: .semibold)

  /// Creates a control without segments, 32 points tall if `frame` has no height.
  public override init(frame: Rect) {
    var frame = frame
    if frame.height == 0 { frame.size.height = Self.defaultHeight }
    super.init(frame: frame)
    thumb.shadowMargin = Self.thumbShadow
    shade.fillColor = Self.shadeColor
    shade.isHidden = true
    // Drawn while hidden, so that a press only shows it.
    shade.layer.drawsAheadWhileHidden = true
    addSubview(track)
    addSubview(shade)
    addSubview(thumb)
    thumb.isHidden = true
    updateLook()
  }

  /// Creates a control with a segment for each title, none selected, sized to fit them.
  public convenience init(items: [String]) {
    self.init(frame: .zero)
    for (index, title) in items.enumerated() {
      insertSegment(withTitle: title, at: index, animated: false)
    }
    sizeToFit()
  }

  /// Creates a control with a segment for each image, none selected, sized to fit them.
  public convenience init(images: [Image]) {
    self.init(frame: .zero)
    for (index, image) in images.enumerated() {
      insertSegment(with: image, at: index, animated: false)
    }
    sizeToFit()
  }

  // MARK: Segments

  /// How many segments there are.
  public var numberOfSegments: Int { segments.count }

  /// The selected segment, or `noSegment` (the default). Setting it moves the plate at
  /// once and sends no event; it must be `noSegment` or a segment's index.
  open var selectedSegmentIndex: Int {
    get { selectedIndex }
    set {
      precondition(
        newValue == Self.noSegment || segments.indices.contains(newValue),
        "SegmentedControl.selectedSegmentIndex \(newValue) is not a segment (0..<\(segments.count)) nor noSegment"
      )
      guard newValue != selectedIndex else { return }
      selectedIndex = newValue
      View.performWithoutAnimation { layoutSegments() }
      updateLook()
    }
  }

  /// Inserts a segment titled `title` at `index` (clamped to the segments, as UIKit does);
  /// with `animated`, the segments make room for it over a short animation.
  open func insertSegment(withTitle title: String?, at index: Int, animated: Bool) {
    insert(Segment(title: title, content: SegmentContentView()), at: index, animated: animated)
  }

  /// Inserts a segment showing `image` at `index` (clamped to the segments).
  open func insertSegment(with image: Image?, at index: Int, animated: Bool) {
    insert(Segment(image: image, content: SegmentContentView()), at: index, animated: animated)
  }

  private func insert(_ segment: Segment, at index: Int, animated: Bool) {
    let index = min(max(index, 0), segments.count)
    segments.insert(segment, at: index)
    invalidateIntrinsicContentSize()
    if selectedIndex >= index { selectedIndex += 1 }
    addSubview(segment.content)
    let separator = View(frame: .zero)
    separator.isUserInteractionEnabled = false
    separator.backgroundColor = Self.separatorColor
    insertSubview(separator, aboveSubview: track)
    separators.append(separator)
    segment.content.show(title: segment.title, image: segment.image)
    layoutChange(animated: animated, appearing: segment.content)
  }

  /// Removes the segment at `index`; a selected segment removed leaves none selected.
  open func removeSegment(at index: Int, animated: Bool) {
    precondition(
      segments.indices.contains(index),
      "SegmentedControl.removeSegment(at: \(index)): there are \(segments.count) segments")
    let removed = segments.remove(at: index)
    invalidateIntrinsicContentSize()
    if selectedIndex == index {
      selectedIndex = Self.noSegment
    } else if selectedIndex > index {
      selectedIndex -= 1
    }
    removed.content.removeFromSuperview()
    separators.removeLast().removeFromSuperview()
    layoutChange(animated: animated, appearing: nil)
  }

  /// Removes every segment.
  open func removeAllSegments() {
    while !segments.isEmpty { removeSegment(at: segments.count - 1, animated: false) }
  }

  /// Sets the title of the segment at `index` (it replaces an image).
  open func setTitle(_ title: String?, forSegmentAt index: Int) {
    checkIndex(index, "setTitle(_:forSegmentAt:)")
    setContent(title: title, image: nil, ofSegment: index)
  }

  private func setContent(title: String?, image: Image?, ofSegment index: Int) {
    segments[index].title = title
    segments[index].image = image
    segments[index].content.show(title: title, image: image)
    setNeedsLayout()
    invalidateIntrinsicContentSize()
  }

  /// The title of the segment at `index` (`nil` for an image, or an index out of range).
  open func titleForSegment(at index: Int) -> String? {
    segments.indices.contains(index) ? segments[index].title : nil
  }

  /// Sets the image of the segment at `index` (it replaces a title).
  open func setImage(_ image: Image?, forSegmentAt index: Int) {
    checkIndex(index, "setImage(_:forSegmentAt:)")
    setContent(title: nil, image: image, ofSegment: index)
  }

  /// The image of the segment at `index` (`nil` for a title, or an index out of range).
  open func imageForSegment(at index: Int) -> Image? {
    segments.indices.contains(index) ? segments[index].image : nil
  }

  /// Enables or disables the segment at `index`: a disabled segment is greyed and cannot be
  /// selected by a finger.
  open func setEnabled(_ enabled: Bool, forSegmentAt index: Int) {
    checkIndex(index, "setEnabled(_:forSegmentAt:)")
    segments[index].isEnabled = enabled
    updateLook()
  }

  /// Whether the segment at `index` is enabled (`false` for an index out of range).
  open func isEnabledForSegment(at index: Int) -> Bool {
    segments.indices.contains(index) ? segments[index].isEnabled : false
  }

  /// Sets the width of the segment at `index` in points; 0 (the default) sizes it
  /// automatically. Negative widths count as 0.
  open func setWidth(_ width: Double, forSegmentAt index: Int) {
    checkIndex(index, "setWidth(_:forSegmentAt:)")
    segments[index].width = width.isFinite ? max(width, 0) : 0
    setNeedsLayout()
    invalidateIntrinsicContentSize()
  }

  /// The width set for the segment at `index` (0: automatic, or an index out of range).
  open func widthForSegment(at index: Int) -> Double {
    segments.indices.contains(index) ? segments[index].width : 0
  }

  private func checkIndex(_ index: Int, _ method: String) {
    precondition(
      segments.indices.contains(index),
      "SegmentedControl.\(method): segment \(index) is out of range (0..<\(segments.count))")
  }

  // MARK: Layout

  private func layoutChange(animated: Bool, appearing: View?) {
    updateLook()
    if animated && window != nil { appearing?.alpha = 0 }
    changeParts(animated: animated, duration: Self.animationDuration) {
      layoutSegments()
      appearing?.alpha = 1
    }
  }

  /// The width each segment's content asks for, padding included.
  private func contentWidths() -> [Double] {
    segments.map { $0.content.fittingWidth + 2 * Self.contentPadding }
  }

  /// Each segment's width in the bounds: set widths first; the rest share what is left,
  /// equally or (with `apportionsSegmentWidthsByContent`) by their content.
  func segmentWidths() -> [Double] {
    let fixed = segments.reduce(0) { $0 + $1.width }
    let automatic = segments.indices.filter { segments[$0].width == 0 }
    let room = max(bounds.width - fixed, 0)
    let content = contentWidths()
    let contentTotal = automatic.reduce(0) { $0 + content[$1] }
    return segments.indices.map { index in
      if segments[index].width > 0 { return segments[index].width }
      if apportionsSegmentWidthsByContent && contentTotal > 0 {
        return room * content[index] / contentTotal
      }
      return room / Double(automatic.count)
    }
  }

  /// The rectangle of each segment, left to right.
  func segmentFrames() -> [Rect] {
    var x = bounds.minX
    return segmentWidths().map { width in
      defer { x += width }
      return Rect(x: x, y: bounds.minY, width: width, height: bounds.height)
    }
  }

  /// The segment whose column holds `x` (clamped to the first and last).
  private func segment(atX x: Double) -> Int? {
    let frames = segmentFrames()
    guard !frames.isEmpty else { return nil }
    return frames.firstIndex { x < $0.maxX } ?? frames.count - 1
  }

  private func layoutSegments() {
    track.frame = bounds
    let frames = segmentFrames()
    for (index, frame) in frames.enumerated() {
      segments[index].content.frame = frame
      if index > 0 {
        separators[index - 1].frame = Rect(
          x: frame.minX - 0.5, y: frame.midY - 8, width: 1, height: 16)
      }
    }
    if let last = separators.last, separators.count >= frames.count {
      last.frame = .zero  // the spare one (there are as many as segments)
    }
    let shown = plateSegment
    thumb.isHidden = shown == nil
    if let shown, frames.indices.contains(shown) {
      thumb.frame = plateFrame(frames[shown]).insetBy(
        dx: -Self.thumbShadow, dy: -Self.thumbShadow)
    }
    if let touched = touchedSegment, !dragsThumb, frames.indices.contains(touched) {
      shade.frame = plateFrame(frames[touched])
    }
    updateSeparators()
  }

  /// The plate's rectangle on a segment's column.
  private func plateFrame(_ column: Rect) -> Rect {
    column.insetBy(dx: Self.thumbInset, dy: Self.thumbInset)
  }

  /// The segment the plate is on: the selected one, or the one it is dragged to.
  private var plateSegment: Int? {
    if dragsThumb, let touchedSegment { return touchedSegment }
    return selectedIndex == Self.noSegment ? nil : selectedIndex
  }

  /// Hides the separators beside the plate, as UIKit does.
  private func updateSeparators() {
    let plate = plateSegment
    for (index, separator) in separators.enumerated() {
      // Separator `index` is between segments `index` and `index + 1`.
      let besidePlate = plate == index || plate == index + 1
      separator.isHidden = besidePlate || index + 1 >= segments.count
    }
  }

  /// Lays the segments out in the bounds.
  open override func layoutSubviews() {
    super.layoutSubviews()
    layoutSegments()
  }

  /// What `sizeThatFits(_:)` gives: the segments' content, 32 points tall.
  open override var intrinsicContentSize: Size { sizeThatFits(.zero) }

  /// UIKit's 32 points tall; wide enough for every segment's content (the widest times the
  /// count with equal widths), set widths included.
  open override func sizeThatFits(_ size: Size) -> Size {
    let content = contentWidths()
    var width = 0.0
    let automatic = segments.indices.filter { segments[$0].width == 0 }
    if apportionsSegmentWidthsByContent {
      width = automatic.reduce(0) { $0 + content[$1] }
    } else {
      width = (automatic.map { content[$0] }.max() ?? 0) * Double(automatic.count)
    }
    width += segments.reduce(0) { $0 + $1.width }
    return Size(width: width.rounded(.up), height: Self.defaultHeight)
  }

  /// The bounds, grown to at least 44 points tall so that a finger finds the segments.
  open override func point(inside point: Point, with event: KioskUI.Event?) -> Bool {
    touchTargetArea.contains(point)
  }

  // MARK: Look

  override func stateDidChange() {
    super.stateDidChange()
    updateLook()
  }

  private func updateLook() {
    track.fillColor = Self.trackColor
    let plateColor = selectedSegmentTintColor ?? .white
    thumb.fillColor = plateColor
    thumb.alpha = isEnabled ? 1 : 0.6
    let darkPlate = plateColor.luminance < 0.5
    for (index, segment) in segments.enumerated() {
      let selected = index == plateSegment
      let enabled = isEnabled && segment.isEnabled
      segment.content.style(
        color: !enabled
          ? Self.disabledTitleColor : selected && darkPlate ? .white : Self.titleColor,
        font: selected ? Self.selectedTitleFont : Self.titleFont)
    }
    updateSeparators()
  }

  // MARK: Tracking

  /// Notes the segment under the finger; a disabled one takes no touch.
  open override func beginTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    guard let index = segment(atX: touch.location(in: self).x), segments[index].isEnabled
    else { return false }
    dragsThumb = index == selectedIndex && !isMomentary
    touchedSegment = index
    showTouch(animated: false)
    return true
  }

  /// Follows the finger across the segments: the plate (when it was grabbed) or the shade
  /// moves to the segment under it.
  open override func continueTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    let location = touch.location(in: self)
    var index = isInTrackingArea(location) ? segment(atX: location.x) : nil
    if let candidate = index, !segments[candidate].isEnabled {
      index = dragsThumb ? touchedSegment : nil
    }
    guard index != touchedSegment else { return true }
    touchedSegment = index
    showTouch(animated: true)
    return true
  }

  /// Selects the segment under the finger and tells the app if that changed the selection.
  open override func endTracking(_ touch: Touch?, with event: KioskUI.Event?) {
    let chosen = touchedSegment
    touchedSegment = nil
    dragsThumb = false
    shade.isHidden = true
    guard let chosen, isTouchInside else {
      showTouch(animated: true)
      return
    }
    if isMomentary {
      selectedIndex = chosen
      sendValueChanged()
      selectedIndex = Self.noSegment
      showTouch(animated: true)
      return
    }
    let changed = chosen != selectedIndex
    selectedIndex = chosen
    showTouch(animated: true)
    if changed { sendValueChanged() }
  }

  /// Puts the plate back on the selected segment.
  open override func cancelTracking(with event: KioskUI.Event?) {
    touchedSegment = nil
    dragsThumb = false
    shade.isHidden = true
    showTouch(animated: true)
  }

  /// Shows the shade on the touched segment and the plate where it belongs.
  private func showTouch(animated: Bool) {
    let shaded = !dragsThumb && touchedSegment != nil && touchedSegment != selectedIndex
    shade.isHidden = !shaded
    updateLook()
    changeParts(
      animated: animated, duration: Self.animationDuration, options: [.allowUserInteraction]
    ) { layoutSegments() }
    if shaded, let touched = touchedSegment {
      View.performWithoutAnimation { shade.frame = plateFrame(segmentFrames()[touched]) }
    }
  }

  func sendValueChanged() {
    sendActions(for: .valueChanged)
    sendActions(for: .primaryActionTriggered)
  }
}

/// What a segment shows: its title or its image, centred in its column.
@MainActor
final class SegmentContentView: View {
  let label = Label(frame: .zero)
  let imageView = ImageView(frame: .zero)

  init() {
    super.init(frame: .zero)
    isUserInteractionEnabled = false
    label.textAlignment = .center
    label.lineBreakMode = .byTruncatingTail
    label.font = SegmentedControl.titleFont
    imageView.contentMode = .center
    addSubview(imageView)
    addSubview(label)
  }

  // MARK: Accessibility (each segment is a button; SegmentedControl+Accessibility.swift)

  override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }

  override var accessibilityLabel: String? {
    get { accessibilityStore.label ?? label.text ?? imageView.accessibilityStore.label }
    set { super.accessibilityLabel = newValue }
  }

  override var accessibilityValue: String? {
    get { accessibilityStore.value ?? describedValue }
    set { super.accessibilityValue = newValue }
  }

  override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? describedTraits }
    set { super.accessibilityTraits = newValue }
  }

  override func accessibilityActivate() -> Bool { selectAsTap() }

  func show(title: String?, image: Image?) {
    label.text = title
    label.isHidden = title == nil
    imageView.image = image
    imageView.isHidden = image == nil
    setNeedsLayout()
  }

  func style(color: Color, font: Font) {
    if label.textColor != color { label.textColor = color }
    if label.font != font {
      label.font = font
      setNeedsLayout()
    }
    imageView.alpha = color.alpha
  }

  /// The width the content needs.
  var fittingWidth: Double {
    if imageView.image != nil { return imageView.sizeThatFits(.zero).width }
    return label.sizeThatFits(.zero).width
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let inner = bounds.insetBy(dx: 4, dy: 0)
    let height = min(label.sizeThatFits(.zero).height, inner.height)
    label.frame = Rect(
      x: inner.minX, y: (bounds.midY - height / 2).rounded(), width: max(inner.width, 0),
      height: height)
    imageView.frame = bounds
  }
}

extension Color {
  /// The relative luminance (0 black to 1 white), to choose readable text on a colour.
  var luminance: Double {
    0.2126 * red + 0.7152 * green + 0.0722 * blue
  }
}
