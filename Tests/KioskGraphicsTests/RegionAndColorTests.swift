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
