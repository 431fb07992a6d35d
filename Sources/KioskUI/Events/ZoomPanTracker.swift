import KioskGraphics

/// Finds Zoom's pan gesture among a screen's touches while it is magnified: `fingerCount`
/// fingers down and moving together (each the same way as their centre, none left behind,
/// so a pinch or one finger resting while another drags is not it). Until then the
/// fingers reach the app as usual; once found, the app's touches of those fingers are
/// cancelled (as when a system gesture takes over on iOS) and their movement pans the zoom
/// until one of them lifts; the rest are ignored until they lift too.
///
/// Works in the magnified view's points (where the fingers are on the glass).
struct ZoomPanTracker {
  /// How far (points) the fingers' centre must move before the movement is a pan: more than
  /// a tap's wobble, less than a deliberate scroll's first frame or two.
  static let panThreshold = 10.0

  private struct Finger {
    var start: Point
    var last: Point
  }

  private var fingers: [Int: Finger] = [:]
  /// Fingers taken by a pan, swallowed until they lift.
  private var claimed: Set<Int> = []
  /// The centre of the claimed fingers at the last frame, while the pan goes on.
  private var panCentroid: Point?

  /// Whether fingers are taken by a pan (their samples must keep coming here, zoomed or not).
  var isBusy: Bool { !claimed.isEmpty }

  /// Reads one input frame: returns the samples for the app (with cancellations of the
  /// fingers a pan just took) and how far the pan moved in this frame, if it did.
  mutating func process(_ samples: [TouchSample], fingerCount: Int) -> (
    passed: [TouchSample], pan: Point?
  ) {
    var passed: [TouchSample] = []
    passed.reserveCapacity(samples.count)
    var lifted: [Int] = []
    for sample in samples {
      switch sample.phase {
      case .began:
        fingers[sample.id] = Finger(start: sample.location, last: sample.location)
      case .moved, .stationary:
        fingers[sample.id]?.last = sample.location
      case .ended, .cancelled:
        fingers[sample.id]?.last = sample.location
        lifted.append(sample.id)
      }
      if claimed.contains(sample.id) {
        if sample.phase == .ended || sample.phase == .cancelled {
          claimed.remove(sample.id)
          panCentroid = nil
        }
      } else {
        passed.append(sample)
      }
    }
    var pan: Point?
    if let previous = panCentroid, let now = centroid(of: claimed) {
      pan = Point(x: now.x - previous.x, y: now.y - previous.y)
      panCentroid = now
    } else if claimed.isEmpty, lifted.isEmpty, let start = startedPan(fingerCount: fingerCount) {
      claimed = Set(fingers.keys)
      let now = centroid(of: claimed) ?? start
      pan = Point(x: now.x - start.x, y: now.y - start.y)
      panCentroid = now
      // The app had these fingers: it loses them, where they are now.
      passed.removeAll { claimed.contains($0.id) }
      for id in claimed.sorted() {
        guard let finger = fingers[id] else { continue }
        passed.append(TouchSample(id: id, phase: .cancelled, location: finger.last))
      }
    }
    for id in lifted { fingers[id] = nil }
    return (passed, pan)
  }

  /// The fingers' starting centre, if exactly `fingerCount` are down and moving together.
  private func startedPan(fingerCount: Int) -> Point? {
    guard fingers.count == fingerCount,
      let start = centroid(of: Set(fingers.keys), \.start),
      let now = centroid(of: Set(fingers.keys))
    else { return nil }
    let dx = now.x - start.x
    let dy = now.y - start.y
    let length = (dx * dx + dy * dy).squareRoot()
    guard length >= Self.panThreshold else { return nil }
    for finger in fingers.values {
      let fx = finger.last.x - finger.start.x
      let fy = finger.last.y - finger.start.y
      // Each finger goes the centre's way and at least half as far along it.
      guard (fx * dx + fy * dy) / length >= length / 2 else { return nil }
    }
    return start
  }

  private func centroid(of ids: Set<Int>, _ point: (Finger) -> Point = \.last) -> Point? {
    var x = 0.0
    var y = 0.0
    var count = 0.0
    for id in ids {
      guard let finger = fingers[id] else { continue }
      let p = point(finger)
      x += p.x
      y += p.y
      count += 1
    }
    return count > 0 ? Point(x: x / count, y: y / count) : nil
  }
}
