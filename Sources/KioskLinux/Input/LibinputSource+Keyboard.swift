import KioskUI

extension LibinputSource {
  func key(device: Int, code: UInt32, pressed: Bool, time: Double? = nil) {
    if scanners[device] != nil {
      scannerKey(device: device, code: code, pressed: pressed, time: time)
      return
    }
    if pressed {
      // A key already down on another keyboard: the state counts it once.
      guard keysDown[code] == nil else { return }
      keysDown[code] = device
    } else {
      guard keysDown.removeValue(forKey: code) != nil else { return }
    }
    let key = describe(code: code, pressed: pressed)
    if pressed { noteFirstUse(of: device, "key \(code)") }
    pressHandler([PressSample(phase: pressed ? .began : .ended, key: key)])
  }

  /// A keyboard went away: its keys still down are released and their presses cancelled.
  func cancelKeys(of device: Int) {
    let codes = keysDown.filter { $0.value == device }.keys.sorted()
    guard !codes.isEmpty else { return }
    var samples: [PressSample] = []
    for code in codes {
      keysDown[code] = nil
      samples.append(PressSample(phase: .cancelled, key: describe(code: code, pressed: false)))
    }
    pressHandler(samples)
  }

  private func describe(code: UInt32, pressed: Bool) -> Key {
    keyboard?.handle(code: code, pressed: pressed)
      ?? Key(keyCode: Int(code), characters: "")
  }
}
