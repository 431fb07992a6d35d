import KioskGraphics

/// A touchscreen calibration matrix `[a b c; d e f]`, as libinput applies it to normalised
/// device coordinates: `x' = a·x + b·y + c`, `y' = d·x + e·y + f`. Written `"a b c d e f"`,
/// like udev's `LIBINPUT_CALIBRATION_MATRIX`.
///
/// ```
/// "0 1 0 -1 0 1"   // a digitizer mounted a quarter turn from its panel
/// ```
package struct TouchCalibration: Sendable, Equatable, CustomStringConvertible {
  /// The six coefficients `a b c d e f`.
  package var matrix: [Double]

  /// The matrix that changes nothing.
  package static let identity = TouchCalibration(unchecked: [1, 0, 0, 0, 1, 0])

  private init(unchecked matrix: [Double]) { self.matrix = matrix }

  /// Parses six finite numbers separated by spaces or commas, or returns `nil`.
  package init?(parsing text: String) {
    let fields = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
    let numbers = fields.compactMap { Double($0) }
    guard fields.count == 6, numbers.count == 6, numbers.allSatisfy(\.isFinite) else {
      return nil
    }
    matrix = numbers
  }

  /// Where a normalised point lands after calibration.
  package func apply(to point: Point) -> Point {
    Point(
      x: matrix[0] * point.x + matrix[1] * point.y + matrix[2],
      y: matrix[3] * point.x + matrix[4] * point.y + matrix[5])
  }

  package var description: String {
    matrix.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : String($0) }.joined(
      separator: " ")
  }
}
