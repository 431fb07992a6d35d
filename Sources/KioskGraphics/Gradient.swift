/// Colours at locations along a gradient, for `drawLinearGradient` and
/// `drawRadialGradient`.
///
/// ```swift
/// let fade = Gradient(colors: [.white, .systemBlue])
/// context.drawLinearGradient(fade, start: .zero, end: Point(x: 0, y: 44))
/// ```
public struct Gradient: Sendable, Hashable {
  /// The colour stops, in increasing location order.
  public var stops: [Stop]

  /// One colour at one location of a gradient.
  public struct Stop: Sendable, Hashable {
    /// Where the colour is: 0 at the start point, 1 at the end point.
    public var location: Double
    /// The colour at that location.
    public var color: Color

    /// Creates a stop.
    public init(location: Double, color: Color) {
      self.location = location
      self.color = color
    }
  }

  /// Creates a gradient from stops.
  public init(stops: [Stop]) {
    self.stops = stops
  }

  /// Creates a gradient from colours spaced evenly from start to end; a single colour
  /// makes a solid gradient.
  public init(colors: [Color]) {
    switch colors.count {
    case 0: stops = []
    case 1: stops = [Stop(location: 0, color: colors[0]), Stop(location: 1, color: colors[0])]
    default:
      let last = Double(colors.count - 1)
      stops = colors.enumerated().map {
        Stop(location: Double($0.offset) / last, color: $0.element)
      }
    }
  }
}
