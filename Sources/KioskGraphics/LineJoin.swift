/// How stroked lines meet at corners.
public enum LineJoin: Sendable {
  /// Sharp corners (cut off when very sharp).
  case miter
  /// Rounded corners.
  case round
  /// Corners cut off flat.
  case bevel
}
