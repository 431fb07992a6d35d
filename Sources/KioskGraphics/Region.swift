internal import CPixman

/// A set of pixels made of rectangles: damage, clips, what opaque layers cover. A value type;
/// copies share storage until one of them changes.
///
/// A region of a few rectangles (a frame's damage, the damage of the last few frames) is
/// kept as a short list of disjoint rectangles; larger regions, and subtraction or
/// intersection with another region, are pixman's. The short list exists because pixman
/// frees a region's rectangle array whenever the region shrinks to one rectangle and
/// allocates it again when it grows past one, which damage does every frame: with the list,
/// a steady frame allocates nothing.
public struct Region: Equatable, @unchecked Sendable, CustomStringConvertible {
  /// The region's storage, shared by copies until one of them changes.
  ///
  /// Its stored properties are not checked for exclusive access at run time
  /// (`@exclusivity(unchecked)`): damage regions are changed a few dozen times a frame, and
  /// the checks were about a tenth of a button's highlight frame. Only the storage's own
  /// methods touch them, and none of those calls out to code that could reach the same
  /// storage (the closures `replace` and `withPixmanRegion` take are pixman calls and readers).
  final class Storage {
    /// The region, while `isSmall`: disjoint rectangles in no particular order.
    @exclusivity(unchecked) var small: [PixelRect] = []
    /// Whether `small` is the region; otherwise `region` is.
    @exclusivity(unchecked) var isSmall = true
    /// Scratch lists of `addSmall`, kept with their capacity.
    @exclusivity(unchecked) private var remaining: [PixelRect] = []
    @exclusivity(unchecked) private var pieces: [PixelRect] = []

    /// Two pixman regions: the value (when not `isSmall`), and a spare that binary
    /// operations write into before the two swap (pixman reallocates when a region is both
    /// operand and destination).
    @exclusivity(unchecked) var region: UnsafeMutablePointer<pixman_region32_t>
    @exclusivity(unchecked) var spare: UnsafeMutablePointer<pixman_region32_t>

    /// The most rectangles the short list holds before pixman takes over.
    static let smallLimit = 16

    init() {
      region = .allocate(capacity: 1)
      spare = .allocate(capacity: 1)
      pixman_region32_init(region)
      pixman_region32_init(spare)
    }

    func copy() -> Storage {
      let result = Storage()
      if isSmall {
        result.small = small
      } else {
        result.isSmall = false
        pixman_region32_copy(result.region, region)
      }
      return result
    }

    /// Runs `operation(destination: spare, source: region)`, then makes the result current.
    func replace(
      _ operation: (
        UnsafeMutablePointer<pixman_region32_t>, UnsafeMutablePointer<pixman_region32_t>
      )
        -> Void
    ) {
      makeLarge()
      operation(spare, region)
      swap(&region, &spare)
    }

    /// Hands the region to pixman.
    func makeLarge() {
      guard isSmall else { return }
      pixman_region32_clear(region)
      for rect in small {
        pixman_region32_union_rect(
          spare, region, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
        swap(&region, &spare)
      }
      small.removeAll(keepingCapacity: true)
      isSmall = false
    }

    /// Empties the region (pixman's rectangle memory is kept for when it is needed again).
    func makeEmpty() {
      small.removeAll(keepingCapacity: true)
      isSmall = true
    }

    /// Adds `rect` to the short list, keeping it disjoint: rectangles `rect` covers go, and
    /// what is left of `rect` around the others is added, joined to a neighbour where the
    /// two make one rectangle. Returns false, changing nothing, when the list would grow
    /// past `smallLimit`.
    func addSmall(_ rect: PixelRect) -> Bool {
      remaining.removeAll(keepingCapacity: true)
      remaining.append(rect)
      for existing in small where existing.intersects(rect) && !rect.contains(existing) {
        pieces.removeAll(keepingCapacity: true)
        for piece in remaining { piece.appendPieces(outside: existing, to: &pieces) }
        swap(&remaining, &pieces)
        if remaining.isEmpty { return true }
        if remaining.count > Self.smallLimit { return false }
      }
      let covered = small.reduce(0) { $0 + (rect.contains($1) ? 1 : 0) }
      guard small.count - covered + remaining.count <= Self.smallLimit else { return false }
      if covered > 0 { small.removeAll { rect.contains($0) } }
      for piece in remaining {
        if let i = small.firstIndex(where: { $0.joinsIntoOneRect(with: piece) }) {
          small[i] = small[i].union(piece)
        } else {
          small.append(piece)
        }
      }
      return true
    }

    /// Removes `hole` from the short list. Returns false, changing nothing, when the pieces
    /// left would be too many.
    func subtractSmall(_ hole: PixelRect) -> Bool {
      pieces.removeAll(keepingCapacity: true)
      for rect in small { rect.appendPieces(outside: hole, to: &pieces) }
      guard pieces.count <= Self.smallLimit else { return false }
      swap(&small, &pieces)
      return true
    }

    /// Calls `body` with pixman's form of the region: `region` itself, or a temporary one
    /// built from the short list (an allocation when it has several rectangles).
    func withPixmanRegion<R>(_ body: (UnsafeMutablePointer<pixman_region32_t>) -> R) -> R {
      guard isSmall else { return body(region) }
      var a = pixman_region32_t()
      var b = pixman_region32_t()
      pixman_region32_init(&a)
      pixman_region32_init(&b)
      defer {
        pixman_region32_fini(&a)
        pixman_region32_fini(&b)
      }
      var built = true
      for rect in small {
        if built {
          pixman_region32_union_rect(
            &b, &a, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
        } else {
          pixman_region32_union_rect(
            &a, &b, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
        }
        built.toggle()
      }
      return built ? body(&a) : body(&b)
    }

    deinit {
      pixman_region32_fini(region)
      pixman_region32_fini(spare)
      region.deallocate()
      spare.deallocate()
    }
  }

  private var storage = Storage()

  /// The empty region.
  public init() {}

  /// A region of one rectangle.
  public init(_ rect: PixelRect) {
    formUnion(rect)
  }

  /// A region of several rectangles.
  public init(rects: [PixelRect]) {
    for rect in rects { formUnion(rect) }
  }

  private mutating func uniqueStorage() -> Storage {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    return storage
  }

  /// Calls `body` with the region as a pixman region (valid only during the call).
  func withPixmanRegion<R>(_ body: (UnsafeMutablePointer<pixman_region32_t>) -> R) -> R {
    storage.withPixmanRegion(body)
  }

  /// Whether the region holds no pixel.
  public var isEmpty: Bool {
    storage.isSmall ? storage.small.isEmpty : pixman_region32_not_empty(storage.region) == 0
  }

  /// The smallest rectangle containing the region.
  public var extents: PixelRect {
    guard !isEmpty else { return .zero }
    guard storage.isSmall else { return PixelRect(storage.region.pointee.extents) }
    return storage.small.dropFirst().reduce(storage.small[0]) { $0.union($1) }
  }

  /// The number of pixels in the region.
  public var area: Int {
    var total = 0
    forEachRect { total += $0.area }
    return total
  }

  /// The rectangles the region is made of, in pixman's banded order (top to bottom, then
  /// left to right, with rectangles of a band merged).
  public var rects: [PixelRect] {
    withPixmanRegion { region in
      var count: Int32 = 0
      guard let boxes = pixman_region32_rectangles(region, &count) else { return [] }
      return (0..<Int(count)).map { PixelRect(boxes[$0]) }
    }
  }

  /// How many rectangles the region is made of (as `forEachRect` gives them).
  public var rectCount: Int {
    storage.isSmall ? storage.small.count : Int(pixman_region32_n_rects(storage.region))
  }

  /// Calls `body` with each of the region's disjoint rectangles, in no particular order,
  /// without allocating.
  public func forEachRect(_ body: (PixelRect) -> Void) {
    if storage.isSmall {
      for rect in storage.small { body(rect) }
      return
    }
    var count: Int32 = 0
    guard let boxes = pixman_region32_rectangles(storage.region, &count) else { return }
    for i in 0..<Int(count) { body(PixelRect(boxes[i])) }
  }

  /// Adds a rectangle.
  public mutating func formUnion(_ rect: PixelRect) {
    guard !rect.isEmpty else { return }
    let storage = uniqueStorage()
    if storage.isSmall, storage.addSmall(rect) { return }
    storage.replace { destination, source in
      pixman_region32_union_rect(
        destination, source, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
    }
  }

  /// Adds another region.
  public mutating func formUnion(_ other: Region) {
    guard !other.isEmpty, other.storage !== storage else { return }
    if other.storage.isSmall {
      for rect in other.storage.small { formUnion(rect) }
      return
    }
    let operand = other.storage.region
    uniqueStorage().replace { pixman_region32_union($0, $1, operand) }
  }

  /// Keeps only the pixels also in `rect`.
  public mutating func formIntersection(_ rect: PixelRect) {
    guard !rect.isEmpty else { return removeAll() }
    let storage = uniqueStorage()
    guard storage.isSmall else {
      return storage.replace { destination, source in
        pixman_region32_intersect_rect(
          destination, source, Int32(rect.x), Int32(rect.y), UInt32(rect.width),
          UInt32(rect.height))
      }
    }
    // The pieces of disjoint rectangles inside `rect` are disjoint too.
    var kept = 0
    for i in storage.small.indices {
      let piece = storage.small[i].intersection(rect)
      guard !piece.isEmpty else { continue }
      storage.small[kept] = piece
      kept += 1
    }
    storage.small.removeLast(storage.small.count - kept)
  }

  /// Keeps only the pixels also in `other`.
  public mutating func formIntersection(_ other: Region) {
    guard other.storage !== storage else { return }
    other.withPixmanRegion { operand in
      uniqueStorage().replace { pixman_region32_intersect($0, $1, operand) }
    }
  }

  /// Removes the pixels of `other`.
  public mutating func subtract(_ other: Region) {
    guard !other.isEmpty, !isEmpty else { return }
    guard other.storage !== storage else { return removeAll() }
    other.withPixmanRegion { operand in
      uniqueStorage().replace { pixman_region32_subtract($0, $1, operand) }
    }
  }

  /// Removes the pixels of `rect`.
  public mutating func subtract(_ rect: PixelRect) {
    guard !rect.isEmpty, !isEmpty else { return }
    let storage = uniqueStorage()
    if storage.isSmall, storage.subtractSmall(rect) { return }
    // A one-rectangle pixman region has no rectangle array: this allocates nothing.
    var operand = pixman_region32_t()
    pixman_region32_init_rect(
      &operand, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
    defer { pixman_region32_fini(&operand) }
    storage.replace { pixman_region32_subtract($0, $1, &operand) }
  }

  /// Moves the region.
  public mutating func translate(dx: Int, dy: Int) {
    let storage = uniqueStorage()
    guard storage.isSmall else {
      return pixman_region32_translate(storage.region, Int32(dx), Int32(dy))
    }
    for i in storage.small.indices {
      storage.small[i].x += dx
      storage.small[i].y += dy
    }
  }

  /// Empties the region, keeping its memory for reuse.
  public mutating func removeAll() {
    uniqueStorage().makeEmpty()
  }

  /// Replaces the contents with those of `other`, reusing this region's memory.
  public mutating func set(_ other: Region) {
    guard other.storage !== storage else { return }
    let storage = uniqueStorage()
    if other.storage.isSmall {
      storage.makeEmpty()
      storage.small.append(contentsOf: other.storage.small)
    } else {
      storage.isSmall = false
      storage.small.removeAll(keepingCapacity: true)
      pixman_region32_copy(storage.region, other.storage.region)
    }
  }

  /// Whether `rect` lies entirely inside the region.
  public func contains(_ rect: PixelRect) -> Bool {
    guard !rect.isEmpty else { return true }
    guard storage.isSmall else {
      var box = pixman_box32_t(
        x1: Int32(rect.x), y1: Int32(rect.y), x2: Int32(rect.maxX), y2: Int32(rect.maxY))
      return pixman_region32_contains_rectangle(storage.region, &box) == PIXMAN_REGION_IN
    }
    // The rectangles are disjoint: `rect` is inside when their overlaps with it add up to it.
    let covered = storage.small.reduce(0) { $0 + $1.intersection(rect).area }
    return covered == rect.area
  }

  /// Whether the pixel at (`x`, `y`) is in the region.
  public func contains(x: Int, y: Int) -> Bool {
    guard storage.isSmall else {
      return pixman_region32_contains_point(storage.region, Int32(x), Int32(y), nil) != 0
    }
    return storage.small.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
  }

  /// Whether `rect` shares any pixel with the region.
  public func intersects(_ rect: PixelRect) -> Bool {
    guard !rect.isEmpty else { return false }
    guard storage.isSmall else {
      var box = pixman_box32_t(
        x1: Int32(rect.x), y1: Int32(rect.y), x2: Int32(rect.maxX), y2: Int32(rect.maxY))
      return pixman_region32_contains_rectangle(storage.region, &box) != PIXMAN_REGION_OUT
    }
    return storage.small.contains { $0.intersects(rect) }
  }

  /// The union of two regions.
  public func union(_ other: Region) -> Region {
    var result = self
    result.formUnion(other)
    return result
  }

  /// The intersection of two regions.
  public func intersection(_ other: Region) -> Region {
    var result = self
    result.formIntersection(other)
    return result
  }

  public static func == (lhs: Region, rhs: Region) -> Bool {
    lhs.withPixmanRegion { a in rhs.withPixmanRegion { b in pixman_region32_equal(a, b) != 0 } }
  }

  /// `Region` and its rectangles.
  public var description: String { "Region\(rects)" }
}

extension PixelRect {
  /// Whether the two share a pixel.
  public func intersects(_ other: PixelRect) -> Bool {
    !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY
      && other.y < maxY
  }

  /// Whether `other` lies inside.
  fileprivate func contains(_ other: PixelRect) -> Bool {
    other.x >= x && other.maxX <= maxX && other.y >= y && other.maxY <= maxY
  }

  /// Whether the two sit edge to edge along a whole side, so that together they are one
  /// rectangle.
  fileprivate func joinsIntoOneRect(with other: PixelRect) -> Bool {
    (x == other.x && width == other.width && (maxY == other.y || other.maxY == y))
      || (y == other.y && height == other.height && (maxX == other.x || other.maxX == x))
  }

  /// Appends the parts of this rectangle outside `hole` (up to four: above, below, left,
  /// right), or the whole rectangle when they do not overlap.
  fileprivate func appendPieces(outside hole: PixelRect, to pieces: inout [PixelRect]) {
    guard intersects(hole) else { return pieces.append(self) }
    if hole.y > y { pieces.append(PixelRect(x: x, y: y, width: width, height: hole.y - y)) }
    if hole.maxY < maxY {
      pieces.append(PixelRect(x: x, y: hole.maxY, width: width, height: maxY - hole.maxY))
    }
    let top = Swift.max(y, hole.y)
    let bottom = Swift.min(maxY, hole.maxY)
    if hole.x > x {
      pieces.append(PixelRect(x: x, y: top, width: hole.x - x, height: bottom - top))
    }
    if hole.maxX < maxX {
      pieces.append(PixelRect(x: hole.maxX, y: top, width: maxX - hole.maxX, height: bottom - top))
    }
  }
}

extension PixelRect {
  init(_ box: pixman_box32_t) {
    self.init(
      x: Int(box.x1), y: Int(box.y1), width: Int(box.x2 - box.x1), height: Int(box.y2 - box.y1))
  }
}
