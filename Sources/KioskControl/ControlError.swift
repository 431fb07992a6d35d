/// Why a control request failed: the text after `error: ` in the reply.
package struct ControlError: Error, Equatable, Sendable {
  /// The reason, as the reply gives it.
  package let message: String

  /// An error whose reply says `message`.
  package init(_ message: String) {
    self.message = message
  }
}
