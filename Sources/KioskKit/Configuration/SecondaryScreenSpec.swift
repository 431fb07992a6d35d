import KioskGraphics

/// A screen besides the main one, as `--screen` gives it:
/// `CONNECTOR[:mode=WxH[@Hz]][:rotation=DEG][:scale=S][:card=PATH][:touch=DEVICE]…`, e.g.
/// `HDMI-A-2:mode=1024x600:rotation=90`. In kiosk.toml it is an `[[output]]` table with
/// `role = "secondary"` (the runtime turns the table into this form, so both are checked by
/// the same rules). Each value follows the rules of the main screen's key of the same name.
struct SecondaryScreenSpec: Equatable, Sendable {
  /// The connector the screen's display is on, e.g. `HDMI-A-2`.
  var connector: String
  /// The card, when not the main screen's card or the first card that has the connector.
  var card: String?
  /// `WxH` or `WxH@Hz`; `nil`: the display's preferred mode. On the virtual framebuffer,
  /// the screen's size in pixels (default 1024×600).
  var mode: String?
  /// How the screen is turned on its panel, in degrees.
  var rotation = 0
  /// Pixels per point; `nil`: the main screen's.
  var scale: Double?
  /// Touch devices on this screen's panel, by name (as `--connector list` prints them) or
  /// event node, besides those udev associates with the connector.
  var touchDevices: [String] = []

  /// Reads the command-line form; `nil` when it is not one (the message is `allowed`).
  /// `card`, `mode`, `rotation` and `scale` are checked by the `[output]` keys of those
  /// names (`mode = "list"` aside: a screen needs a mode, not a listing).
  init?(parsing text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard let first = parts.first, Self.isName(first), !first.contains("=") else { return nil }
    connector = first
    for part in parts.dropFirst() {
      guard let equals = part.firstIndex(of: "=") else { return nil }
      let name = String(part[..<equals])
      let value = String(part[part.index(after: equals)...])
      if name == "touch" {
        guard !value.isEmpty else { return nil }
        touchDevices.append(value)
        continue
      }
      guard ["card", "mode", "rotation", "scale"].contains(name), value != "list",
        ConfigurationKey.named("output", name)?.accepts(commandLineValue: value) == true
      else { return nil }
      // The key's rules take a number with blanks around it, as the environment gives it.
      let number = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
      switch name {
      case "card" where card == nil: card = value
      case "mode" where mode == nil: mode = value
      case "rotation": rotation = number.flatMap { Int($0) } ?? 0
      case "scale": scale = number.flatMap { Double($0) }
      default: return nil
      }
    }
  }

  /// The command-line form (what `--screen` and `KIOSK_OUTPUT_SCREENS` take).
  var argument: String {
    var parts = [connector]
    if let card { parts.append("card=\(card)") }
    if let mode { parts.append("mode=\(mode)") }
    if rotation != 0 { parts.append("rotation=\(rotation)") }
    if let scale { parts.append("scale=\(formatNumber(scale))") }
    parts += touchDevices.map { "touch=\($0)" }
    return parts.joined(separator: ":")
  }

  /// A connector name: no separators, nothing that could end up in a path.
  private static func isName(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 64
      && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
  }

  /// How the rules read in messages.
  static let allowed =
    "\"CONNECTOR[:mode=WxH[@Hz]][:rotation=0|90|180|270][:scale=S][:card=PATH][:touch=DEVICE]\", e.g. \"HDMI-A-2:mode=1024x600\""
}
