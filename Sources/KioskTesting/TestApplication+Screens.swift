import KioskGraphics
import KioskUI
import KioskVirtual

extension TestApplication {
  /// Connects another screen of `pointSize` at `scale`, on a virtual panel of its own
  /// (`virtual-1`, `virtual-2`…, refreshing `refreshRate` times a second) driven by the same
  /// clock, as a second display plugged in. It joins `Screen.screens`; `announce` posts
  /// `Screen.DidConnectMessage`, as for a display connected while the app runs.
  ///
  /// ```swift
  /// let (customer, panel) = try app.connectScreen(pointSize: Size(width: 800, height: 480))
  /// let window = Window(screen: customer)
  /// window.isHidden = false
  /// #expect(app.snapshot(of: panel).pixel(x: 1, y: 1) == .white)
  /// ```
  @discardableResult
  public func connectScreen(
    pointSize: Size, scale: Double = 1, rotation: Rotation = .degrees0,
    refreshRate: Double = 60, announce: Bool = true
  ) throws -> (screen: Screen, output: VirtualOutput) {
    let screen = Screen(pointSize: pointSize, scale: scale, rotation: rotation)
    let native = screen.nativeBounds
    let output = try VirtualOutput(
      name: "virtual-\(loop.outputs.count)", pixelWidth: Int(native.width),
      pixelHeight: Int(native.height), refreshRate: refreshRate)
    loop.outputs.append(output)
    screen.attach(output)
    screen.connect(announce: announce)
    return (screen, output)
  }

  /// The display of `screen` goes away: its panel shows nothing more, it leaves
  /// `Screen.screens`, and `Screen.DidDisconnectMessage` is posted.
  public func disconnectScreen(_ screen: Screen) {
    if let output = screen.output as? VirtualOutput {
      output.isActive = false
      loop.outputs.removeAll { $0 === output }
    }
    screen.detachOutput()
    screen.disconnect()
  }

  /// The pixels `output` shows now (after running everything pending).
  public func snapshot(of output: VirtualOutput) -> Bitmap {
    runUntilIdle()
    guard let buffer = output.frontBuffer, let copy = try? buffer.copy() else {
      return Bitmap(width: output.pixelWidth, height: output.pixelHeight)
    }
    return Bitmap(buffer: copy)
  }
}
