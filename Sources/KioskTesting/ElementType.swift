import KioskUI

/// The kinds of element a query finds, after XCUITest's `XCUIElement.ElementType`.
///
/// A kind is told from what a screen reader knows of the element (its traits) and, for the
/// standard views, from its class: a `Switch` is a `.switch` although its traits say
/// button, a cell is a `.cell` whether it is one element or holds several. The containers
/// (cells, alerts, tables, collection views, navigation and tab bars, steppers, segmented
/// controls) are found in the view hierarchy even when they are not elements themselves,
/// so that a query can look inside them: `app.alerts["Delete?"].buttons["Delete"]`.
public enum ElementType: Sendable, CaseIterable, CustomStringConvertible {
  /// Any element or container.
  case any
  /// A button: `.button` traits (not a key, a switch or a cell). Tabs and alerts' actions
  /// are buttons, as in XCUITest.
  case button
  /// Text that is not a button: a label, a header.
  case staticText
  /// A text field that is neither secure nor a search field.
  case textField
  /// A text field with `isSecureTextEntry`.
  case secureTextField
  /// A field with the `.searchField` trait.
  case searchField
  /// A `TextView`.
  case textView
  /// A `Switch`.
  case `switch`
  /// A `Slider`.
  case slider
  /// One wheel of a picker or date picker.
  case pickerWheel
  /// A `ProgressView` or an `ActivityIndicatorView`.
  case progressIndicator
  /// A `PageControl`.
  case pageIndicator
  /// An element with the `.image` trait that is not a button.
  case image
  /// An element with the `.link` trait.
  case link
  /// A key of the on-screen keyboard.
  case key
  /// A table or collection view cell.
  case cell
  /// An alert or action sheet (found by its title).
  case alert
  /// A `TableView`.
  case table
  /// A `CollectionView`.
  case collectionView
  /// A `NavigationBar`.
  case navigationBar
  /// A `TabBar`.
  case tabBar
  /// A `Stepper` (its halves are buttons).
  case stepper
  /// A `SegmentedControl` (its segments are buttons).
  case segmentedControl

  public var description: String {
    switch self {
    case .any: "element"
    case .button: "button"
    case .staticText: "static text"
    case .textField: "text field"
    case .secureTextField: "secure text field"
    case .searchField: "search field"
    case .textView: "text view"
    case .switch: "switch"
    case .slider: "slider"
    case .pickerWheel: "picker wheel"
    case .progressIndicator: "progress indicator"
    case .pageIndicator: "page indicator"
    case .image: "image"
    case .link: "link"
    case .key: "key"
    case .cell: "cell"
    case .alert: "alert"
    case .table: "table"
    case .collectionView: "collection view"
    case .navigationBar: "navigation bar"
    case .tabBar: "tab bar"
    case .stepper: "stepper"
    case .segmentedControl: "segmented control"
    }
  }

  /// Whether this kind is a container looked for in the view hierarchy rather than among
  /// the screen reader's elements.
  var isContainer: Bool {
    switch self {
    case .cell, .alert, .table, .collectionView, .navigationBar, .tabBar, .stepper,
      .segmentedControl:
      true
    default: false
    }
  }

  /// The kind of container `view` is, if it is one.
  @MainActor
  static func container(_ view: View) -> ElementType? {
    switch view {
    case is TableViewCell, is CollectionViewCell: .cell
    case is TableView: .table
    case is CollectionView: .collectionView
    case is NavigationBar: .navigationBar
    case is TabBar: .tabBar
    case is Stepper: .stepper
    case is SegmentedControl: .segmentedControl
    default: AccessibilityQueryProbe.alertTitle(of: view) != nil ? .alert : nil
    }
  }

  /// The kind of element `node` is (`.any` when no other kind fits).
  @MainActor
  static func element(_ node: any AccessibilityNode) -> ElementType {
    let traits = node.accessibilityTraits
    if let view = node as? View, let container = container(view), container == .cell {
      return .cell
    }
    switch node {
    case let field as TextField:
      if field.isSecureTextEntry { return .secureTextField }
      return traits.contains(.searchField) ? .searchField : .textField
    case is TextView: return .textView
    case is Switch: return .switch
    case is Slider: return .slider
    case is ProgressView, is ActivityIndicatorView: return .progressIndicator
    case is PageControl: return .pageIndicator
    default: break
    }
    if AccessibilityQueryProbe.isPickerWheel(node) { return .pickerWheel }
    if traits.contains(.keyboardKey) { return .key }
    if traits.contains(.searchField) { return .searchField }
    if traits.contains(.button) { return .button }
    if traits.contains(.link) { return .link }
    if traits.contains(.image) { return .image }
    if traits.contains(.staticText) || traits.contains(.header) { return .staticText }
    return .any
  }
}
