/// A start-up phase that cannot go on: what to log and the exit code.
struct StartUpFailure: Error {
  let reason: String
  let code: KioskExitCode

  init(_ reason: String, code: KioskExitCode) {
    self.reason = reason
    self.code = code
  }
}
