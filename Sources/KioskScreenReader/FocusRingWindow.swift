import KioskGraphics
import KioskUI

/// The window the screen reader draws its focus ring in: in front of every other window,
/// transparent, hidden from the accessibility tree, and never hit by a touch (taps go to
/// the windows behind it). The ring is a rounded outline a little outside the focused
/// element's frame.
@MainActor
public final class FocusRingWindow: Window {
  /// The window level: above alerts and the on-screen keyboard.
  public static let level = 1_000_000.0
  /// How far the ring stands outside the element's frame (points).
  public static let outset = 3.0
  /// The outline's width (points).
  public static let lineWidth = 4.0
  /// The outline's outer corner radius (points).
  public static let cornerRadius = 6.0
  /// The outline's colour.
  public static let color = Color(red: 0.05, green: 0.35, blue: 0.95, alpha: 1)

  /// The outline: its frame is the ring's outer edge.
  public let ring: View = FocusRingView(frame: .zero)

  /// A hidden ring window covering `screen`.
  public override init(screen: Screen) {
    super.init(screen: screen)
    windowLevel = Self.level
    isUserInteractionEnabled = false
    accessibilityElementsHidden = true
    backgroundColor = nil
    addSubview(ring)
  }

  /// Shows the ring around `frame` (screen points).
  public func show(around frame: Rect) {
    let local = Rect(
      x: frame.minX - self.frame.minX - Self.outset, y: frame.minY - self.frame.minY - Self.outset,
      width: frame.width + 2 * Self.outset, height: frame.height + 2 * Self.outset)
    if ring.frame != local { ring.frame = local }
    if isHidden { isHidden = false }
  }

  /// Hides the ring.
  public func hideRing() {
    if !isHidden { isHidden = true }
  }

  /// The ring's frame in screen points, while it shows.
  public var ringFrame: Rect? {
    isHidden ? nil : ring.frame.offsetBy(dx: frame.minX, dy: frame.minY)
  }
}

/// The focus ring's outline, drawn as four plain edges and four small rounded corners
/// rather than as one bordered layer: a bordered layer keeps a raster of its whole size
/// (0.7 MB around a 960-pt row at scale 2, made again at every focus move), where the edges
/// are fills and the corners' rasters are 12 pt square. The pixels are the same.
@MainActor
private final class FocusRingView: View {
  /// Top, bottom, left and right: fills of the ring's colour between the corners.
  private let edges = (0..<4).map { _ in View(frame: .zero) }
  /// Top left, top right, bottom left, bottom right: each shows one quarter of a rounded,
  /// bordered square (its `outline`).
  private let corners = (0..<4).map { _ in View(frame: .zero) }

  override init(frame: Rect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
    let radius = FocusRingWindow.cornerRadius
    for edge in edges {
      edge.isUserInteractionEnabled = false
      edge.backgroundColor = FocusRingWindow.color
      addSubview(edge)
    }
    for corner in corners {
      corner.isUserInteractionEnabled = false
      corner.clipsToBounds = true
      let outline = View(frame: Rect(x: 0, y: 0, width: 2 * radius, height: 2 * radius))
      outline.isUserInteractionEnabled = false
      outline.layer.borderWidth = FocusRingWindow.lineWidth
      outline.layer.borderColor = FocusRingWindow.color
      outline.layer.cornerRadius = radius
      corner.addSubview(outline)
      addSubview(corner)
    }
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let size = bounds.size
    let radius = min(FocusRingWindow.cornerRadius, size.width / 2, size.height / 2)
    let line = min(FocusRingWindow.lineWidth, radius)
    let across = max(size.width - 2 * radius, 0)
    let down = max(size.height - 2 * radius, 0)
    edges[0].frame = Rect(x: radius, y: 0, width: across, height: line)
    edges[1].frame = Rect(x: radius, y: size.height - line, width: across, height: line)
    edges[2].frame = Rect(x: 0, y: radius, width: line, height: down)
    edges[3].frame = Rect(x: size.width - line, y: radius, width: line, height: down)
    for (index, corner) in corners.enumerated() {
      let right = index % 2 == 1
      let bottom = index >= 2
      corner.frame = Rect(
        x: right ? size.width - radius : 0, y: bottom ? size.height - radius : 0,
        width: radius, height: radius)
      // The outline's matching quarter lies in the corner's bounds.
      corner.subviews.first?.frame.origin = Point(
        x: right ? -FocusRingWindow.cornerRadius : 0, y: bottom ? -FocusRingWindow.cornerRadius : 0)
    }
  }
}
