import KioskGraphics

extension GraphicsContext {
  /// A key cap of the keyboard's look in `rect`: a rounded shape in `color` over a grey
  /// shadow one point lower (keys, the preview bubble, the alternates).
  func fillKeyCap(in rect: Rect, cornerRadius: Double, color: Color) {
    setFillColor(Color(hex: 0x898a8d))
    beginPath()
    addRoundedRect(
      Rect(x: rect.minX, y: rect.minY + 1, width: rect.width, height: rect.height - 1),
      cornerRadius: cornerRadius)
    fillPath()
    setFillColor(color)
    beginPath()
    addRoundedRect(
      Rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height - 1),
      cornerRadius: cornerRadius)
    fillPath()
  }
}
