import KioskGraphics

/// What an accessibility audit checks, as XCUITest's `XCUIAccessibilityAuditType`.
public struct AccessibilityAuditKinds: OptionSet, Sendable {
  public let rawValue: Int

  /// Creates a set from its raw value.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// An element a person acts on (button, link, adjustable, text entry, tab) without a
  /// label: a screen reader can only say what it is, not what it does.
  public static let missingLabel = AccessibilityAuditKinds(rawValue: 1)
  /// Text whose contrast with what is behind it is under WCAG 2's 4.5:1 (3:1 for large text:
  /// 18 pt, or 14 pt bold).
  public static let contrast = AccessibilityAuditKinds(rawValue: 2)
  /// An element a person acts on smaller than 44×44 pt.
  public static let hitRegion = AccessibilityAuditKinds(rawValue: 4)
  /// Text cut off at the largest accessibility text size.
  public static let textClipped = AccessibilityAuditKinds(rawValue: 8)
  /// Every check.
  public static let all: AccessibilityAuditKinds = [
    .missingLabel, .contrast, .hitRegion, .textClipped,
  ]
}

/// One problem an audit found.
@MainActor
public struct AccessibilityAuditIssue: CustomStringConvertible {
  /// Which check found it (one kind).
  public let kind: AccessibilityAuditKinds
  /// The element or view concerned.
  public let element: any AccessibilityNode
  /// Where it is on the screen, in points.
  public let frame: Rect
  /// What is wrong, in a sentence.
  public let message: String

  nonisolated public var description: String { message }
}

/// An accessibility audit of what a screen shows, as XCUITest's
/// `performAccessibilityAudit`: elements without labels, text with too little contrast,
/// targets too small to touch, and text that the largest text size cuts off. KioskTesting's
/// `TestApplication.auditAccessibility()` runs it in tests; an app can run it anywhere.
///
/// KioskKit differs from XCUITest where a kiosk does: the on-screen keyboard's keys are not
/// held to 44×44 pt (their size is the keyboard's, as the system keyboard's is not the
/// app's), and the clipping check changes `Application.accessibilitySettings` to the
/// largest size for the time it runs (the screen is laid out at that size and back).
@MainActor
public enum AccessibilityAudit {
  /// The smallest target a finger can hit reliably (Apple's HIG), in points.
  public static let minimumTargetSize = 44.0

  /// Audits the windows of `screen` for `kinds`; the issues in reading order, by kind.
  public static func run(on screen: Screen, kinds: AccessibilityAuditKinds = .all)
    -> [AccessibilityAuditIssue]
  {
    var issues: [AccessibilityAuditIssue] = []
    let elements = AccessibilityTree.elements(on: screen)
    for element in elements where isInteractive(element) {
      if kinds.contains(.missingLabel), (element.accessibilityLabel ?? "").isEmpty {
        issues.append(
          issue(.missingLabel, element, "\(describe(element)) has no accessibility label"))
      }
      // Keys are exempt (a keyboard's keys are its own layout); so is what takes no touches
      // (a page view's dots, turned by the reader's swipe).
      if kinds.contains(.hitRegion), !element.accessibilityTraits.contains(.keyboardKey),
        (element as? View)?.isUserInteractionEnabled != false
      {
        let frame = touchTarget(of: element)
        if frame.width < minimumTargetSize || frame.height < minimumTargetSize {
          issues.append(
            issue(
              .hitRegion, element,
              "\(describe(element)) is \(points(frame.width))×\(points(frame.height)) pt, "
                + "smaller than 44×44"))
        }
      }
    }
    let labels = screen.windows.filter { !$0.isHidden }.flatMap(visibleLabels(in:))
    if kinds.contains(.contrast) {
      issues += labels.compactMap(contrastIssue(of:))
    }
    if kinds.contains(.textClipped) {
      issues += clippedText(on: screen)
    }
    return issues
  }

  /// Where a finger reaches `node`, in screen points: a view's touch target area (larger
  /// than its frame for the small controls), else its accessibility frame.
  static func touchTarget(of node: any AccessibilityNode) -> Rect {
    guard let view = node as? View else { return node.accessibilityFrame }
    return view.screenRect(of: view.touchTargetArea)
  }

  /// Whether a person acts on `node`.
  static func isInteractive(_ node: any AccessibilityNode) -> Bool {
    let traits = node.accessibilityTraits
    return !traits.isDisjoint(with: [.button, .link, .adjustable, .textEntry, .keyboardKey, .tab])
  }

  private static func issue(
    _ kind: AccessibilityAuditKinds, _ element: any AccessibilityNode, _ message: String
  ) -> AccessibilityAuditIssue {
    AccessibilityAuditIssue(
      kind: kind, element: element, frame: element.accessibilityFrame, message: message)
  }

  /// "a button at (x, y)", "“Order” (button)" for messages.
  private static func describe(_ element: any AccessibilityNode) -> String {
    let frame = element.accessibilityFrame
    let place = "at (\(points(frame.minX)), \(points(frame.minY)))"
    if let label = element.accessibilityLabel, !label.isEmpty { return "“\(label)” \(place)" }
    return "an element \(place) (\(type(of: element)))"
  }

  /// `value` with at most one decimal ("44", "40.5").
  static func points(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    return tenths.truncatingRemainder(dividingBy: 10) == 0
      ? String(Int(tenths / 10)) : String(tenths / 10)
  }

  /// The labels with text that show in `view`, depth first.
  private static func visibleLabels(in view: View) -> [Label] {
    guard !view.isHidden, view.alpha > 0.01 else { return [] }
    var result: [Label] = []
    if let label = view as? Label, !(label.text ?? "").isEmpty, label.bounds.width > 0 {
      result.append(label)
    }
    for subview in view.subviews { result += visibleLabels(in: subview) }
    return result
  }
}

extension AccessibilityAudit {
  /// The contrast issue of `label`, if its text is under WCAG's ratio for its size.
  /// The text of a disabled control is exempt, as WCAG exempts inactive components.
  static func contrastIssue(of label: Label) -> AccessibilityAuditIssue? {
    var ancestor = label.superview
    while let view = ancestor {
      if let control = view as? Control, !control.isEnabled { return nil }
      ancestor = view.superview
    }
    let traits = label.traitCollection
    let text = label.textColor.resolvedColor(with: traits)
    let background = backgroundColor(behind: label)
    let shown = text.composited(over: background)
    let ratio = shown.contrastRatio(to: background)
    let bold = [.semibold, .bold].contains(label.font.weight)
    let large = label.font.pointSize >= 18 || (bold && label.font.pointSize >= 14)
    let needed = large ? 3.0 : 4.5
    guard ratio < needed else { return nil }
    return AccessibilityAuditIssue(
      kind: .contrast, element: label, frame: label.accessibilityFrame,
      message: "“\(label.text ?? "")” has a contrast of \(points(ratio)):1 with what is "
        + "behind it; \(large ? "large " : "")text needs \(points(needed)):1")
  }

  /// The opaque colour behind `view`: the backgrounds of it and its superviews (and the
  /// plates controls draw under their titles) laid over one another, on white.
  static func backgroundColor(behind view: View) -> Color {
    var layers: [Color] = []
    var child: View? = nil
    var current: View? = view
    while let node = current {
      let traits = node.traitCollection
      if let child {
        // A control's plate (a system button's fill) is a sibling under the child.
        for sibling in node.subviews {
          if sibling === child { break }
          if let shape = sibling as? ControlShapeView, !shape.isHidden,
            let fill = shape.fillColor, shape.frame.intersects(child.frame)
          {
            layers.append(
              fill.resolvedColor(with: traits).withAlphaComponent(fill.alpha * shape.alpha))
          }
        }
      }
      if let color = node.backgroundColor, color.alpha > 0 {
        layers.append(
          color.resolvedColor(with: traits).withAlphaComponent(color.alpha * node.alpha))
      }
      child = node
      current = node.superview
    }
    // Nearest first: lay them from the farthest up.
    var result = Color.white
    for color in layers.reversed() { result = color.composited(over: result) }
    return result
  }

  /// Text cut off at the largest accessibility text size: every label whose text needs more
  /// room than it has, after the screen was laid out at that size.
  static func clippedText(on screen: Screen) -> [AccessibilityAuditIssue] {
    let application = Application.shared
    let before = application.accessibilitySettings
    var largest = before
    largest.contentSizeCategory = .accessibilityExtraExtraExtraLarge
    application.accessibilitySettings = largest
    defer { application.accessibilitySettings = before }
    for window in screen.windows where !window.isHidden { window.layoutIfNeeded() }
    var issues: [AccessibilityAuditIssue] = []
    for label in screen.windows.filter({ !$0.isHidden }).flatMap(visibleLabels(in:)) {
      let bounds = label.bounds.size
      let needed =
        label.numberOfLines == 1
        ? label.sizeThatFits(Size(width: 0, height: 0))
        : label.sizeThatFits(Size(width: bounds.width, height: 0))
      let clippedWidth = label.numberOfLines == 1 && needed.width > bounds.width + 0.5
      let clippedHeight = needed.height > bounds.height + 0.5
      guard clippedWidth || clippedHeight else { continue }
      issues.append(
        AccessibilityAuditIssue(
          kind: .textClipped, element: label, frame: label.accessibilityFrame,
          message: "“\(label.text ?? "")” needs \(points(needed.width))×\(points(needed.height)) "
            + "pt at the largest text size and has \(points(bounds.width))×"
            + "\(points(bounds.height))"))
    }
    return issues
  }
}

extension Color {
  /// This colour laid over the opaque `background` (source over).
  func composited(over background: Color) -> Color {
    let a = alpha
    return Color(
      red: red * a + background.red * (1 - a), green: green * a + background.green * (1 - a),
      blue: blue * a + background.blue * (1 - a), alpha: 1)
  }
}
