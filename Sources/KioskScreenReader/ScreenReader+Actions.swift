import KioskGraphics
import KioskSpeech
import KioskUI

extension ScreenReader {
  /// The identifier of the finger the reader taps an activation point with (no input
  /// backend uses negative identifiers).
  static let activationFinger = -36

  /// Moves to the next element in reading order and says it. At the last element nothing
  /// moves and nothing new is said: the boundary is signalled (VoiceOver does not wrap).
  /// Returns whether the focus moved.
  @discardableResult
  public func focusNext() -> Bool { step(by: 1) }

  /// Moves to the previous element in reading order and says it (at the first, the
  /// boundary, as `focusNext()`).
  @discardableResult
  public func focusPrevious() -> Bool { step(by: -1) }

  /// Moves `offset` places from the focus in `elements` (all of the screen's by default).
  @discardableResult
  func step(by offset: Int, in elements: [any AccessibilityNode]? = nil) -> Bool {
    let elements = elements ?? self.elements
    let target: (any AccessibilityNode)?
    if let focus = focusedElement, let index = elements.firstIndex(where: { $0 === focus }) {
      let next = index + offset
      target = elements.indices.contains(next) ? elements[next] : nil
    } else {
      target = offset > 0 ? elements.first : elements.last
    }
    guard let target else {
      boundariesHit += 1
      boundaryFeedback?()
      return false
    }
    moveFocus(to: target)
    return true
  }

  /// Focuses and says the element under `point` (screen points): the smallest whose frame
  /// holds it. Says nothing when it is the focus already or nothing is there.
  public func explore(at point: Point) {
    guard let node = element(at: point), node !== focusedElement else { return }
    focusedElement = node
    lastValue = node.accessibilityValue
    updateFocusRing()
    speakElement(node)
  }

  /// The smallest element whose frame holds `point` (screen points), if any.
  public func element(at point: Point) -> (any AccessibilityNode)? {
    var best: (node: any AccessibilityNode, area: Double)?
    for node in elements {
      let frame = node.accessibilityFrame
      guard frame.contains(point) else { continue }
      let area = frame.width * frame.height
      if area < best?.area ?? .infinity { best = (node, area) }
    }
    return best?.node
  }

  /// Activates the focus (a double tap, Enter): its `accessibilityActivate()`, or, when that
  /// returns `false`, a tap at its `accessibilityActivationPoint` delivered to the app past
  /// the reader. Returns whether there was a focus.
  @discardableResult
  public func activateFocus() -> Bool {
    guard let focus = focusedElement else { return false }
    if focus.accessibilityActivate() { return true }
    tap(at: focus.accessibilityActivationPoint)
    return true
  }

  /// Taps `point` (screen points) in the app as a finger would, down and up, past the
  /// reader's filter.
  func tap(at point: Point) {
    guard let application, let screen else { return }
    let finger = Self.activationFinger
    application.sendTouchesBypassingAccessibilityFilter(
      [TouchSample(id: finger, phase: .began, location: point)], on: screen)
    application.sendTouchesBypassingAccessibilityFilter(
      [TouchSample(id: finger, phase: .ended, location: point)], on: screen)
  }

  /// Increments an adjustable focus (a flick up) and says its new value.
  public func incrementFocus() { adjustFocus(up: true) }

  /// Decrements an adjustable focus (a flick down) and says its new value.
  public func decrementFocus() { adjustFocus(up: false) }

  private func adjustFocus(up: Bool) {
    guard let focus = focusedElement, focus.accessibilityTraits.contains(.adjustable) else {
      return
    }
    if up { focus.accessibilityIncrement() } else { focus.accessibilityDecrement() }
    let value = focus.accessibilityValue
    lastValue = value
    if let value, !value.isEmpty {
      speak(value, interrupting: true, language: describer.language(of: focus))
    }
  }

  /// Escape (a two-finger scrub, Cancel/Back): `accessibilityPerformEscape()` on the focus,
  /// then on each container up from it, until one returns `true`. Returns whether one did.
  @discardableResult
  public func escape() -> Bool {
    var node = focusedElement
    while let current = node {
      if current.accessibilityPerformEscape() { return true }
      node = current.accessibilityParent
    }
    return false
  }

  /// Scrolls (a three-finger flick): `accessibilityScroll(_:)` on the focus, then on each
  /// container up from it, until one scrolls. Returns whether one did; the one that
  /// scrolled posts `.pageScrolled`, which the reader says.
  @discardableResult
  public func scroll(_ direction: AccessibilityScrollDirection) -> Bool {
    var node = focusedElement
    while let current = node {
      if current.accessibilityScroll(direction) { return true }
      node = current.accessibilityParent
    }
    return false
  }

  /// Says the focus's hint (the keypad's Help key); its whole description when it has no
  /// hint.
  public func speakHint() {
    guard let focus = focusedElement else { return }
    let language = describer.language(of: focus)
    if let hint = focus.accessibilityHint, !hint.isEmpty {
      speak(hint, interrupting: true, language: language)
    } else {
      speakElement(focus)
    }
  }

  /// Does what `gesture` asks.
  public func perform(_ gesture: ReaderGesture) {
    switch gesture {
    case .explore(let point), .tap(let point): explore(at: point)
    case .doubleTap: activateFocus()
    case .flick(.right): focusNext()
    case .flick(.left): focusPrevious()
    case .flick(.up): incrementFocus()
    case .flick(.down): decrementFocus()
    case .twoFingerTap: speech.togglePause()
    case .threeFingerFlick(.up): scroll(.up)
    case .threeFingerFlick(.down): scroll(.down)
    case .threeFingerFlick(.left): scroll(.left)
    case .threeFingerFlick(.right): scroll(.right)
    case .scrub: escape()
    }
  }
}
