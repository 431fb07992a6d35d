extension String {
  /// Whether the first letter with a direction is from a right-to-left script.
  var isRightToLeft: Bool {
    for scalar in unicodeScalars where scalar.properties.isAlphabetic {
      switch scalar.value {
      case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return true
      default: return false
      }
    }
    return false
  }
}
