import Foundation
import Testing

@testable import KioskGraphics

/// The shadow blur (three box blurs each way) against the Gaussian it stands for.
struct ShadowBlurTests {
  /// An opaque half-plane (far from the other edges) blurred with σ = 6 pixels: across the edge, the alpha follows
  /// the Gaussian's profile (½·erfc) to within 2% of full opacity.
  @Test func blurFollowsTheGaussianProfile() throws {
    let sigma = 6.0
    let buffer = try PixelBuffer(width: 200, height: 80)
    buffer.fill(.white, in: PixelRect(x: 0, y: 0, width: 100, height: 80))
    buffer.makeShadow(sigma: sigma, color: .black)
    var worst = 0.0
    for x in 60..<140 {
      let alpha = Double(buffer.rawPixel(x: x, y: 40) >> 24) / 255
      let expected = 0.5 * erfc((Double(x) + 0.5 - 100) / (sigma * 2.0.squareRoot()))
      worst = max(worst, abs(alpha - expected))
    }
    #expect(worst < 0.02, "largest difference \(worst)")
    print("shadow blur: largest difference from the Gaussian \(worst)")
    // The colour is the shadow colour, premultiplied.
    #expect(buffer.rawPixel(x: 50, y: 40) == 0xff00_0000)
  }

  /// σ maps to three boxes whose variance is nearest σ².
  @Test func boxRadiiMatchTheVariance() {
    #expect(PixelBuffer.boxRadii(sigma: 0) == [0, 0, 0])
    for sigma in [1.0, 3, 6, 10, 20] {
      let variance = PixelBuffer.boxRadii(sigma: sigma).reduce(0.0) {
        $0 + (pow(Double(2 * $1 + 1), 2) - 1) / 12
      }
      #expect(abs(variance - sigma * sigma) <= 2 * sigma + 1, "σ \(sigma): variance \(variance)")
    }
  }
}
