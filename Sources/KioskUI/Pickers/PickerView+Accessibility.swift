import KioskGraphics

extension PickerView {
  /// One adjustable element per wheel, left to right, made again when the number of wheels
  /// changes (the same objects otherwise, so that a screen reader's focus stays on them).
  var componentElements: [any AccessibilityNode] {
    let count = numberOfComponents
    if madeComponentElements.count != count {
      madeComponentElements = (0..<count).map {
        PickerComponentElement(picker: self, component: $0)
      }
    }
    return madeComponentElements
  }

  /// The title of the selected row of `component`: the delegate's title, else what the
  /// row's view says of itself (its labels); `nil` for a wheel without rows.
  func describedValue(ofComponent component: Int) -> String? {
    guard component < numberOfComponents else { return nil }
    let row = selectedRow(inComponent: component)
    guard row >= 0 else { return nil }
    if let title = delegate?.pickerView(self, titleForRow: row, forComponent: component) {
      return title
    }
    guard let view = view(forRow: row, forComponent: component) else { return nil }
    let labels = AccessibilityTree.elements(in: view).compactMap(\.accessibilityLabel)
    return labels.isEmpty ? nil : labels.joined(separator: " ")
  }

  /// The wheel of `component` in screen points.
  func describedFrame(ofComponent component: Int) -> Rect {
    layoutIfNeeded()
    guard wheels.indices.contains(component) else { return .zero }
    return screenRect(of: wheels[component].frame)
  }

  /// A screen reader's swipe: selects the next (`step` 1) or previous (-1) row of
  /// `component` and tells the delegate, as a person's turn of the wheel would; nothing at
  /// either end or while a finger holds the wheel.
  func adjust(_ component: Int, by step: Int) {
    guard wheels.indices.contains(component), !wheels[component].isDragging else { return }
    let rows = numberOfRows(inComponent: component)
    let row = selectedRow(inComponent: component) + step
    guard row >= 0, row < rows else { return }
    selectRow(row, inComponent: component, animated: false)
    delegate?.pickerView(self, didSelectRow: row, inComponent: component)
  }
}
