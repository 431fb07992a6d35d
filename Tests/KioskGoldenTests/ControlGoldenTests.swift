import Glibc
import KioskKit
import KioskTesting
import Testing

/// The built-in controls' looks, compared with reference PNGs in Goldens/.
@MainActor
struct ControlGoldenTests {
  /// Buttons normal, highlighted (a finger is down on it), disabled and selected; a custom
  /// button with an image; switches off and on; a slider at 0.3.
  @Test func buttonsSwitchesAndSlider() throws {
    let app = try TestApplication(pointSize: Size(width: 360, height: 240), scale: 2)
    app.window.backgroundColor = Color(hex: 0xf2f2f7)
    let titles = ["Normal", "Pressed", "Disabled", "Selected"]
    var buttons: [Button] = []
    for (index, title) in titles.enumerated() {
      let button = Button(type: .system)
      button.setTitle(title, for: .normal)
      button.frame = Rect(
        x: 12 + Double(index % 2) * 174, y: 12 + Double(index / 2) * 56, width: 162, height: 44)
      app.window.addSubview(button)
      buttons.append(button)
    }
    buttons[2].isEnabled = false
    buttons[3].isSelected = true

    let custom = Button(type: .custom)
    custom.setImage(try Self.starImage(), for: .normal)
    custom.setTitle("Custom", for: .normal)
    custom.setTitleColor(Color(hex: 0x1c1c1e), for: .normal)
    custom.frame = Rect(x: 12, y: 124, width: 162, height: 44)
    app.window.addSubview(custom)

    let off = Switch(frame: Rect(x: 200, y: 130, width: 0, height: 0))
    let on = Switch(frame: Rect(x: 270, y: 130, width: 0, height: 0))
    on.isOn = true
    app.window.addSubview(off)
    app.window.addSubview(on)

    let slider = Slider(frame: Rect(x: 12, y: 190, width: 336, height: 31))
    slider.value = 0.3
    app.window.addSubview(slider)

    app.touch(.began, at: Point(x: 200 + 60, y: 12 + 22))  // holds "Pressed" down
    #expect(buttons[1].isHighlighted)
    try assertSnapshot(of: app, named: "controls")
  }

  private static func starImage() throws -> Image {
    try Image.render(size: Size(width: 22, height: 22), scale: 2) { context in
      context.setFillColor(Color(hex: 0xff9500))
      context.beginPath()
      for index in 0..<10 {
        let angle = Double(index) * .pi / 5 - .pi / 2
        let radius = index % 2 == 0 ? 11.0 : 4.5
        let point = Point(x: 11 + radius * cos(angle), y: 11 + radius * sin(angle))
        if index == 0 { context.move(to: point) } else { context.addLine(to: point) }
      }
      context.closePath()
      context.fillPath()
    }
  }
}
