extension Accessibility {
  /// What a secure field or text view says in place of its text: how many characters it
  /// holds ("1 character", "5 characters"), `nil` when empty. Never the text itself.
  static func secureTextValue(count: Int) -> String? {
    switch count {
    case 0: nil
    case 1: "1 character"
    default: "\(count) characters"
    }
  }
}
