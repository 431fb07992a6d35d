import FoundationEssentials
import Glibc
import KioskKit

/// Custom drawing with draw(_:): a gauge and a bar chart, drawn once and cached.
@MainActor
final class DrawingPage: DemoPage {
  override var title: String { "Custom drawing" }
  private let gauge = GaugeView(frame: .zero)
  private let chart = BarChartView(frame: .zero)

  override init(frame: Rect) {
    super.init(frame: frame)
    addSubview(gauge)
    addSubview(chart)
  }

  override func layoutSubviews() {
    let side = min(bounds.height - 40, bounds.width / 2 - 40)
    gauge.frame = Rect(x: 20, y: 20, width: side, height: side)
    chart.frame = Rect(
      x: bounds.width / 2, y: 20, width: bounds.width / 2 - 20, height: bounds.height - 40)
  }
}

/// A round gauge: a track, a gradient-filled arc up to `value`, a needle and a caption.
@MainActor
final class GaugeView: View {
  var value = 0.72 {
    didSet { setNeedsDisplay() }
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    let center = Point(x: bounds.midX, y: bounds.midY)
    let radius = min(bounds.width, bounds.height) / 2 - 16
    let start = Double.pi * 0.75
    let sweep = Double.pi * 1.5
    context.setFillColor(.white)
    context.addRoundedRect(bounds, cornerRadius: 24)
    context.fillPath()
    context.setLineWidth(18)
    context.setLineCap(.round)
    context.setStrokeColor(Color(hex: 0xe5e5ea))
    context.addArc(
      center: center, radius: radius - 10, startAngle: start, endAngle: start + sweep,
      clockwise: true)
    context.strokePath()
    context.saveGState()
    context.addArc(
      center: center, radius: radius - 10, startAngle: start, endAngle: start + sweep * value,
      clockwise: true)
    context.setStrokeColor(Color(hex: 0xff9500))
    context.strokePath()
    context.restoreGState()
    let angle = start + sweep * value
    context.setStrokeColor(Color(hex: 0x1c1c1e))
    context.setLineWidth(4)
    context.move(to: center)
    context.addLine(
      to: Point(x: center.x + cos(angle) * (radius - 36), y: center.y + sin(angle) * (radius - 36)))
    context.strokePath()
    context.setFillColor(Color(hex: 0x1c1c1e))
    context.fillEllipse(in: Rect(x: center.x - 8, y: center.y - 8, width: 16, height: 16))
    let caption = TextLayout(
      text: "\(Int(value * 100)) %", font: .boldSystemFont(ofSize: 28), color: Color(hex: 0x1c1c1e),
      alignment: .center, width: bounds.width)
    context.draw(caption, at: Point(x: bounds.minX, y: center.y + radius * 0.35))
  }
}

/// Bars with a vertical gradient, rounded tops and value labels.
@MainActor
final class BarChartView: View {
  private let values = [0.35, 0.6, 0.45, 0.8, 0.95, 0.7, 0.5]
  private let days = ["Пн", "Вт", "Ср", "Чт", "Пт", "六", "日"]

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    context.setFillColor(.white)
    context.addRoundedRect(bounds, cornerRadius: 24)
    context.fillPath()
    let plot = bounds.insetBy(dx: 24, dy: 28)
    let slot = plot.width / Double(values.count)
    context.setStrokeColor(Color(hex: 0xe5e5ea))
    context.setLineWidth(1)
    for step in 0...4 {
      let y = plot.maxY - 24 - (plot.height - 24) * Double(step) / 4
      context.move(to: Point(x: plot.minX, y: y))
      context.addLine(to: Point(x: plot.maxX, y: y))
    }
    context.strokePath()
    for (index, value) in values.enumerated() {
      let height = (plot.height - 24) * value
      let bar = Rect(
        x: plot.minX + Double(index) * slot + slot * 0.2, y: plot.maxY - 24 - height,
        width: slot * 0.6, height: height)
      context.saveGState()
      context.addRoundedRect(bar, cornerRadius: 6)
      context.clip()
      context.drawLinearGradient(
        Gradient(colors: [Color(hex: 0x5ac8fa), Color(hex: 0x5856d6)]),
        start: Point(x: 0, y: bar.minY), end: Point(x: 0, y: bar.maxY))
      context.restoreGState()
      let day = TextLayout(
        text: days[index], font: .systemFont(ofSize: 14), color: .systemGray, alignment: .center,
        width: slot)
      context.draw(day, at: Point(x: plot.minX + Double(index) * slot, y: plot.maxY - 18))
    }
  }
}
