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
