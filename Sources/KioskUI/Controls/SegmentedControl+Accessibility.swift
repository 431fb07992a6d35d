extension SegmentedControl {
  /// What a tap on segment `index` does: selects it and sends `.valueChanged` when the
  /// selection changed (a momentary control sends it and deselects again). `false` when
  /// the control or the segment is disabled.
  func selectAsTap(_ index: Int) -> Bool {
    guard isEnabled, segments.indices.contains(index), isEnabledForSegment(at: index) else {
      return false
    }
    let changed = index != selectedSegmentIndex
    selectedSegmentIndex = index
    if isMomentary {
      sendValueChanged()
      selectedSegmentIndex = Self.noSegment
    } else if changed {
      sendValueChanged()
    }
    return true
  }
}

extension SegmentContentView {
  /// The control the segment is in, and the segment's index there.
  private var place: (control: SegmentedControl, index: Int)? {
    guard let control = superview as? SegmentedControl,
      let index = control.segments.firstIndex(where: { $0.content === self })
    else { return nil }
    return (control, index)
  }

  /// "2 of 3", as UIKit speaks a segment's place.
  var describedValue: String? {
    place.map { Accessibility.position($0.index, of: $0.control.numberOfSegments) }
  }

  /// A button; selected when it is the selected segment, dimmed when it cannot be chosen.
  var describedTraits: AccessibilityTraits {
    var traits: AccessibilityTraits = .button
    guard let (control, index) = place else { return traits }
    if control.selectedSegmentIndex == index { traits.insert(.selected) }
    if !control.isEnabled || !control.isEnabledForSegment(at: index) {
      traits.insert(.notEnabled)
    }
    return traits
  }

  /// Selects this segment as a tap would.
  func selectAsTap() -> Bool {
    guard let (control, index) = place else { return false }
    return control.selectAsTap(index)
  }
}
