import KioskGraphics

/// The keys of the on-screen keyboard (and the candidate bar of an input method), drawn
/// with KioskKit's own views. It follows the fingers itself, several at once: a key
/// highlights and shows a preview bubble while pressed and types when the finger lifts;
/// a held backspace repeats; a long press on a letter offers its alternates; a double tap
/// on Shift locks capitals.
@MainActor
final class OnScreenKeyboardView: View {
  /// Where the keys go: into the input being edited, through its input method.
  weak var router: KeyRouter?
  private(set) var keyViews: [KeyView] = []
  let candidateBar = CandidateBarView()
  private let preview = KeyPreviewView()
  private var alternatesView: KeyAlternatesView?

  private(set) var plane = KeyPlane.letters
  private(set) var language = "en"
  private(set) var keyboardType = KeyboardType.default
  var hasLanguageKey = false
  var showsCandidateBar = false {
    didSet { if oldValue != showsCandidateBar { setNeedsLayout() } }
  }
  var returnKeyTitle = ReturnKeyType.default.title {
    didSet { if oldValue != returnKeyTitle { returnKey?.title = returnKeyTitle } }
  }
  var isReturnKeyEnabled = true {
    didSet { if oldValue != isReturnKeyEnabled { returnKey?.isEnabled = isReturnKeyEnabled } }
  }
  private(set) var shift = KeyView.ShiftState.off {
    didSet {
      guard oldValue != shift else { return }
      for key in keyViews { key.shiftState = shift; key.title = title(for: key.spec) }
    }
  }
  private var lastShiftTap = -Double.infinity

  /// The finger on each key, by touch.
  private var pressedKeys: [ObjectIdentifier: KeyView] = [:]
  private var repeatTimer: ScheduledAction?
  /// The key held down whose alternates show when `alternatesTimer` fires.
  private weak var alternatesKey: KeyView?
  private var alternatesTimer: ScheduledAction?

  /// How long backspace waits before repeating, and how fast it repeats, in seconds.
  static let backspaceRepeatDelay = 0.5
  static let backspaceRepeatInterval = 0.1
  /// How long a letter is held before its alternates show, in seconds.
  static let alternatesDelay = 0.45
  static let gap = 6.0
  static let rowGap = 8.0
  static let candidateBarHeight = 44.0
  /// The grey behind the keys (the keys paint it around their caps too: they are opaque).
  static let keyboardBackground = Color(hex: 0xd1d3d9)

  override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = Self.keyboardBackground
    isMultipleTouchEnabled = true
    candidateBar.isHidden = true
    addSubview(candidateBar)
    preview.isHidden = true
  }

  /// The height of one key row for a screen `screenHeight` points tall: at least 44
  /// points, which UIKit's guidelines give as the smallest comfortable touch target.
  static func keyHeight(screenHeight: Double) -> Double {
    min(max(screenHeight * 0.09, 44), 56)
  }

  /// The keyboard's height on a screen `screenHeight` points tall.
  static func height(screenHeight: Double, candidateBar: Bool) -> Double {
    let rows = 4.0
    return rows * keyHeight(screenHeight: screenHeight) + (rows + 1) * rowGap
      + (candidateBar ? candidateBarHeight : 0)
  }

  var keyHeight: Double { Self.keyHeight(screenHeight: window?.bounds.height ?? 600) }

  /// Shows `plane` of `language` for a field of `type`.
  func configure(plane: KeyPlane, language: String, type: KeyboardType) {
    self.plane = plane
    self.language = language
    self.keyboardType = type
    // The same keys again (the next field of a form): the drawn keys stay.
    let build = KeysBuild(
      plane: plane, language: language, type: type, hasLanguageKey: hasLanguageKey)
    guard build != builtKeys else { return }
    builtKeys = build
    rebuildKeys()
  }

  /// What the keys were last built for.
  private struct KeysBuild: Equatable {
    var plane: KeyPlane
    var language: String
    var type: KeyboardType
    var hasLanguageKey: Bool
  }
  private var builtKeys: KeysBuild?

  func setShift(_ state: KeyView.ShiftState) {
    shift = state
  }

  /// The return key of the current keys (kept: looking it up on every typed letter cost a
  /// search through the keys).
  private var returnKey: KeyView?

  private func title(for spec: KeySpec) -> String {
    switch spec.role {
    case .character(let text, _):
      return shift != .off && plane == .letters ? text.uppercased() : text
    case .space: return language == "zh-pinyin" ? "空格" : (language == "ru" ? "Пробел" : "space")
    case .returnKey: return returnKeyTitle
    case .language: return KeyboardLayouts.title(of: language)
    case .plane(_, let title): return title
    case .shift, .backspace, .hide, .spacer: return ""
    }
  }

  private func rebuildKeys() {
    for key in keyViews { key.removeFromSuperview() }
    let rows = KeyboardLayouts.rows(
      plane: plane, language: language, type: keyboardType, hasLanguageKey: hasLanguageKey)
    keyViews = rows.flatMap { $0 }.map { spec in
      let key = KeyView(spec: spec, title: title(for: spec))
      key.shiftState = shift
      if spec.role == .returnKey { key.isEnabled = isReturnKeyEnabled }
      addSubview(key)
      return key
    }
    returnKey = keyViews.first { $0.spec.role == .returnKey }
    rowsCache = rows
    setNeedsLayout()
  }

  private var rowsCache: [[KeySpec]] = []

  override func layoutSubviews() {
    super.layoutSubviews()
    var top = Self.rowGap
    candidateBar.isHidden = !showsCandidateBar
    if showsCandidateBar {
      candidateBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: Self.candidateBarHeight)
      top += Self.candidateBarHeight
    }
    let height = keyHeight
    let isPad = [KeyPlane.numberPad, .decimalPad, .phonePad].contains(plane)
    let unitsPerRow = rowsCache.map { $0.reduce(0) { $0 + $1.width } }.max() ?? 10
    let columns = isPad ? 4.0 : max(unitsPerRow, 10)
    // A pad wider than a phone's is hard to use: its keys stay at most 160 points wide,
    // centred.
    let padWidth = isPad ? min(bounds.width, 4 * 160 + 3 * Self.gap + 8) : bounds.width
    let side = 4.0 + (bounds.width - padWidth) / 2
    let unit = (padWidth - 8 - (columns - 1) * Self.gap) / columns
    var index = 0
    for row in rowsCache {
      let units = row.reduce(0) { $0 + $1.width }
      let rowWidth = units * unit + Double(row.count - 1) * Self.gap
      // The bottom row (and the pad's) spans the width: its keys stretch to fill it.
      let stretch =
        (row == rowsCache.last || isPad) && rowWidth < bounds.width - 2 * side
        ? (bounds.width - 2 * side - Double(row.count - 1) * Self.gap) / (units * unit) : 1
      var x = (bounds.width - rowWidth * (stretch > 1 ? 1 : 1)) / 2
      if stretch > 1 { x = side }
      for spec in row {
        let width = spec.width * unit * stretch
        keyViews[index].frame = Rect(
          x: x.rounded(), y: top, width: width.rounded(), height: height)
        x += width + Self.gap
        index += 1
      }
      top += height + Self.rowGap
    }
  }

  /// The key under `point` (keyboard coordinates), taking the gaps between keys as part
  /// of the nearest key so no touch falls through.
  func key(at point: Point) -> KeyView? {
    var best: (KeyView, Double)?
    for key in keyViews where key.spec.role != .spacer {
      let frame = key.frame.insetBy(dx: -Self.gap / 2, dy: -Self.rowGap / 2)
      if frame.contains(point) { return key }
      let dx = max(frame.minX - point.x, 0, point.x - frame.maxX)
      let dy = max(frame.minY - point.y, 0, point.y - frame.maxY)
      let distance = dx * dx + dy * dy
      if distance < 400, best == nil || distance < best?.1 ?? .infinity { best = (key, distance) }
    }
    return best?.0
  }

  // MARK: Touches

  override func hitTest(_ point: Point, with event: Event?) -> View? {
    guard !isHidden, self.point(inside: point, with: event) else { return nil }
    if showsCandidateBar, candidateBar.frame.contains(point) { return candidateBar }
    return self
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    for touch in touches {
      guard let key = key(at: touch.location(in: self)) else { continue }
      pressedKeys[ObjectIdentifier(touch)] = key
      press(key)
    }
  }

  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    for touch in touches {
      let id = ObjectIdentifier(touch)
      let point = touch.location(in: self)
      if let alternatesView, let key = pressedKeys[id], key.isHighlighted {
        alternatesView.selected = alternatesView.choice(
          at: alternatesView.convert(point, from: self).x)
        continue
      }
      let key = key(at: point)
      guard key !== pressedKeys[id] else { continue }
      if let old = pressedKeys[id] { release(old, commit: false) }
      pressedKeys[id] = key
      if let key { press(key) }
    }
  }

  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    for touch in touches {
      guard let key = pressedKeys.removeValue(forKey: ObjectIdentifier(touch)) else { continue }
      release(key, commit: true)
    }
  }

  override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    for touch in touches {
      guard let key = pressedKeys.removeValue(forKey: ObjectIdentifier(touch)) else { continue }
      release(key, commit: false)
    }
  }

  /// A tap on `key` without a finger: pressed and released at once (a screen reader's
  /// activation). Backspace deletes once and does not repeat.
  func tap(_ key: KeyView) {
    press(key)
    release(key, commit: true)
  }

  private func press(_ key: KeyView) {
    key.isHighlighted = true
    switch key.spec.role {
    case .character(_, let alternates):
      showPreview(for: key)
      alternatesTimer?.cancel()
      if !alternates.isEmpty {
        alternatesKey = key
        // One timer, restarted on each press of a key with alternates.
        if let alternatesTimer {
          alternatesTimer.restart(after: Self.alternatesDelay)
        } else {
          alternatesTimer = ScheduledAction.after(Self.alternatesDelay) { [weak self] in
            self?.alternatesDelayDidPass()
          }
        }
      }
    case .backspace:
      router?.keyboardDidTapBackspace()
      // One repeat timer, restarted on each press of backspace.
      if let repeatTimer {
        repeatTimer.restart(after: Self.backspaceRepeatDelay)
      } else {
        repeatTimer = ScheduledAction.after(
          Self.backspaceRepeatDelay, repeating: Self.backspaceRepeatInterval
        ) { [weak self] in
          self?.router?.keyboardDidTapBackspace()
        }
      }
    default: break
    }
  }

  private func release(_ key: KeyView, commit: Bool) {
    key.isHighlighted = false
    // The bubble stays a subview, hidden: showing and hiding a leaf changes the layer tree
    // in place (no walk, no allocation).
    preview.isHidden = true
    alternatesTimer?.cancel()
    alternatesKey = nil
    if let alternatesView {
      let choice = alternatesView.selected.map { alternatesView.choices[$0] }
      alternatesView.removeFromSuperview()
      self.alternatesView = nil
      if commit, let choice { type(applyingShift(choice)) }
      return
    }
    if case .backspace = key.spec.role {
      repeatTimer?.cancel()
      return
    }
    guard commit else { return }
    switch key.spec.role {
    case .character(let text, _): type(applyingShift(text))
    case .space: router?.keyboardDidTapSpace()
    case .returnKey: if key.isEnabled { router?.keyboardDidTapReturn() }
    case .shift: tapShift()
    case .language: router?.keyboardDidTapLanguage()
    case .plane(let target, _):
      configure(plane: target, language: language, type: keyboardType)
    case .hide: router?.keyboardDidTapHide()
    case .backspace, .spacer: break
    }
  }

  /// `text` as the letters plane types it with the current shift state.
  func applyingShift(_ text: String) -> String {
    shift != .off && plane == .letters ? text.uppercased() : text
  }

  private func type(_ text: String) {
    if shift == .on { shift = .off }
    router?.keyboardDidType(text)
  }

  private func tapShift() {
    let now = Transaction.clock()
    if shift == .locked {
      shift = .off
    } else if now - lastShiftTap < 0.35 {
      shift = .locked
    } else {
      shift = shift == .off ? .on : .off
    }
    lastShiftTap = now
  }

  private func showPreview(for key: KeyView) {
    guard let window else { return }
    let frame = key.frame
    let width = max(frame.width * 1.4, 48)
    let height = frame.height * 1.5
    preview.text = key.title
    preview.frame = Rect(
      x: frame.midX - width / 2, y: frame.minY - height + frame.height * 0.3, width: width,
      height: height)
    _ = window
    if preview.superview !== self { addSubview(preview) }
    if subviews.last !== preview { bringSubviewToFront(preview) }
    preview.isHidden = false
  }

  private func showAlternates(for key: KeyView, alternates: [String]) {
    preview.isHidden = true
    let choices =
      [key.spec.role].compactMap { role -> String? in
        if case .character(let text, _) = role { return text }
        return nil
      } + alternates
    let cell = max(key.frame.width, 40)
    let view = KeyAlternatesView(
      choices: choices.map { applyingShift($0) }, cellWidth: cell)
    var x = key.frame.minX
    x = min(max(x, 2), bounds.width - cell * Double(choices.count) - 2)
    view.frame = Rect(
      x: x, y: key.frame.minY - key.frame.height - 8, width: cell * Double(choices.count),
      height: key.frame.height + 4)
    view.selected = 0
    addSubview(view)
    alternatesView = view
  }

  /// A letter with alternates was held long enough: they show.
  private func alternatesDelayDidPass() {
    guard let key = alternatesKey, key.isHighlighted,
      case .character(_, let alternates) = key.spec.role
    else { return }
    showAlternates(for: key, alternates: alternates)
  }

  /// Stops every key (the keyboard is going away).
  func cancelAllKeys() {
    for key in pressedKeys.values { key.isHighlighted = false }
    pressedKeys.removeAll()
    repeatTimer?.cancel()
    alternatesTimer?.cancel()
    alternatesView?.removeFromSuperview()
    alternatesView = nil
    preview.isHidden = true
  }

  /// The centre of the key that types `text` (or has role `role`), in keyboard
  /// coordinates: tests tap keys by what they type.
  func center(ofKeyTyping text: String) -> Point? {
    keyViews.first { key in
      if case .character(let typed, _) = key.spec.role { return typed == text }
      return false
    }?.frame.center
  }

  func center(of role: KeyRole) -> Point? {
    keyViews.first { $0.spec.role == role }?.frame.center
  }
}
