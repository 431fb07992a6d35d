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
  public func auditAccessibility(kinds: AccessibilityAuditKinds = .all)
    -> [AccessibilityAuditIssue]
  {
    runUntilIdle()
    let issues = AccessibilityAudit.run(on: screen, kinds: kinds)
    runUntilIdle()
    return issues
  }

  /// Audits as `auditAccessibility(kinds:)` does and throws the issues, if any, so that a
  /// test fails with each one named: `try app.assertAccessibilityAudit()`.
  public func assertAccessibilityAudit(kinds: AccessibilityAuditKinds = .all) throws {
    let issues = auditAccessibility(kinds: kinds)
    guard issues.isEmpty else {
      throw AccessibilityAuditFailure(messages: issues.map(\.message))
    }
  }
}
