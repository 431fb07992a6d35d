import Testing

@testable import KioskGraphics

@Suite struct RegionTests {
  @Test func unionCountsOverlapOnce() {
    var region = Region(PixelRect(x: 0, y: 0, width: 10, height: 10))
    region.formUnion(PixelRect(x: 5, y: 5, width: 10, height: 10))
    #expect(region.area == 175)
    #expect(region.extents == PixelRect(x: 0, y: 0, width: 15, height: 15))
    #expect(region.contains(x: 12, y: 12) && !region.contains(x: 12, y: 2))
  }

  @Test func subtractAndIntersect() {
    var region = Region(PixelRect(x: 0, y: 0, width: 10, height: 10))
    region.subtract(PixelRect(x: 0, y: 0, width: 5, height: 10))
    #expect(region == Region(PixelRect(x: 5, y: 0, width: 5, height: 10)))
    region.formIntersection(PixelRect(x: 0, y: 0, width: 7, height: 2))
    #expect(region.rects == [PixelRect(x: 5, y: 0, width: 2, height: 2)])
    region.subtract(PixelRect(x: 0, y: 0, width: 100, height: 100))
    #expect(region.isEmpty)
  }

  @Test func copiesAreIndependent() {
    let a = Region(PixelRect(x: 0, y: 0, width: 4, height: 4))
    var b = a
    b.translate(dx: 10, dy: 0)
    #expect(a.extents == PixelRect(x: 0, y: 0, width: 4, height: 4))
    #expect(b.extents == PixelRect(x: 10, y: 0, width: 4, height: 4))
    #expect(a.contains(PixelRect(x: 1, y: 1, width: 2, height: 2)))
    #expect(!a.intersects(PixelRect(x: 4, y: 0, width: 2, height: 2)))
  }
}

/// Regions of a few rectangles are kept as a list of disjoint rectangles and larger ones by
/// pixman: random operations on both kinds must cover exactly the pixels a grid says.
@Suite struct RegionAgainstPixelGridTests {
  /// Every rectangle the test makes lies inside this square.
  static let side = 64

  struct Grid {
    var cells = [Bool](repeating: false, count: side * side)
    mutating func set(_ rect: PixelRect, _ value: Bool) {
      for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX { cells[y * side + x] = value }
      }
    }
    mutating func keep(_ rect: PixelRect) {
      for y in 0..<side {
        for x in 0..<side where !(x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY) {
          cells[y * side + x] = false
        }
      }
    }
    var area: Int { cells.filter { $0 }.count }
  }

  /// A small deterministic generator (the test must fail the same way every run).
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    mutating func rect() -> PixelRect {
      PixelRect(x: next(44), y: next(44), width: 1 + next(20), height: 1 + next(20))
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
  func randomOperationsMatchTheGrid(seed: Int) {
    var random = Generator(state: UInt64(seed))
    var region = Region()
    var grid = Grid()
    for step in 0..<200 {
      let rect = random.rect()
      switch random.next(10) {
      case 0..<6:
        region.formUnion(rect)
        grid.set(rect, true)
      case 6, 7:
        region.subtract(rect)
        grid.set(rect, false)
      case 8:
        let limit = PixelRect(x: random.next(8), y: random.next(8), width: 40, height: 40)
        region.formIntersection(limit)
        grid.keep(limit)
      default:
        var other = Region()
        other.formUnion(rect)
        other.formUnion(random.rect())
        region.formUnion(other)
        other.forEachRect { grid.set($0, true) }
      }
      #expect(region.area == grid.area, "step \(step)")
      #expect(gridOf(region).cells == grid.cells, "step \(step)")
      var copy = Region()
      copy.set(region)
      #expect(copy == region)
      #expect(Region(rects: region.rects) == region)
      if step % 50 == 49 {
        region.removeAll()
        grid = Grid()
        #expect(region.isEmpty)
      }
    }
  }

  /// The pixels a region covers, counting every rectangle `forEachRect` gives (overlapping
  /// rectangles would count twice and fail the area check).
  func gridOf(_ region: Region) -> Grid {
    var grid = Grid()
    region.forEachRect { grid.set($0, true) }
    for y in 0..<Self.side {
      for x in 0..<Self.side {
        #expect(grid.cells[y * Self.side + x] == region.contains(x: x, y: y))
      }
    }
    return grid
  }

  @Test func fewRectanglesStayDisjointAndJoin() {
    var region = Region(PixelRect(x: 0, y: 0, width: 10, height: 10))
    region.formUnion(PixelRect(x: 5, y: 5, width: 10, height: 10))
    #expect(region.area == 175)
    region.formUnion(PixelRect(x: 0, y: 0, width: 15, height: 15))
    #expect(region.rectCount == 1 && region.area == 225)
    region.formUnion(PixelRect(x: 15, y: 0, width: 5, height: 15))
    #expect(region.rectCount == 1, "side by side, they are one rectangle")
    #expect(region.contains(PixelRect(x: 2, y: 2, width: 18, height: 13)))
    #expect(!region.contains(PixelRect(x: 2, y: 2, width: 19, height: 13)))
  }

  @Test func manyRectanglesGoToPixmanAndBack() {
    var region = Region()
    for i in 0..<40 { region.formUnion(PixelRect(x: i * 3, y: i % 2 * 5, width: 2, height: 2)) }
    #expect(region.area == 160)
    region.removeAll()
    region.formUnion(PixelRect(x: 0, y: 0, width: 4, height: 4))
    #expect(region.area == 16 && region.rectCount == 1)
  }
}

@Suite struct ColorTests {
  @Test func opaqueColoursSurvivePremultiplication() {
    for hex: UInt32 in [0x000000, 0xffffff, 0x007aff, 0x123456, 0xfedcba] {
      let c = Color(hex: hex)
      #expect(c.premultipliedARGB32 == 0xff00_0000 | hex)
      #expect(Color(premultipliedARGB32: c.premultipliedARGB32) == c)
    }
  }

  @Test func translucentColoursRoundTripWithinOneStep() {
    let c = Color(red: 1, green: 0.5, blue: 0.2, alpha: 0.5)
    #expect(c.premultipliedARGB32 == 0x8080_401a)
    let back = Color(premultipliedARGB32: c.premultipliedARGB32)
    #expect(abs(back.red - c.red) < 1.0 / 128 && abs(back.green - c.green) < 1.0 / 128)
    #expect(abs(back.alpha - c.alpha) < 1.0 / 255)
    #expect(Color(premultipliedARGB32: 0) == .clear)
  }

  @Test func hexStrings() {
    #expect(Color(hexString: "#007aff") == .systemBlue)
    #expect(Color(hexString: "ff000080")?.alpha == 128.0 / 255)
    #expect(Color(hexString: "#12345") == nil)
  }
}
