import KioskGraphics
import KioskUI

/// One element a query stands for, after XCUITest's `XCUIElement`: it is looked up when it
/// is used, and its actions are a person's (a tap is a finger at its activation point).
///
/// KioskKit differs from XCUITest in how a missing element fails: XCUITest stops the test
/// from inside `tap()`; here the actions and properties throw an `ElementQueryError` that
/// names the query and what the screen held instead, so that `try` fails the test in XCTest
/// and in Swift Testing alike, at the line that asked.
@MainActor
public struct TestElement: ElementQueryScope {
  /// Which match of the query this element is.
  enum Pick {
    /// The only one: none or several fail.
    case only
    case first
    case index(Int)
  }

  let query: ElementQuery
  let pick: Pick

  private var app: TestApplication { query.app }

  /// Whether the query finds it now (for `element`, at least one match: acting on one of
  /// several still fails).
  public var exists: Bool {
    switch pick {
    case .only, .first: query.count > 0
    case .index(let index): index >= 0 && query.count > index
    }
  }

  /// The first element the query finds (for `app.buttons["Order"].firstMatch` when
  /// several are called so).
  public var firstMatch: TestElement { TestElement(query: query, pick: .first) }

  /// Waits, on the test's manual clock, up to `timeout` seconds for it to exist (an
  /// animation to end, a timer to fire), advancing the clock by a frame at a time; returns
  /// whether it does.
  public func waitForExistence(timeout: Double) -> Bool {
    let deadline = app.now + timeout
    while !exists {
      guard app.now < deadline else { return false }
      app.advance(by: min(1.0 / 60, deadline - app.now))
    }
    return true
  }

  /// The screen reader's node it stands for.
  public var node: any AccessibilityNode {
    get throws {
      let nodes = query.allNodes
      switch pick {
      case .only:
        guard nodes.count == 1 else {
          throw nodes.isEmpty
            ? ElementQueryError.notFound(query: query, app: app)
            : ElementQueryError.ambiguous(query: query, count: nodes.count)
        }
        return nodes[0]
      case .first:
        guard let first = nodes.first else {
          throw ElementQueryError.notFound(query: query, app: app)
        }
        return first
      case .index(let index):
        guard index >= 0, index < nodes.count else {
          throw ElementQueryError.notFound(query: query, app: app, index: index)
        }
        return nodes[index]
      }
    }
  }

  /// Its accessibility label ("" without one).
  public var label: String { get throws { try node.accessibilityLabel ?? "" } }
  /// Its accessibility value, if any.
  public var value: String? { get throws { try node.accessibilityValue } }
  /// Its accessibility identifier ("" without one).
  public var identifier: String { get throws { try node.accessibilityIdentifier ?? "" } }
  /// Its accessibility traits.
  public var traits: AccessibilityTraits { get throws { try node.accessibilityTraits } }
  /// Its frame in screen points.
  public var frame: Rect { get throws { try node.accessibilityFrame } }
  /// Whether it is enabled (no `.notEnabled` trait).
  public var isEnabled: Bool { get throws { try !traits.contains(.notEnabled) } }
  /// Whether it is selected (the `.selected` trait).
  public var isSelected: Bool { get throws { try traits.contains(.selected) } }

  /// Whether a finger at its activation point reaches it (nothing covers it there, and it
  /// is on the screen).
  public var isHittable: Bool {
    guard let node = try? node else { return false }
    return Self.isHittable(node, on: app.screen)
  }

  /// The elements of `type` inside it.
  public func descendants(matching type: ElementType) -> ElementQuery {
    let element = self
    return ElementQuery(
      app: app, scope: { (try? element.node).map { [$0] } ?? [] }, type: type, filters: [])
  }

  // MARK: Actions

  /// Taps it with one finger at its activation point (the centre of its frame unless it
  /// says otherwise). Fails when it is missing or something else is on top of it there.
  public func tap() throws {
    app.tap(at: try hittablePoint())
  }

  /// Taps it twice in quick succession.
  public func doubleTap() throws {
    let point = try hittablePoint()
    app.tap(at: point)
    app.advance(by: 0.1)
    app.tap(at: point)
  }

  /// Holds a finger on it for `duration` seconds (a long press).
  public func press(forDuration duration: Double) throws {
    let point = try hittablePoint()
    app.touch(.began, at: point)
    app.advance(by: duration)
    app.touch(.ended, at: point)
  }

  /// Swipes a finger across it to the left (from its right part to its left part).
  public func swipeLeft() throws { try swipe(dx: -1, dy: 0) }
  /// Swipes a finger across it to the right.
  public func swipeRight() throws { try swipe(dx: 1, dy: 0) }
  /// Swipes a finger across it upwards.
  public func swipeUp() throws { try swipe(dx: 0, dy: -1) }
  /// Swipes a finger across it downwards.
  public func swipeDown() throws { try swipe(dx: 0, dy: 1) }

  private func swipe(dx: Double, dy: Double) throws {
    let frame = try frame
    _ = try hittablePoint()
    let center = frame.center
    let reach = Point(x: frame.width * 0.35 * dx, y: frame.height * 0.35 * dy)
    app.drag(
      from: Point(x: center.x - reach.x, y: center.y - reach.y),
      to: Point(x: center.x + reach.x, y: center.y + reach.y), duration: 0.1)
    app.advance(by: 0.5)
  }

  /// Raises an adjustable element's value by one step, as a screen reader's swipe up does.
  public func increment() throws {
    try node.accessibilityIncrement()
    app.runUntilIdle()
  }

  /// Lowers an adjustable element's value by one step, as a screen reader's swipe down does.
  public func decrement() throws {
    try node.accessibilityDecrement()
    app.runUntilIdle()
  }

  /// Turns a picker's wheel (or steps any adjustable element) until its value is `value`,
  /// trying downwards first, then upwards, `limit` steps each way at most.
  public func adjust(toPickerWheelValue value: String, limit: Int = 400) throws {
    let node = try node
    for upwards in [false, true] {
      for _ in 0..<limit {
        if node.accessibilityValue == value { return }
        let before = node.accessibilityValue
        if upwards { node.accessibilityIncrement() } else { node.accessibilityDecrement() }
        app.runUntilIdle()
        if node.accessibilityValue == before { break }
      }
      if node.accessibilityValue == value { return }
    }
    throw ElementQueryError.cannotAdjust(
      query: query, wanted: value, value: node.accessibilityValue ?? "")
  }

  /// Types `text` into it as a person would: a tap first when it is not being edited, then
  /// the on-screen keyboard's keys, switching the keyboard's case and plane (digits,
  /// symbols) where a character needs it. Fails, naming the character, when the keyboard's
  /// current language has no key for one.
  public func typeText(_ text: String) throws {
    let node = try node
    if let responder = node as? Responder, !responder.isFirstResponder {
      try tap()
      app.advance(by: 0.5)
    }
    guard app.keyboardFrame != nil else {
      throw ElementQueryError.noKeyboard(query: query)
    }
    if let character = app.typeOnScreenKeyboardReportingFailure(text) {
      throw ElementQueryError.cannotType(
        character: character, language: app.keyboardLanguage, query: query)
    }
  }

  /// Its activation point, when a finger there reaches it.
  private func hittablePoint() throws -> Point {
    let node = try node
    guard Self.isHittable(node, on: app.screen) else {
      throw ElementQueryError.notHittable(query: query, frame: node.accessibilityFrame)
    }
    return node.accessibilityActivationPoint
  }

  /// Whether a touch at `node`'s activation point lands on it, on a view inside it or on a
  /// view that holds it (for drawn content: on the view that draws it).
  static func isHittable(_ node: any AccessibilityNode, on screen: Screen) -> Bool {
    var owner: (any AccessibilityNode)? = node
    while let candidate = owner, !(candidate is View) { owner = candidate.accessibilityParent }
    guard let view = owner as? View,
      let hit = AccessibilityQueryProbe.hitView(at: node.accessibilityActivationPoint, on: screen)
    else { return false }
    // A control that tracks the touches for its parts (a stepper's halves) is hit instead
    // of the part; anything else hit (a view on top) covers it.
    return hit.isDescendant(of: view) || view.isDescendant(of: hit)
  }
}

/// Why an element query's action or property failed.
public struct ElementQueryError: Error, CustomStringConvertible {
  public let description: String

  init(description: String) { self.description = description }

  @MainActor
  static func notFound(query: ElementQuery, app: TestApplication, index: Int? = nil) -> Self {
    let around = ElementQuery(app: app, scope: query.scope, type: query.type, filters: [])
      .allNodes.prefix(20).map {
        "\"\($0.accessibilityIdentifier ?? $0.accessibilityLabel ?? "")\""
      }
    let which = index.map { " at index \($0)" } ?? ""
    let seen =
      around.isEmpty
      ? "there is no \(query.type) at all"
      : "the \(query.type)s there: \(around.joined(separator: ", "))"
    return Self(description: "no \(query.description)\(which): \(seen)")
  }

  @MainActor
  static func ambiguous(query: ElementQuery, count: Int) -> Self {
    Self(
      description: "\(count) elements match \(query.description); use firstMatch or "
        + "element(boundBy:), or a more precise query")
  }

  @MainActor
  static func notHittable(query: ElementQuery, frame: Rect) -> Self {
    Self(
      description:
        "\(query.description) at \(frame) cannot be tapped: something else is on top of it "
        + "or it is off screen")
  }

  @MainActor
  static func cannotAdjust(query: ElementQuery, wanted: String, value: String) -> Self {
    Self(
      description: "\(query.description) never showed \"\(wanted)\" (it stopped at \"\(value)\")")
  }

  @MainActor
  static func noKeyboard(query: ElementQuery) -> Self {
    Self(description: "the on-screen keyboard did not appear for \(query.description)")
  }

  @MainActor
  static func cannotType(character: Character, language: String, query: ElementQuery) -> Self {
    Self(
      description:
        "the on-screen keyboard (\(language)) has no key for \"\(character)\", typing into "
        + "\(query.description)")
  }
}
