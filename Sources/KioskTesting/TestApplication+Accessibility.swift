import KioskUI

/// What `assertAccessibilityAudit` throws: the issues the audit found, one a line.
public struct AccessibilityAuditFailure: Error, CustomStringConvertible {
  /// The issues' messages.
  public let messages: [String]

  public var description: String {
    "the accessibility audit found \(messages.count) issue\(messages.count == 1 ? "" : "s"):\n"
      + messages.map { "- \($0)" }.joined(separator: "\n")
  }
}

extension TestApplication {
  /// Audits what the screen shows now for `kinds` (XCUITest's
  /// `performAccessibilityAudit`): elements without labels, text with too little contrast,
  /// targets under 44×44 pt, text the largest text size cuts off. See `AccessibilityAudit`.
  /// `ignoring` leaves out the issues it returns `true` for (XCUITest's issue handler), for
  /// what a screen does on purpose, such as a label that shows truncation.
  public func auditAccessibility(
    kinds: AccessibilityAuditKinds = .all,
    ignoring: (AccessibilityAuditIssue) -> Bool = { _ in false }
  ) -> [AccessibilityAuditIssue] {
    runUntilIdle()
    let issues = AccessibilityAudit.run(on: screen, kinds: kinds)
    runUntilIdle()
    return issues.filter { !ignoring($0) }
  }

  /// Audits as `auditAccessibility(kinds:)` does and throws the issues, if any, so that a
  /// test fails with each one named: `try app.assertAccessibilityAudit()`.
  public func assertAccessibilityAudit(
    kinds: AccessibilityAuditKinds = .all,
    ignoring: (AccessibilityAuditIssue) -> Bool = { _ in false }
  ) throws {
    let issues = auditAccessibility(kinds: kinds, ignoring: ignoring)
    guard issues.isEmpty else {
      throw AccessibilityAuditFailure(messages: issues.map(\.message))
    }
  }
}
