import KioskGraphics

/// Tells a picker how many wheels (components) it has and how many rows each wheel holds,
/// like UIKit's `UIPickerViewDataSource`. Both methods are required, as in UIKit.
///
/// ```swift
/// extension SizeChooser: PickerViewDataSource {
///   func numberOfComponents(in pickerView: PickerView) -> Int { 2 }
///   func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
///     component == 0 ? sizes.count : colours.count
///   }
/// }
/// ```
@MainActor
public protocol PickerViewDataSource: AnyObject {
  /// How many wheels the picker shows, side by side (negative counts as none).
  func numberOfComponents(in pickerView: PickerView) -> Int
  /// How many rows the wheel `component` holds (negative counts as none).
  func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int
}

/// Fills a picker's rows and hears what a person selects, like UIKit's
/// `UIPickerViewDelegate`. Every method has a default, so implement only what you need;
/// usually a title per row and `pickerView(_:didSelectRow:inComponent:)`.
///
/// ```swift
/// extension SizeChooser: PickerViewDelegate {
///   func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int)
///     -> String?
///   {
///     component == 0 ? sizes[row] : colours[row]
///   }
///   func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
///     order.size = sizes[pickerView.selectedRow(inComponent: 0)]
///   }
/// }
/// ```
@MainActor
public protocol PickerViewDelegate: AnyObject {
  /// The text of a row, shown centred in the picker's row font. The default is `nil` (an
  /// empty row), unless `pickerView(_:viewForRow:forComponent:reusing:)` gives a view.
  func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int)
    -> String?
  /// A view to show as the row instead of a title, or `nil` to use the title. `view` is a
  /// view this delegate gave for a row that scrolled away, to fill in again rather than
  /// make a new one (it may be `nil`). The picker sizes the view to the row. The default
  /// is `nil`.
  func pickerView(
    _ pickerView: PickerView, viewForRow row: Int, forComponent component: Int,
    reusing view: View?
  ) -> View?
  /// The height of every row of `component`, in points. The default is
  /// `PickerView.defaultRowHeight` (32 points); a value that is not a positive number
  /// counts as the default.
  func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double
  /// The width of the wheel `component`, in points. The default shares the picker's width
  /// equally among the wheels; a negative or non-finite value counts as zero.
  func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double
  /// A person selected `row` of `component`: the wheel they spun, or the row they tapped,
  /// came to rest on a row other than the selected one. Not called for
  /// `selectRow(_:inComponent:animated:)`, as in UIKit.
  func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int)
}

extension PickerViewDelegate {
  /// No title.
  public func pickerView(
    _ pickerView: PickerView, titleForRow row: Int, forComponent component: Int
  ) -> String? { nil }
  /// No view: the title is shown.
  public func pickerView(
    _ pickerView: PickerView, viewForRow row: Int, forComponent component: Int,
    reusing view: View?
  ) -> View? { nil }
  /// `PickerView.defaultRowHeight`.
  public func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int)
    -> Double
  { PickerView.defaultRowHeight }
  /// An equal share of the picker's width.
  public func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double {
    pickerView.equalComponentWidth
  }
  /// Does nothing.
  public func pickerView(
    _ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int
  ) {}
}

/// A picker delegate that names its wheels to a screen reader, as UIKit's
/// `UIPickerViewAccessibilityDelegate`: each wheel is an adjustable element whose value is
/// its selected row; these give the element its label ("Hours") and hint.
@MainActor
public protocol PickerViewAccessibilityDelegate: PickerViewDelegate {
  /// The label of the wheel `component`; `nil` for none.
  func pickerView(_ pickerView: PickerView, accessibilityLabelForComponent component: Int)
    -> String?
  /// The hint of the wheel `component`; `nil` for none.
  func pickerView(_ pickerView: PickerView, accessibilityHintForComponent component: Int)
    -> String?
}

extension PickerViewAccessibilityDelegate {
  /// No label.
  public func pickerView(
    _ pickerView: PickerView, accessibilityLabelForComponent component: Int
  ) -> String? { nil }
  /// No hint.
  public func pickerView(
    _ pickerView: PickerView, accessibilityHintForComponent component: Int
  ) -> String? { nil }
}
