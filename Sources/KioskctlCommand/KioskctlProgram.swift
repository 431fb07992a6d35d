import Glibc

/// kioskctl's entry point: the `kioskctl` executable's, and the package's `kiosk-demo`'s when
/// it is started as `kioskctl` (one binary for the package's programs: `MultiCallProgram`).
public enum KioskctlProgram {
  /// Parses the command line and runs the command; exits.
  public static func main() -> Never {
    Kioskctl.main()
    exit(0)
  }
}
