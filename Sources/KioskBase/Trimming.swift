extension StringProtocol {
  /// The text without the spaces and tabs at either end: Foundation's
  /// `trimmingCharacters(in: .whitespaces)` (tab and Unicode's space separators, such as
  /// the no-break space; not line breaks).
  public func trimmingWhitespace() -> String {
    func isSpace(_ character: Character) -> Bool {
      character.unicodeScalars.allSatisfy {
        $0 == "\t" || $0.properties.generalCategory == .spaceSeparator
      }
    }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
