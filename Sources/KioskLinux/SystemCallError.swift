import Glibc

/// A failed system call, ioctl or C library call: its name, the errno it failed with, and
/// what was being done. Every C call in KioskLinux is wrapped once and throws this.
package struct SystemCallError: Error, Equatable, CustomStringConvertible {
  /// The call that failed, e.g. `drmModeAtomicCommit` or `FBIOPAN_DISPLAY`.
  package var call: String
  /// The errno value.
  package var code: Int32
  /// What was being done, for the message.
  package var context: String

  /// Creates an error.
  package init(call: String, code: Int32, context: String = "") {
    self.call = call
    self.code = code
    self.context = context
  }

  package var description: String {
    let reason = String(cString: strerror(code))
    return "\(call) failed: \(reason) (errno \(code))" + (context.isEmpty ? "" : " — \(context)")
  }
}
