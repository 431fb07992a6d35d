internal import CXKBCommon
import FoundationEssentials
import Glibc
import KioskUI

/// A keyboard layout by its XKB names (rules, model, layout, variant, options), as in
/// `/etc/default/keyboard`: `layout: "de", variant: "nodeadkeys"`.
package struct KeyboardLayout: Sendable, Equatable {
  /// The rules file; `evdev` on Linux.
  package var rules = "evdev"
  /// The keyboard model, e.g. `pc105`.
  package var model = "pc105"
  /// One or more layouts, comma-separated, e.g. `us` or `us,ru`.
  package var layout = "us"
  /// The layout variants, comma-separated, e.g. `dvorak`; empty for the default.
  package var variant = ""
  /// XKB options, comma-separated, e.g. `ctrl:nocaps`.
  package var options = ""

  /// The US layout on a 105-key keyboard.
  package init() {}

  /// A layout by name, with an optional variant and options.
  package init(layout: String, variant: String = "", options: String = "") {
    self.layout = layout
    self.variant = variant
    self.options = options
  }
}

/// A keyboard layout could not be compiled.
package struct KeymapError: Error, CustomStringConvertible {
  /// The layout that failed.
  package var layout: KeyboardLayout
  /// What went wrong.
  package var reason: String

  package var description: String {
    "cannot compile the keyboard layout \(layout.layout)"
      + (layout.variant.isEmpty ? "" : " (\(layout.variant))")
      + (layout.options.isEmpty ? "" : " with options \(layout.options)")
      + ": \(reason) (are the layouts of xkb-data in /usr/share/X11/xkb?)"
  }
}

/// The state of the seat's keyboards through xkbcommon: which modifiers are held or locked,
/// and the text each key types with the layout.
@MainActor
final class XKBKeyboard {
  private let context: OpaquePointer
  private let keymap: OpaquePointer
  private let state: OpaquePointer
  /// A second state holding only Shift and the layout, for `charactersIgnoringModifiers`.
  private let shiftOnly: OpaquePointer
  private let shiftMask: UInt32
  /// Dead keys and Compose sequences: the locale's compose table and where typing is in it.
  private let composeTable: OpaquePointer?
  private let composeState: OpaquePointer?
  /// The locale whose compose table is loaded; `nil` when none could be (dead keys then
  /// type nothing and sequences do not compose).
  let composeLocale: String?

  /// evdev key codes are XKB key codes minus 8 (the X11 convention).
  private static let evdevOffset: UInt32 = 8

  /// The locale compose tables are looked up for: LC_ALL, LC_CTYPE, LANG, else "C".
  static func typingLocale(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String
  {
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
      if let value = environment[name], !value.isEmpty { return value }
    }
    return "C"
  }

  init(layout: KeyboardLayout, locale: String = XKBKeyboard.typingLocale()) throws {
    guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
      throw KeymapError(layout: layout, reason: "xkb_context_new failed")
    }
    let keymap = Self.compile(layout, in: context)
    guard let keymap else {
      xkb_context_unref(context)
      throw KeymapError(layout: layout, reason: "xkbcommon refused the names")
    }
    guard let state = xkb_state_new(keymap), let shiftOnly = xkb_state_new(keymap) else {
      xkb_keymap_unref(keymap)
      xkb_context_unref(context)
      throw KeymapError(layout: layout, reason: "xkb_state_new failed")
    }
    self.context = context
    self.keymap = keymap
    self.state = state
    self.shiftOnly = shiftOnly
    let shift = xkb_keymap_mod_get_index(keymap, "Shift")
    shiftMask = shift < 32 ? 1 << shift : 0
    // The locale's table, else en_US.UTF-8's (the one most locales share in libX11's data,
    // and the one a plain "C" locale lacks).
    var table: OpaquePointer?
    var loaded: String?
    for candidate in [locale, "en_US.UTF-8"] where table == nil {
      table = xkb_compose_table_new_from_locale(context, candidate, XKB_COMPOSE_COMPILE_NO_FLAGS)
      if table != nil { loaded = candidate }
    }
    composeTable = table
    composeState = table.flatMap { xkb_compose_state_new($0, XKB_COMPOSE_STATE_NO_FLAGS) }
    composeLocale = composeState == nil ? nil : loaded
  }

  isolated deinit {
    if let composeState { xkb_compose_state_unref(composeState) }
    if let composeTable { xkb_compose_table_unref(composeTable) }
    xkb_state_unref(shiftOnly)
    xkb_state_unref(state)
    xkb_keymap_unref(keymap)
    xkb_context_unref(context)
  }

  private static func compile(_ layout: KeyboardLayout, in context: OpaquePointer)
    -> OpaquePointer?
  {
    let fields = [layout.rules, layout.model, layout.layout, layout.variant, layout.options]
    let strings = fields.map { strdup($0) }
    defer { for string in strings { free(string) } }
    var names = xkb_rule_names(
      rules: strings[0], model: strings[1], layout: strings[2], variant: strings[3],
      options: strings[4])
    return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
  }

  /// The key as apps see it (text and modifiers from the state before this change), then
  /// the state updated with the key going down or up.
  func handle(code: UInt32, pressed: Bool) -> Key {
    let keycode = code + Self.evdevOffset
    var key = describe(keycode: keycode, code: code)
    if pressed { compose(&key, keycode: keycode) }
    xkb_state_update_key(state, keycode, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
    return key
  }

  /// Runs a key going down through the compose table: a dead key or a key inside a
  /// sequence types nothing, the key that ends a sequence types its result, a sequence
  /// that cannot go on types nothing. Keys with Control, Alt or Super held bypass it.
  private func compose(_ key: inout Key, keycode: UInt32) {
    guard let composeState,
      key.modifierFlags.isDisjoint(with: [.control, .alternate, .command])
    else { return }
    let symbol = xkb_state_key_get_one_sym(state, keycode)
    guard xkb_compose_state_feed(composeState, symbol) == XKB_COMPOSE_FEED_ACCEPTED else {
      return
    }
    switch xkb_compose_state_get_status(composeState) {
    case XKB_COMPOSE_COMPOSING:
      key.characters = ""
    case XKB_COMPOSE_COMPOSED:
      var buffer = [CChar](repeating: 0, count: 64)
      let length = xkb_compose_state_get_utf8(composeState, &buffer, buffer.count)
      if length > 0, Int(length) < buffer.count {
        key.characters = String(
          decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      } else {
        key.characters = ""
      }
      xkb_compose_state_reset(composeState)
    case XKB_COMPOSE_CANCELLED:
      key.characters = ""
      xkb_compose_state_reset(composeState)
    default:
      break
    }
  }

  private func describe(keycode: UInt32, code: UInt32) -> Key {
    let characters = Self.text(of: keycode, in: state)
    let depressed = xkb_state_serialize_mods(state, XKB_STATE_MODS_EFFECTIVE) & shiftMask
    let group = xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE)
    xkb_state_update_mask(shiftOnly, depressed, 0, 0, 0, 0, group)
    var flags = modifierFlags
    let symbol = xkb_state_key_get_one_sym(state, keycode)
    if Self.keypadSymbols.contains(symbol) { flags.insert(.numericPad) }
    return Key(
      keyCode: Int(code), characters: characters,
      charactersIgnoringModifiers: Self.text(of: keycode, in: shiftOnly), modifierFlags: flags)
  }

  /// The modifiers in effect now.
  var modifierFlags: KeyModifierFlags {
    var flags: KeyModifierFlags = []
    let names: [(String, KeyModifierFlags)] = [
      ("Shift", .shift), ("Control", .control), ("Mod1", .alternate), ("Mod4", .command),
      ("Lock", .capsLock),
    ]
    for (name, flag) in names
    where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
      flags.insert(flag)
    }
    return flags
  }

  /// XKB_KEY_KP_Space through XKB_KEY_KP_Equal: the keypad's keysyms.
  private static let keypadSymbols: ClosedRange<UInt32> = 0xff80...0xffbd

  private static func text(of keycode: UInt32, in state: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    let length = xkb_state_key_get_utf8(state, keycode, &buffer, buffer.count)
    guard length > 0, Int(length) < buffer.count else { return "" }
    return String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
