import KioskGraphics
import KioskUI

extension LibinputSource {
  /// The touch id of the mouse's finger (touch ids of fingers are seat slots, 0 and up).
  static let pointerFinger = -1
  /// BTN_LEFT in linux/input-event-codes.h.
  static let leftButton: UInt32 = 0x110

  // MARK: Touch

  func touchDown(device: Int, id: Int, position: Point) {
    // A finger past the device's slots (a broken driver's) is dropped, and with it what it
    // does until it lifts: moves and lifts of fingers not in `fingers` are ignored.
    guard fingersDown[device, default: 0] < fingerLimit(of: device) else {
      droppedFingers[device, default: 0] += 1
      return
    }
    fingersDown[device, default: 0] += 1
    let screen = touchScreen(of: device)
    let location = screen.point(atPanelFraction: position)
    fingers[id] = (device, location)
    queue(TouchSample(id: id, phase: .began, location: location), on: screen)
    noteFirstUse(of: device, "touch at \(location.logDescription) pt")
  }

  func touchMoved(id: Int, position: Point) {
    guard let finger = fingers[id] else { return }
    let screen = touchScreen(of: finger.device)
    let location = screen.point(atPanelFraction: position)
    fingers[id] = (finger.device, location)
    queue(TouchSample(id: id, phase: .moved, location: location), on: screen)
  }

  func touchLifted(id: Int, phase: Touch.Phase) {
    guard let finger = fingers.removeValue(forKey: id) else { return }
    fingersDown[finger.device, default: 1] -= 1
    queue(
      TouchSample(id: id, phase: phase, location: finger.location),
      on: touchScreen(of: finger.device))
  }

  private func queue(_ sample: TouchSample, on screen: Screen) {
    if let pending = pendingScreen, pending !== screen { pendingSpansScreens = true }
    pendingScreen = pendingScreen ?? screen
    pendingTouches.append(sample)
    if pendingSpansScreens { pendingTouchScreens.append(screen) }
  }

  /// The most fingers `device` holds down at once: its slot count, or
  /// `TouchLimits.defaultDeviceFingers` when it does not say.
  func fingerLimit(of device: Int) -> Int {
    let count = devices[device]?.touchCount ?? 0
    return count > 0 ? count : TouchLimits.defaultDeviceFingers
  }

  /// A touch frame ended: its changes go to the app as one batch per screen. Fingers it
  /// dropped are logged, one line per device.
  func flushTouches() {
    for (device, count) in droppedFingers.sorted(by: { $0.key < $1.key }) {
      let name = devices[device]?.sysname ?? "device \(device)"
      let dropped = FingerLimit.droppedMessage(count, limit: fingerLimit(of: device), holder: "it")
      logger.warning("input: \(name): \(dropped)")
    }
    droppedFingers.removeAll(keepingCapacity: true)
    guard !pendingTouches.isEmpty, let first = pendingScreen else { return }
    if pendingSpansScreens {
      // Two screens' fingers in one frame (a seat with two touch panels): a batch each.
      // Samples queued before the frame spanned screens were all on the first.
      let screens =
        Array(repeating: first, count: pendingTouches.count - pendingTouchScreens.count)
        + pendingTouchScreens
      var order: [Screen] = []
      for screen in screens where !order.contains(where: { $0 === screen }) { order.append(screen) }
      for screen in order {
        let batch = zip(pendingTouches, screens).filter { $0.1 === screen }.map(\.0)
        touchHandler(batch, screen)
      }
    } else {
      // Handed over, then emptied with its storage kept: a touch frame allocates no array.
      touchHandler(pendingTouches, first)
    }
    pendingTouches.removeAll(keepingCapacity: true)
    pendingTouchScreens.removeAll(keepingCapacity: true)
    pendingScreen = nil
    pendingSpansScreens = false
  }

  /// A device went away: its fingers still down are cancelled (with whatever its unfinished
  /// frame held).
  func cancelTouches(of device: Int) {
    let ids = fingers.filter { $0.value.device == device }.keys.sorted()
    for id in ids { touchLifted(id: id, phase: .cancelled) }
    flushTouches()
  }

  // MARK: Pointer (a mouse is one finger)

  func pointerMoved(dx: Double, dy: Double) {
    // libinput's deltas are in pixels of a 1000 dpi mouse: move as many screen pixels.
    moveCursor(to: Point(x: cursor.x + dx / screen.scale, y: cursor.y + dy / screen.scale))
  }

  func pointerMoved(to position: Point) {
    moveCursor(to: screen.point(atPanelFraction: position))
  }

  private func moveCursor(to point: Point) {
    let bounds = screen.bounds
    let pixel = 1 / screen.scale
    let clamped = Point(
      x: min(max(point.x, bounds.minX), bounds.maxX - pixel),
      y: min(max(point.y, bounds.minY), bounds.maxY - pixel))
    guard clamped != cursor else { return }
    cursor = clamped
    guard pointerButtonDevice != nil else { return }
    touchHandler([TouchSample(id: Self.pointerFinger, phase: .moved, location: cursor)], screen)
  }

  func pointerButton(device: Int, button: UInt32, pressed: Bool) {
    guard button == Self.leftButton else { return }
    if pressed {
      guard pointerButtonDevice == nil else { return }
      pointerButtonDevice = device
      noteFirstUse(of: device, "click at \(cursor.logDescription) pt")
      touchHandler([TouchSample(id: Self.pointerFinger, phase: .began, location: cursor)], screen)
    } else {
      guard pointerButtonDevice == device else { return }
      pointerButtonDevice = nil
      touchHandler([TouchSample(id: Self.pointerFinger, phase: .ended, location: cursor)], screen)
    }
  }

  func cancelPointer(of device: Int) {
    guard pointerButtonDevice == device else { return }
    pointerButtonDevice = nil
    touchHandler(
      [TouchSample(id: Self.pointerFinger, phase: .cancelled, location: cursor)], screen)
  }
}
