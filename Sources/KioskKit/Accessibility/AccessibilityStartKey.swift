/// The keys that can start the screen reader (`[accessibility] start-key`), by their Linux
/// input names: the keys a tactile keypad or a keyboard of a public terminal has and an app
/// rarely needs pressed three times.
enum AccessibilityStartKey {
  /// Linux input codes (linux/input-event-codes.h) by name.
  static let codes: [String: Int] = {
    var codes = [
      "KEY_HELP": 138, "KEY_MENU": 139, "KEY_INFO": 358, "KEY_HOME": 102, "KEY_ESC": 1,
      "KEY_KPASTERISK": 55, "KEY_KPDOT": 83, "KEY_KPPLUS": 78, "KEY_KPMINUS": 74,
    ]
    // F1–F10 are 59–68, F11 and F12 87 and 88.
    for number in 1...10 { codes["KEY_F\(number)"] = 58 + number }
    codes["KEY_F11"] = 87
    codes["KEY_F12"] = 88
    return codes
  }()

  /// The code of the key `name`, if it is one of `codes`.
  static func code(named name: String) -> Int? { codes[name] }
}
