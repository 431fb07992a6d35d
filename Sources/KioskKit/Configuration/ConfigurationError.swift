/// What is wrong with a configuration file or the `KIOSK_*` environment: one problem a
/// line, each naming where (`file:line`, or the variable), the key, its value and what is
/// allowed. Start-up stops with exit code 64 (`KioskExitCode.usage`) on it.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
  /// One thing that is wrong.
  public struct Problem: Sendable, Equatable, CustomStringConvertible {
    /// Where: `file:line` (`file` alone where the line is not known), or
    /// `environment KIOSK_…`.
    public var location: String
    /// The line in the file, if known.
    public var line: Int?
    /// The key as `table.key`, if the problem is about one.
    public var key: String?
    /// What is wrong, with the value and what is allowed.
    public var message: String

    /// `location: message`.
    public var description: String { "\(location): \(message)" }
  }

  /// Every problem found, in the order of the file's lines, then the environment's.
  public var problems: [Problem]

  /// One problem a line.
  public var description: String { problems.map(\.description).joined(separator: "\n") }
}
