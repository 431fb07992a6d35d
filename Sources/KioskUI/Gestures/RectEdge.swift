/// Edges of a rectangle, as a set: UIKit's `UIRectEdge`.
///
/// ```swift
/// edgePan.edges = [.left, .right]
/// ```
public struct RectEdge: OptionSet, Hashable, Sendable {
  /// Creates a set of edges from its bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The bits of the set.
  public let rawValue: UInt

  /// The top edge (the smallest y).
  public static let top = RectEdge(rawValue: 1 << 0)
  /// The left edge (the smallest x).
  public static let left = RectEdge(rawValue: 1 << 1)
  /// The bottom edge (the largest y).
  public static let bottom = RectEdge(rawValue: 1 << 2)
  /// The right edge (the largest x).
  public static let right = RectEdge(rawValue: 1 << 3)
  /// All four edges.
  public static let all: RectEdge = [.top, .left, .bottom, .right]
}
