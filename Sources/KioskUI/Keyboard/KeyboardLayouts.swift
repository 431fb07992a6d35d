/// What a key of the on-screen keyboard does.
enum KeyRole: Equatable {
  /// Types its text (shifted: upper case); a long press offers the alternates.
  case character(String, alternates: [String])
  case shift
  case backspace
  case space
  case returnKey
  /// Switches to the next language of `input.keyboard-languages`.
  case language
  /// Switches to another plane of keys, titled as given.
  case plane(KeyPlane, title: String)
  /// Hides the keyboard (ends editing).
  case hide
  /// Takes room and does nothing (a gap in a digit pad).
  case spacer
}

/// One key: its role and its width in key units.
struct KeySpec: Equatable {
  var role: KeyRole
  var width: Double = 1
}

/// A set of keys shown at once.
enum KeyPlane: Equatable {
  case letters
  case symbols
  case moreSymbols
  case numberPad
  case decimalPad
  case phonePad
}

/// The keys of each language and plane. Letters carry the alternates a long press offers.
enum KeyboardLayouts {
  /// The languages the on-screen keyboard has letters for; "zh-pinyin" types Latin letters
  /// into the Pinyin input method.
  static let knownLanguages = ["en", "de", "ru", "zh-pinyin"]

  /// The title of the language key while `language` is on.
  static func title(of language: String) -> String {
    switch language {
    case "en": "EN"
    case "de": "DE"
    case "ru": "RU"
    case "zh-pinyin": "拼音"
    default: language.uppercased()
    }
  }

  static let alternates: [String: [String]] = [
    "a": ["à", "á", "â", "ä", "æ", "ã", "å", "ā"],
    "c": ["ç", "ć", "č"],
    "e": ["è", "é", "ê", "ë", "ē", "ė", "ę"],
    "i": ["î", "ï", "í", "ī", "ì"],
    "n": ["ñ", "ń"],
    "o": ["ô", "ö", "ò", "ó", "œ", "ø", "ō", "õ"],
    "s": ["ß", "ś", "š"],
    "u": ["û", "ü", "ù", "ú", "ū"],
    "y": ["ÿ"],
    "z": ["ž", "ź", "ż"],
    "е": ["ё"],
    "ь": ["ъ"],
    "-": ["–", "—", "•"],
    "$": ["€", "£", "¥", "₽", "¢"],
    ".": ["…"],
    "?": ["¿"],
    "!": ["¡"],
    "'": ["‘", "’"],
    "\"": ["„", "“", "”", "«", "»"],
    "0": ["°"],
  ]

  private static func letters(_ row: String) -> [KeySpec] {
    row.map { character in
      let text = String(character)
      return KeySpec(role: .character(text, alternates: alternates[text] ?? []))
    }
  }

  private static func letterRows(for language: String) -> [String] {
    switch language {
    case "de": ["qwertzuiopü", "asdfghjklöä", "yxcvbnmß"]
    case "ru": ["йцукенгшщзх", "фывапролджэ", "ячсмитьбю"]
    default: ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
    }
  }

  /// The rows of keys for `plane` in `language` with the variant `type` asks for.
  static func rows(plane: KeyPlane, language: String, type: KeyboardType, hasLanguageKey: Bool)
    -> [[KeySpec]]
  {
    switch plane {
    case .numberPad, .decimalPad, .phonePad: return pad(plane)
    case .letters, .symbols, .moreSymbols: break
    }
    var rows: [[KeySpec]]
    switch plane {
    case .symbols:
      rows = [
        letters("1234567890"), letters("-/:;()$&@\""),
        [KeySpec(role: .plane(.moreSymbols, title: "#+="), width: 1.5)] + letters(".,?!'")
          + [KeySpec(role: .backspace, width: 1.5)],
      ]
    case .moreSymbols:
      rows = [
        letters("[]{}#%^*+="), letters("_\\|~<>€£¥•"),
        [KeySpec(role: .plane(.symbols, title: "123"), width: 1.5)] + letters(".,?!'")
          + [KeySpec(role: .backspace, width: 1.5)],
      ]
    default:
      let letterRows = letterRows(for: language)
      rows = [
        letters(letterRows[0]), letters(letterRows[1]),
        [KeySpec(role: .shift, width: 1.5)] + letters(letterRows[2])
          + [KeySpec(role: .backspace, width: 1.5)],
      ]
    }
    let toggle =
      plane == .letters
      ? KeySpec(role: .plane(.symbols, title: "123"), width: 1.5)
      : KeySpec(role: .plane(.letters, title: "ABC"), width: 1.5)
    var bottom = [toggle]
    if hasLanguageKey { bottom.append(KeySpec(role: .language, width: 1.25)) }
    switch type {
    case .emailAddress:
      bottom += [
        KeySpec(role: .character("@", alternates: [])), KeySpec(role: .space, width: 3),
        KeySpec(role: .character(".", alternates: [".com", ".de", ".ru", ".org"])),
      ]
    case .URL:
      bottom += [
        KeySpec(role: .character("/", alternates: [])), KeySpec(role: .space, width: 3),
        KeySpec(role: .character(".", alternates: [".com", ".de", ".ru", ".org"])),
      ]
    default:
      bottom.append(KeySpec(role: .space, width: hasLanguageKey ? 4.5 : 5.75))
    }
    bottom += [KeySpec(role: .returnKey, width: 2), KeySpec(role: .hide, width: 1.25)]
    rows.append(bottom)
    return rows
  }

  private static func pad(_ plane: KeyPlane) -> [[KeySpec]] {
    func digit(_ text: String, _ alternates: [String] = []) -> KeySpec {
      KeySpec(role: .character(text, alternates: alternates))
    }
    let corner: KeySpec =
      switch plane {
      case .decimalPad: digit(".", [","])
      case .phonePad: digit("+", ["*", "#"])
      default: KeySpec(role: .spacer)
      }
    return [
      [digit("1"), digit("2"), digit("3"), KeySpec(role: .backspace)],
      [digit("4"), digit("5"), digit("6"), KeySpec(role: .returnKey)],
      [digit("7"), digit("8"), digit("9"), KeySpec(role: .spacer)],
      [
        corner, digit("0"), plane == .phonePad ? digit("#", ["*"]) : KeySpec(role: .spacer),
        KeySpec(role: .hide),
      ],
    ]
  }
}
