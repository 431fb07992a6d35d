/// KioskKit's version, the one in the `VERSION` file at the top of the checkout: every
/// tool's `--version`, the start-up log line and `kioskctl status` show it. (A test keeps the
/// two the same; the constant exists so that nothing reads a file to know its own version.)
public enum KioskKitVersion {
  /// The version, as in `VERSION`: major.minor.patch.
  public static let string = "0.12.0"
}
