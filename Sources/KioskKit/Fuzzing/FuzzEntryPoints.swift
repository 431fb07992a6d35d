/// The parsers of outside input that KioskKit keeps internal, as kiosk-fuzz reaches them.
/// `package`, not `@testable import`: a testable import needs KioskKit compiled for
/// testing, which `swift build -c release` of the whole package is not, so the fuzz driver
/// would break the usual command. Each call drops the value or the error; what a fuzz run
/// looks for is a crash, a trap or a sanitizer report on the way.
package enum FuzzEntryPoints {
  /// The largest configuration file the runtime reads (`KioskConfiguration.maximumFileSize`);
  /// longer inputs are not worth parsing, as the runtime refuses them before.
  package static let maximumConfigurationFileSize = KioskConfiguration.maximumFileSize

  /// Parses `text` as a configuration file named `fuzz.toml`.
  package static func parseConfiguration(_ text: String) {
    _ = try? KioskConfiguration.parse(text, file: "fuzz.toml")
  }
}
