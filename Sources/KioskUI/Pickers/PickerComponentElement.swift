import KioskGraphics

/// What a screen reader lands on for one wheel of a `PickerView`: an adjustable element
/// over the wheel, whose value is the selected row's title; a swipe up or down turns the
/// wheel one row, as UIKit's picker components do.
@MainActor
final class PickerComponentElement: AccessibilityElement {
  /// The wheel's index in the picker.
  let component: Int

  /// The element of `component` of `picker`.
  init(picker: PickerView, component: Int) {
    self.component = component
    super.init(accessibilityContainer: picker)
    accessibilityTraits = .adjustable
  }

  private var picker: PickerView? { accessibilityContainer as? PickerView }

  /// The delegate's name for the wheel (`PickerViewAccessibilityDelegate`), unless a label
  /// is set.
  override var accessibilityLabel: String? {
    get { explicitLabel ?? fromDelegate { $0.pickerView($1, accessibilityLabelForComponent: $2) } }
    set { explicitLabel = newValue }
  }
  private var explicitLabel: String?

  /// The delegate's hint for the wheel, unless a hint is set.
  override var accessibilityHint: String? {
    get { explicitHint ?? fromDelegate { $0.pickerView($1, accessibilityHintForComponent: $2) } }
    set { explicitHint = newValue }
  }
  private var explicitHint: String?

  /// What the picker's accessibility delegate says of this wheel; `nil` without one.
  private func fromDelegate(
    _ ask: (PickerViewAccessibilityDelegate, PickerView, Int) -> String?
  ) -> String? {
    guard let picker, let delegate = picker.delegate as? PickerViewAccessibilityDelegate
    else { return nil }
    return ask(delegate, picker, component)
  }

  /// The selected row's title (what is in the band), unless a value is set.
  override var accessibilityValue: String? {
    get { explicitValue ?? picker?.describedValue(ofComponent: component) }
    set { explicitValue = newValue }
  }
  private var explicitValue: String?

  /// Over the wheel, in screen points.
  override var accessibilityFrame: Rect {
    get { picker?.describedFrame(ofComponent: component) ?? super.accessibilityFrame }
    set { super.accessibilityFrame = newValue }
  }

  /// Turns the wheel to the next row.
  override func accessibilityIncrement() { picker?.adjust(component, by: 1) }

  /// Turns the wheel to the previous row.
  override func accessibilityDecrement() { picker?.adjust(component, by: -1) }
}
