import FoundationEssentials

extension PixelBuffer {
  /// Turns what is drawn in this ARGB buffer into its shadow: the alpha channel blurred
  /// with a Gaussian of standard deviation `sigma` pixels (approximated by three box blurs
  /// each way, within a few percent of the Gaussian), filled with `color`. The buffer
  /// needs a margin of about 3·`sigma` transparent pixels for the blur to spread into.
  package func makeShadow(sigma: Double, color: Color) {
    guard format == .argb8888, width > 0, height > 0 else { return }
    var alpha = [Float](repeating: 0, count: width * height)
    let rowPixels = stride / 4
    let pixels = baseAddress.assumingMemoryBound(to: UInt32.self)
    for y in 0..<height {
      for x in 0..<width { alpha[y * width + x] = Float(pixels[y * rowPixels + x] >> 24) }
    }
    let radii = Self.boxRadii(sigma: sigma)
    if radii.contains(where: { $0 > 0 }) {
      var line = [Float](repeating: 0, count: max(width, height))
      alpha.withUnsafeMutableBufferPointer { a in
        line.withUnsafeMutableBufferPointer { scratch in
          guard let base = a.baseAddress else { return }
          for radius in radii where radius > 0 {
            for y in 0..<height {
              Self.boxBlur(base + y * width, step: 1, count: width, radius: radius, scratch)
            }
            for x in 0..<width {
              Self.boxBlur(base + x, step: width, count: height, radius: radius, scratch)
            }
          }
        }
      }
    }
    let opacity = Float(color.alpha)
    let (r, g, b) = (Float(color.red), Float(color.green), Float(color.blue))
    for y in 0..<height {
      for x in 0..<width {
        let a = min(max(alpha[y * width + x] * opacity, 0), 255)
        let argb =
          UInt32(a.rounded()) << 24 | UInt32((a * r).rounded()) << 16
          | UInt32((a * g).rounded()) << 8 | UInt32((a * b).rounded())
        pixels[y * rowPixels + x] = argb
      }
    }
  }

  /// The radii of three box blurs that together approximate a Gaussian of `sigma`: of two
  /// neighbouring odd widths, as many of the smaller as make the variance (the sum of
  /// each box's ((2r+1)² − 1)/12) nearest σ².
  static func boxRadii(sigma: Double) -> [Int] {
    guard sigma.isFinite, sigma > 0 else { return [0, 0, 0] }
    let passes = 3.0
    var lower = Int((12 * sigma * sigma / passes + 1).squareRoot().rounded(.down))
    if lower % 2 == 0 { lower -= 1 }
    let wl = Double(lower)
    let smaller = Int(
      ((12 * sigma * sigma - passes * wl * wl - 4 * passes * wl - 3 * passes) / (-4 * wl - 4))
        .rounded())
    return (0..<3).map { $0 < smaller ? (lower - 1) / 2 : (lower + 1) / 2 }
  }

  /// One box blur of a line of `count` values `step` apart; beyond the ends counts as 0.
  private static func boxBlur(
    _ values: UnsafeMutablePointer<Float>, step: Int, count: Int, radius: Int,
    _ scratch: UnsafeMutableBufferPointer<Float>
  ) {
    for i in 0..<count { scratch[i] = values[i * step] }
    let scale = 1 / Float(2 * radius + 1)
    var sum: Float = 0
    for i in 0..<min(radius, count) { sum += scratch[i] }
    for i in 0..<count {
      if i + radius < count { sum += scratch[i + radius] }
      if i - radius - 1 >= 0 { sum -= scratch[i - radius - 1] }
      values[i * step] = sum * scale
    }
  }
}
