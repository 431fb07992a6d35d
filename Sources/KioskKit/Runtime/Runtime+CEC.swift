extension Runtime {
  /// Starts HDMI-CEC when `display.cec` is `auto` and the app shows on a display (DRM or
  /// fbdev, not the virtual framebuffer): its worker loads libcec and opens the first
  /// adapter, off the main actor. Nil: no CEC.
  func startCEC(onDisplay: Bool) -> CECController? {
    guard options.cec == .auto, onDisplay else { return nil }
    let controller = CECController(logger: logger) { () throws(CECError) -> any CECBus in
      try LibCECBus()
    }
    controller.start()
    return controller
  }
}
