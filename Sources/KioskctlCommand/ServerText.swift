/// Text from the app, made safe to print to a terminal.
///
/// kioskctl runs as root on a terminal, and does not trust what answers on the socket: a
/// reply's control characters (C0 but tab, so also CR, BEL and ESC, which start the
/// terminal's escape sequences; DEL; C1) are printed as `\u001b`-style escapes, always —
/// on a terminal, a pipe or a file alike. A KioskKit app's replies (key: value lines,
/// JSON, Prometheus' text) hold none: JSON escapes C0 itself, and a `\u0085` in a JSON
/// string means what the raw character meant, so `status --json | jq` gets the same
/// values. Only the PNG of `screenshot -`, binary by nature, is written as it came.
enum ServerText {
  /// `text` with every control character but tab written as `\uXXXX`.
  static func escaped(_ text: some StringProtocol) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return String(text) }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// C0 but tab (a newline never reaches here: replies are split at it), DEL and C1.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
  }
}
