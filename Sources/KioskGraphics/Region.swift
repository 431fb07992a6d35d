internal import CPixman

/// A set of pixels made of rectangles: damage, clips, what opaque layers cover. A value type
/// over pixman's regions; copies share storage until one of them changes.
public struct Region: Equatable, @unchecked Sendable, CustomStringConvertible {
  /// Two pixman regions: the value, and a spare that binary operations write into before the
  /// two swap. pixman reuses a destination's rectangle memory when it is big enough but
  /// reallocates when a region is both operand and destination, so this keeps steady-state
  /// frames from allocating.
  final class Storage {
    var region: UnsafeMutablePointer<pixman_region32_t>
    var spare: UnsafeMutablePointer<pixman_region32_t>

    init() {
      region = .allocate(capacity: 1)
      spare = .allocate(capacity: 1)
      pixman_region32_init(region)
      pixman_region32_init(spare)
    }

    func copy() -> Storage {
      let result = Storage()
      pixman_region32_copy(result.region, region)
      return result
    }

    /// Runs `operation(destination: spare, source: region)`, then makes the result current.
    func replace(
      _ operation: (
        UnsafeMutablePointer<pixman_region32_t>, UnsafeMutablePointer<pixman_region32_t>
      )
        -> Void
    ) {
      operation(spare, region)
      swap(&region, &spare)
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

  private mutating func mutable() -> UnsafeMutablePointer<pixman_region32_t> {
    uniqueStorage().region
  }

  private mutating func uniqueStorage() -> Storage {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    return storage
  }

  var pointer: UnsafeMutablePointer<pixman_region32_t> { storage.region }

  /// Whether the region holds no pixel.
  public var isEmpty: Bool { pixman_region32_not_empty(storage.region) == 0 }

  /// The smallest rectangle containing the region.
  public var extents: PixelRect {
    guard !isEmpty else { return .zero }
    let box = storage.region.pointee.extents
    return PixelRect(box)
  }

  /// The number of pixels in the region.
  public var area: Int {
    var total = 0
    forEachRect { total += $0.area }
    return total
  }

  /// The rectangles the region is made of, in pixman's banded order.
  public var rects: [PixelRect] {
    var result: [PixelRect] = []
    forEachRect { result.append($0) }
    return result
  }

  /// How many rectangles the region is made of.
  public var rectCount: Int { Int(pixman_region32_n_rects(storage.region)) }

  /// Calls `body` with each rectangle of the region, without allocating.
  public func forEachRect(_ body: (PixelRect) -> Void) {
    var count: Int32 = 0
    guard let boxes = pixman_region32_rectangles(storage.region, &count) else { return }
    for i in 0..<Int(count) { body(PixelRect(boxes[i])) }
  }

  /// Adds a rectangle.
  public mutating func formUnion(_ rect: PixelRect) {
    guard !rect.isEmpty else { return }
    uniqueStorage().replace { destination, source in
      pixman_region32_union_rect(
        destination, source, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
    }
  }

  /// Adds another region.
  public mutating func formUnion(_ other: Region) {
    guard !other.isEmpty, other.storage !== storage else { return }
    let operand = other.storage.region
    uniqueStorage().replace { pixman_region32_union($0, $1, operand) }
  }

  /// Keeps only the pixels also in `rect`.
  public mutating func formIntersection(_ rect: PixelRect) {
    guard !rect.isEmpty else {
      pixman_region32_clear(mutable())
      return
    }
    uniqueStorage().replace { destination, source in
      pixman_region32_intersect_rect(
        destination, source, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
    }
  }

  /// Keeps only the pixels also in `other`.
  public mutating func formIntersection(_ other: Region) {
    guard other.storage !== storage else { return }
    let operand = other.storage.region
    uniqueStorage().replace { pixman_region32_intersect($0, $1, operand) }
  }

  /// Removes the pixels of `other`.
  public mutating func subtract(_ other: Region) {
    guard !other.isEmpty, !isEmpty else { return }
    guard other.storage !== storage else { return removeAll() }
    let operand = other.storage.region
    uniqueStorage().replace { pixman_region32_subtract($0, $1, operand) }
  }

  /// Removes the pixels of `rect`.
  public mutating func subtract(_ rect: PixelRect) {
    guard !rect.isEmpty, !isEmpty else { return }
    // A one-rectangle pixman region has no rectangle array: this allocates nothing.
    var operand = pixman_region32_t()
    pixman_region32_init_rect(
      &operand, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
    defer { pixman_region32_fini(&operand) }
    uniqueStorage().replace { pixman_region32_subtract($0, $1, &operand) }
  }

  /// Moves the region.
  public mutating func translate(dx: Int, dy: Int) {
    pixman_region32_translate(mutable(), Int32(dx), Int32(dy))
  }

  /// Empties the region, keeping its memory for reuse.
  public mutating func removeAll() {
    pixman_region32_clear(mutable())
  }

  /// Replaces the contents with those of `other`, reusing this region's memory.
  public mutating func set(_ other: Region) {
    pixman_region32_copy(mutable(), other.storage.region)
  }

  /// Whether `rect` lies entirely inside the region.
  public func contains(_ rect: PixelRect) -> Bool {
    guard !rect.isEmpty else { return true }
    var box = pixman_box32_t(
      x1: Int32(rect.x), y1: Int32(rect.y), x2: Int32(rect.maxX), y2: Int32(rect.maxY))
    return pixman_region32_contains_rectangle(storage.region, &box) == PIXMAN_REGION_IN
  }

  /// Whether the pixel at (`x`, `y`) is in the region.
  public func contains(x: Int, y: Int) -> Bool {
    pixman_region32_contains_point(storage.region, Int32(x), Int32(y), nil) != 0
  }

  /// Whether `rect` shares any pixel with the region.
  public func intersects(_ rect: PixelRect) -> Bool {
    guard !rect.isEmpty else { return false }
    var box = pixman_box32_t(
      x1: Int32(rect.x), y1: Int32(rect.y), x2: Int32(rect.maxX), y2: Int32(rect.maxY))
    return pixman_region32_contains_rectangle(storage.region, &box) != PIXMAN_REGION_OUT
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
    pixman_region32_equal(lhs.storage.region, rhs.storage.region) != 0
  }

  public var description: String { "Region\(rects)" }
}

extension PixelRect {
  init(_ box: pixman_box32_t) {
    self.init(
      x: Int(box.x1), y: Int(box.y1), width: Int(box.x2 - box.x1), height: Int(box.y2 - box.y1))
  }
}
