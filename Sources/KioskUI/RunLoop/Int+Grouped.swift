extension Int {
  /// The number with a comma between each group of three digits ("99,936"), for messages
  /// that name counts and limits.
  package var grouped: String {
    let digits = String(magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return self < 0 ? "-" + text : text
  }
}
