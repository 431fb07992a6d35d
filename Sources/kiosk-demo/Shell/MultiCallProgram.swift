import FoundationEssentials
import KioskUinputCommand
import KioskctlCommand

/// The package's one binary: it installs kiosk-demo, with kioskctl and kiosk-uinput as
/// symbolic links to it, since each program built on its own carries its own copy of
/// Foundation and ICU's data (kiosk-uinput alone was 64 MB). Started under either of those
/// names, kiosk-demo runs that program instead of the demo (as busybox does).
enum MultiCallProgram {
  /// Runs kioskctl or kiosk-uinput, and exits, when the process was started as one of them.
  static func runIfStartedAsAnother() {
    guard let first = CommandLine.arguments.first else { return }
    switch URL(fileURLWithPath: first).lastPathComponent {
    case "kioskctl": KioskctlProgram.main()
    case "kiosk-uinput": UinputProgram.main()
    default: return
    }
  }
}
