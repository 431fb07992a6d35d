import Glibc

/// A failed system call, ioctl or C library call: its name, the errno it failed with, and
/// what was being done. Every C call in KioskLinux is wrapped once and throws this.
public struct SystemCallError: Error, Equatable, CustomStringConvertible {
  /// The call that failed, e.g. `drmModeAtomicCommit` or `FBIOPAN_DISPLAY`.
  public var call: String
  /// The errno value.
  public var code: Int32
  /// What was being done, for the message.
  public var context: String

  /// Creates an error.
  public init(call: String, code: Int32, context: String = "") {
    self.call = call
    self.code = code
    self.context = context
  }

  public var description: String {
    let reason = String(cString: strerror(code))
    return "\(call) failed: \(reason) (errno \(code))" + (context.isEmpty ? "" : " — \(context)")
  }
}
