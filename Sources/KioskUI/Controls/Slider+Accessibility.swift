extension Slider {
  /// Where the value sits between the minimum and the maximum, 0…1.
  var describedFraction: Double {
    let range = Double(maximumValue - minimumValue)
    return range > 0 ? Double(value - minimumValue) / range : 0
  }

  /// A screen reader's swipe: moves the value a tenth of the range up (`direction` 1) or
  /// down (-1), as UIKit's slider does, and sends `.valueChanged` when it moved.
  func adjust(by direction: Float) {
    guard isEnabled else { return }
    let old = value
    setValue(value + direction * (maximumValue - minimumValue) / 10, animated: false)
    guard value != old else { return }
    sendActions(for: .valueChanged)
    sendActions(for: .primaryActionTriggered)
  }
}
