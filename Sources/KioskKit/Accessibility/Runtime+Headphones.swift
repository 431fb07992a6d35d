import KioskLinux

extension Runtime {
  /// Finds the sound card's headphone switch and reports its state, now and on each
  /// change, to `accessibility`; nil (logged) when there is none.
  func startHeadphoneSwitch(for accessibility: AccessibilityService) -> HeadphoneSwitch? {
    guard let path = HeadphoneSwitch.find() else {
      logger.info("accessibility: no headphone switch found")
      return nil
    }
    do {
      let headphones = try HeadphoneSwitch(path: path) { [weak accessibility] plugged in
        accessibility?.headsetChanged(plugged: plugged)
      }
      logger.info("accessibility: headphone switch \(path)")
      accessibility.headsetChanged(plugged: headphones.isPlugged)
      headphones.start()
      return headphones
    } catch {
      logger.warning("accessibility: headphone switch not read: \(error)")
      return nil
    }
  }
}
