import KioskGraphics
import KioskUI

/// A search for elements of one kind, after XCUITest's `XCUIElementQuery`: what it finds is
/// looked up again each time it is used, so a query made before a tap sees the screen as it
/// is after it.
///
/// ```swift
/// try app.buttons["Order"].tap()
/// try app.textFields["Name"].typeText("Ada")
/// try app.alerts["Delete?"].buttons["Delete"].tap()
/// #expect(app.cells.count == 3)
/// ```
///
/// A query searches the elements a screen reader reaches (in reading order) and, for the
/// container kinds, the views of that kind. KioskKit differs from XCUITest in one way on
/// purpose: what a modal view hides (an alert's background) is not found at all, as a
/// person using VoiceOver cannot reach it either.
@MainActor
public struct ElementQuery: ElementQueryScope {
  let app: TestApplication
  /// Where to look: `nil` for the whole screen, else inside these nodes.
  let scope: (@MainActor () -> [any AccessibilityNode])?
  let type: ElementType
  let filters: [Filter]

  /// One condition on a found node, with what it says in a failure's message.
  struct Filter {
    var description: String
    var test: @MainActor (any AccessibilityNode) -> Bool
  }

  /// Every node of this query's kind and filters, in reading order.
  public var allNodes: [any AccessibilityNode] {
    candidates().filter { node in filters.allSatisfy { $0.test(node) } }
  }

  /// How many elements match now.
  public var count: Int { allNodes.count }

  /// The one element that matches; using it fails when none or several do.
  public var element: TestElement { TestElement(query: self, pick: .only) }

  /// The first element that matches.
  public var firstMatch: TestElement { TestElement(query: self, pick: .first) }

  /// The element at `index` among those that match, in reading order.
  public func element(boundBy index: Int) -> TestElement {
    TestElement(query: self, pick: .index(index))
  }

  /// Every element that matches now, each bound by its index.
  public var allElementsBoundByIndex: [TestElement] {
    (0..<count).map { element(boundBy: $0) }
  }

  /// The element whose accessibility identifier or label is `identifierOrLabel`
  /// (XCUITest's subscript matches both): `app.buttons["Order"]`.
  public subscript(_ identifierOrLabel: String) -> TestElement {
    filtered("\"\(identifierOrLabel)\"") {
      $0.accessibilityIdentifier == identifierOrLabel
        || $0.accessibilityLabel == identifierOrLabel
    }.element
  }

  /// The elements whose accessibility identifier is `identifier`.
  public func matching(identifier: String) -> ElementQuery {
    filtered("identifier \"\(identifier)\"") { $0.accessibilityIdentifier == identifier }
  }

  /// The elements whose traits include `traits`: `app.staticTexts.matching(traits: .header)`.
  public func matching(traits: AccessibilityTraits) -> ElementQuery {
    filtered("traits \(traits)") { $0.accessibilityTraits.contains(traits) }
  }

  /// The elements `predicate` accepts, named by `description` in failures.
  public func matching(
    _ description: String, _ predicate: @escaping @MainActor (any AccessibilityNode) -> Bool
  ) -> ElementQuery {
    filtered(description, predicate)
  }

  /// The elements that hold an element of `type` whose identifier or label is
  /// `identifierOrLabel`: `app.cells.containing(.staticText, "Tea")`.
  public func containing(_ type: ElementType, _ identifierOrLabel: String) -> ElementQuery {
    let app = app
    return filtered("containing \(type) \"\(identifierOrLabel)\"") { node in
      let inner = ElementQuery(app: app, scope: { [node] }, type: type, filters: [])
      return inner[identifierOrLabel].exists
    }
  }

  /// The elements of `type` inside the elements this query finds: `app.alerts.buttons`.
  public func descendants(matching type: ElementType) -> ElementQuery {
    let outer = self
    return ElementQuery(app: app, scope: { outer.allNodes }, type: type, filters: [])
  }

  /// What the query looks for, as failures name it: `button "Order"`.
  public var description: String {
    ([type.description] + filters.map(\.description)).joined(separator: " ")
  }

  private func filtered(
    _ description: String, _ test: @escaping @MainActor (any AccessibilityNode) -> Bool
  ) -> ElementQuery {
    ElementQuery(
      app: app, scope: scope, type: type,
      filters: filters + [Filter(description: description, test: test)])
  }

  /// The nodes of the query's kind in its scope, before the filters.
  private func candidates() -> [any AccessibilityNode] {
    app.runUntilIdle()
    let roots = scope?()
    var found: [any AccessibilityNode] = []
    if type == .any || !type.isContainer {
      let elements =
        roots.map { $0.flatMap(Self.elements(inside:)) }
        ?? AccessibilityTree.elements(on: app.screen)
      found += elements.filter { type == .any || ElementType.element($0) == type }
    }
    if type == .any || type.isContainer {
      let views = roots.map { $0.compactMap { $0 as? View } } ?? app.screen.windows
      var containers: [any AccessibilityNode] = []
      for view in views {
        Self.collectContainers(in: view, of: type, skippingSelf: roots != nil, into: &containers)
      }
      // In reading order, as the elements are: from the top, then from the left.
      let sorted = containers.enumerated().sorted {
        let (a, b) = ($0.element.accessibilityFrame, $1.element.accessibilityFrame)
        return (a.minY, a.minX, $0.offset) < (b.minY, b.minX, $1.offset)
      }
      found += sorted.map(\.element).filter { node in !found.contains { $0 === node } }
    }
    return found
  }

  /// The elements inside `node`, itself excluded: when it is one element (a cell read as
  /// one), the elements its subviews would be on their own.
  private static func elements(inside node: any AccessibilityNode) -> [any AccessibilityNode] {
    if node.isAccessibilityElement, let view = node as? View {
      return view.subviews.flatMap { AccessibilityTree.elements(in: $0) }
    }
    return AccessibilityTree.elements(in: node).filter { $0 !== node }
  }

  private static func collectContainers(
    in view: View, of type: ElementType, skippingSelf: Bool,
    into found: inout [any AccessibilityNode]
  ) {
    guard !view.isHidden, view.alpha >= 0.01, !view.accessibilityElementsHidden else { return }
    if !skippingSelf, let kind = ElementType.container(view), type == .any || kind == type {
      found.append(view)
    }
    for subview in view.subviews {
      collectContainers(in: subview, of: type, skippingSelf: false, into: &found)
    }
  }
}

/// Something queries can start from: the app (the whole screen), an element (inside it) or
/// a query (inside everything it finds). Each kind has its property, as in XCUITest.
@MainActor
public protocol ElementQueryScope {
  /// The elements of `type` inside this scope.
  func descendants(matching type: ElementType) -> ElementQuery
}

extension ElementQueryScope {
  /// Buttons (tabs and alerts' actions among them).
  public var buttons: ElementQuery { descendants(matching: .button) }
  /// Labels and other text.
  public var staticTexts: ElementQuery { descendants(matching: .staticText) }
  /// Text fields that are not secure.
  public var textFields: ElementQuery { descendants(matching: .textField) }
  /// Secure text fields.
  public var secureTextFields: ElementQuery { descendants(matching: .secureTextField) }
  /// Search fields.
  public var searchFields: ElementQuery { descendants(matching: .searchField) }
  /// Text views.
  public var textViews: ElementQuery { descendants(matching: .textView) }
  /// Switches.
  public var switches: ElementQuery { descendants(matching: .switch) }
  /// Sliders.
  public var sliders: ElementQuery { descendants(matching: .slider) }
  /// Pickers' wheels.
  public var pickerWheels: ElementQuery { descendants(matching: .pickerWheel) }
  /// Progress and activity indicators.
  public var progressIndicators: ElementQuery { descendants(matching: .progressIndicator) }
  /// Page controls.
  public var pageIndicators: ElementQuery { descendants(matching: .pageIndicator) }
  /// Images.
  public var images: ElementQuery { descendants(matching: .image) }
  /// Links.
  public var links: ElementQuery { descendants(matching: .link) }
  /// The on-screen keyboard's keys.
  public var keys: ElementQuery { descendants(matching: .key) }
  /// Table and collection view cells.
  public var cells: ElementQuery { descendants(matching: .cell) }
  /// Alerts and action sheets.
  public var alerts: ElementQuery { descendants(matching: .alert) }
  /// Tables.
  public var tables: ElementQuery { descendants(matching: .table) }
  /// Collection views.
  public var collectionViews: ElementQuery { descendants(matching: .collectionView) }
  /// Navigation bars.
  public var navigationBars: ElementQuery { descendants(matching: .navigationBar) }
  /// Tab bars.
  public var tabBars: ElementQuery { descendants(matching: .tabBar) }
  /// Steppers.
  public var steppers: ElementQuery { descendants(matching: .stepper) }
  /// Segmented controls.
  public var segmentedControls: ElementQuery { descendants(matching: .segmentedControl) }
  /// Elements of every kind that match no other kind.
  public var otherElements: ElementQuery {
    descendants(matching: .any).matching("other") { node in
      ElementType.element(node) == .any && (node as? View).flatMap(ElementType.container) == nil
    }
  }
}

extension TestApplication: ElementQueryScope {
  /// The elements of `type` on the whole screen.
  public func descendants(matching type: ElementType) -> ElementQuery {
    ElementQuery(app: self, scope: nil, type: type, filters: [])
  }
}
