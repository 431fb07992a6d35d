import Glibc

/// kiosk-uinput's entry point: the `kiosk-uinput` executable's, and the package's
/// `kiosk-demo`'s when it is started as `kiosk-uinput` (`MultiCallProgram`).
public enum UinputProgram {
  /// Parses the command line and runs the command; exits.
  public static func main() -> Never {
    UinputCommand.main()
    exit(0)
  }
}
