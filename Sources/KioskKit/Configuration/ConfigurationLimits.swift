/// Bounds on a configuration file that keep reading it quick and the reader safe, whatever
/// the file holds. (The others live beside the code they bound:
/// `KioskConfiguration.maximumFileSize`, `TOMLDocument.maximumArrayLength` and
/// `KioskConfiguration.maximumProblemsShown`.)
enum ConfigurationLimits {
  /// The most levels a file's tables, keys and values nest: each part of a table header
  /// (`[a.b]` is 2), each part of a key under it (`c.d = 1` is 2 more) and each array or
  /// inline table a value opens counts one. KioskKit's own keys need 3 (`[[output]]`
  /// `touch-devices = [...]`). toml++, the bridge and the Swift reader walk a tree one stack
  /// frame per level, and a file of one 16,000-part header overflowed the stack, so a deeper
  /// file is refused (with the line and the depth) before any of them reads it; that check
  /// takes one pass over the text (`ctoml_check_depth`).
  static let maximumNestingDepth = 128
}
