import KioskGraphics

/// The elements a screen reader can reach, in reading order: what VoiceOver's swipes walk
/// through, what touch exploration searches, what `KioskTesting` queries and the audit
/// check, and what `kioskctl accessibility` prints.
///
/// The order follows UIKit's rules: a view that is an element is one stop and its subviews
/// are not visited; a container lists its `accessibilityElements` in their order when it
/// has them; otherwise its subviews' elements are sorted by position, in rows from the top
/// and from the left within a row (from the right in right-to-left languages), and a view
/// with `shouldGroupAccessibilityChildren` keeps its elements together, placed by its own
/// frame. Hidden, transparent and `accessibilityElementsHidden` views and elements of no
/// area are left out. A view with `accessibilityViewIsModal` hides its siblings and
/// everything behind it, in its window and in the windows behind.
@MainActor
public enum AccessibilityTree {
  /// The elements of the visible windows of `screen`, back window first, in reading order
  /// (modal views applied).
  public static func elements(on screen: Screen, rightToLeft: Bool = false)
    -> [any AccessibilityNode]
  {
    var result: [any AccessibilityNode] = []
    for window in screen.windows where !window.isHidden {
      let (elements, modal) = collect(window, rightToLeft: rightToLeft)
      // A modal view in a window in front hides the windows behind it.
      if modal { result = elements } else { result += elements }
    }
    return result
  }

  /// The elements inside `view` (itself, when it is one), in reading order.
  public static func elements(in node: any AccessibilityNode, rightToLeft: Bool = false)
    -> [any AccessibilityNode]
  {
    collect(node, rightToLeft: rightToLeft).elements
  }

  /// One place in the reading order: an element, or a group kept together.
  private struct Unit {
    var frame: Rect
    var elements: [any AccessibilityNode]
  }

  /// The elements of `node` and whether a modal view was among them (it then replaced
  /// what was beside and behind it).
  private static func collect(_ node: any AccessibilityNode, rightToLeft: Bool)
    -> (elements: [any AccessibilityNode], modal: Bool)
  {
    let (units, modal) = units(of: node, rightToLeft: rightToLeft)
    return (units.flatMap(\.elements), modal)
  }

  private static func units(of node: any AccessibilityNode, rightToLeft: Bool)
    -> (units: [Unit], modal: Bool)
  {
    if isHidden(node) { return ([], false) }
    if node.isAccessibilityElement {
      let frame = node.accessibilityFrame
      return (frame.width * frame.height > 0 ? [Unit(frame: frame, elements: [node])] : [], false)
    }
    if let ordered = node.accessibilityElements {
      // The container's own order: each child's elements in turn, not re-sorted.
      var elements: [any AccessibilityNode] = []
      for child in ordered {
        elements += collect(child, rightToLeft: rightToLeft).elements
      }
      return (
        elements.isEmpty ? [] : [Unit(frame: node.accessibilityFrame, elements: elements)], false
      )
    }
    guard let view = node as? View else { return ([], false) }
    var children = view.subviews
    var modal = false
    if let modalIndex = children.lastIndex(where: { $0.accessibilityViewIsModal && !isHidden($0) })
    {
      children = [children[modalIndex]]
      modal = true
    }
    var units: [Unit] = []
    for child in children {
      let (childUnits, childModal) = self.units(of: child, rightToLeft: rightToLeft)
      if childModal {
        // A modal view deeper down hides what was collected before it here, too.
        units = []
        modal = true
      }
      if child.shouldGroupAccessibilityChildren && !child.isAccessibilityElement {
        let elements = childUnits.flatMap(\.elements)
        if !elements.isEmpty {
          units.append(Unit(frame: child.accessibilityFrame, elements: elements))
        }
      } else {
        units += childUnits
      }
    }
    return (sortedInRows(units, rightToLeft: rightToLeft), modal)
  }

  private static func isHidden(_ node: any AccessibilityNode) -> Bool {
    if node.accessibilityElementsHidden { return true }
    if let view = node as? View, view.isHidden || view.alpha < 0.01 { return true }
    return false
  }

  /// Units in reading order: rows from the top (a unit whose top is above the middle of
  /// the row's first unit joins that row), each row from the left (right).
  private static func sortedInRows(_ units: [Unit], rightToLeft: Bool) -> [Unit] {
    let byTop = units.enumerated().sorted {
      ($0.element.frame.minY, $0.offset) < ($1.element.frame.minY, $1.offset)
    }.map(\.element)
    var rows: [[Unit]] = []
    for unit in byTop {
      if let first = rows.last?.first, unit.frame.minY < first.frame.midY {
        rows[rows.count - 1].append(unit)
      } else {
        rows.append([unit])
      }
    }
    return rows.flatMap { row in
      row.enumerated().sorted {
        let left = rightToLeft ? -$0.element.frame.maxX : $0.element.frame.minX
        let right = rightToLeft ? -$1.element.frame.maxX : $1.element.frame.minX
        return (left, $0.offset) < (right, $1.offset)
      }.map(\.element)
    }
  }
}
