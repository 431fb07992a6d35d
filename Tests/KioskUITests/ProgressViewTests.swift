import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct ProgressViewTests {
  @Test func progressIsClampedAndFillsThatShareOfTheWidth() throws {
    let bar = ProgressView(frame: Rect(x: 0, y: 0, width: 200, height: 10))
    #expect(bar.progress == 0)
    bar.progress = 0.25
    #expect(bar.fillClip.frame == Rect(x: 0, y: 3, width: 50, height: 4))
    bar.progress = 7
    #expect(bar.progress == 1)
    bar.progress = -1
    #expect(bar.progress == 0)
    bar.progress = .nan
    #expect(bar.progress == 0)
    #expect(bar.sizeThatFits(.zero) == Size(width: 150, height: 4))
    #expect(bar.sizeThatFits(Size(width: 90, height: 40)) == Size(width: 90, height: 4))
  }

  @Test func setProgressAnimatedGrowsTheBarWithoutRedrawing() throws {
    let app = try TestApplication(pointSize: Size(width: 240, height: 40), scale: 2)
    let bar = ProgressView(progressViewStyle: .default)
    bar.frame = Rect(x: 20, y: 18, width: 200, height: 4)
    app.window.addSubview(bar)
    app.runUntilIdle()
    let draws = bar.fill.drawCount
    bar.setProgress(0.5, animated: true)
    app.advance(by: 0.1)
    let midway = bar.fillClip.layer.presented.bounds.width
    #expect(midway > 5 && midway < 95)
    app.advance(by: 0.3)
    #expect(bar.fillClip.layer.presented.bounds.width == 100)
    #expect(bar.fill.drawCount == draws)
    #expect(app.snapshot().pixel(x: 2 * 60, y: 2 * 20) == .defaultTint)
    #expect(app.snapshot().pixel(x: 2 * 180, y: 2 * 20) == ProgressView.defaultTrackColor)
  }

  @Test func tintsAndStyles() throws {
    let bar = ProgressView(progressViewStyle: .bar)
    #expect(bar.track.fillColor == .clear)
    #expect(bar.fill.shape == .roundedRect(cornerRadius: 0))
    bar.progressTintColor = .red
    bar.trackTintColor = .green
    #expect(bar.fill.fillColor == .red && bar.track.fillColor == .green)
    bar.progressViewStyle = .default
    bar.progressTintColor = nil
    bar.tintColor = .orange
    #expect(bar.fill.fillColor == .orange && bar.fill.shape == .capsule)
  }
}
