/// How the ends of stroked lines look.
public enum LineCap: Sendable {
  /// The line stops exactly at its end point.
  case butt
  /// A half circle past the end point.
  case round
  /// A half square past the end point.
  case square
}
