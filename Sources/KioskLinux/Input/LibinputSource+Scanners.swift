import KioskUI

/// A scanner plugged in: its own keyboard state (a scanner's Shift does not shift a
/// keyboard's keys, nor the other way round) and the scan it is making.
@MainActor
final class ScannerInput {
  let keyboard: XKBKeyboard?
  var gatherer: ScanGatherer
  /// Keys down that went to the app as typing (`Application.typesScansIntoFocusedField`),
  /// cancelled if the scanner goes away before their key-up.
  var typedKeysDown: Set<UInt32> = []

  init(keyboard: XKBKeyboard?, device: ScannerDevice) {
    self.keyboard = keyboard
    gatherer = ScanGatherer(device: device)
  }
}

extension LibinputSource {
  /// Makes a device a scanner: its keys are gathered into scans from now on.
  func addScanner(_ info: InputDeviceInfo) {
    // Keys it had down as a keyboard (a live change of `[input] scanners`) are cancelled.
    cancelKeys(of: info.id)
    var keyboard: XKBKeyboard?
    do {
      keyboard = try XKBKeyboard(layout: configuration.keyboardLayout)
    } catch {
      logger.error("input: scanner \(info.sysname): \(error); its scans will be empty")
    }
    let device = ScannerDevice(
      name: info.name, sysname: info.sysname, vendorID: info.vendorID, modelID: info.modelID)
    scanners[info.id] = ScannerInput(keyboard: keyboard, device: device)
  }

  /// A scanner went away (unplugged, or no longer matched): a scan it had not finished is
  /// dropped, never delivered: a code cut short may be another valid code (a shorter
  /// number, a truncated card), and the person scans again anyway. The drop is logged.
  func removeScanner(_ device: Int) {
    guard let scanner = scanners.removeValue(forKey: device) else { return }
    let dropped = scanner.gatherer.drop()
    if dropped > 0 {
      logger.warning(
        "input: scanner \(scanner.gatherer.device.sysname) \"\(scanner.gatherer.device.name)\" went away in the middle of a scan; its \(dropped) characters were dropped"
      )
    }
    if !scanner.typedKeysDown.isEmpty {
      pressHandler(
        scanner.typedKeysDown.sorted().map {
          PressSample(phase: .cancelled, key: Key(keyCode: Int($0), characters: ""))
        })
    }
    scheduleScanPause()
  }

  /// A key of a scanner: through the scanner's own keymap state into its scan (and to the
  /// focused responder too when the app asks for that). The gap before it is measured
  /// between the kernel's times of the keys (`time`; the run loop's clock when unknown), so
  /// keys that waited to be read while the main queue was busy make no pause.
  func scannerKey(device: Int, code: UInt32, pressed: Bool, time: Double? = nil) {
    guard let scanner = scanners[device] else { return }
    let now = Transaction.clock()
    let sent = SentTime(kernel: time ?? now, read: now)
    let key =
      scanner.keyboard?.handle(code: code, pressed: pressed)
      ?? Key(keyCode: Int(code), characters: "")
    if pressed {
      noteFirstUse(of: device, "key \(code) (scanner)")
      for scan in scanner.gatherer.keyDown(key, at: sent, gap: scanGap) { deliver(scan) }
    } else {
      scanner.gatherer.keyUp(at: sent)
    }
    if Application.shared.typesScansIntoFocusedField || !scanner.typedKeysDown.isEmpty {
      typeThrough(key, code: code, pressed: pressed, scanner: scanner)
    }
    scheduleScanPause()
  }

  /// Hands a scanner's key to the focused responder as a keyboard's, keeping a key-up with
  /// the key-down it belongs to.
  private func typeThrough(_ key: Key, code: UInt32, pressed: Bool, scanner: ScannerInput) {
    if pressed {
      guard Application.shared.typesScansIntoFocusedField,
        scanner.typedKeysDown.insert(code).inserted
      else { return }
    } else {
      guard scanner.typedKeysDown.remove(code) != nil else { return }
    }
    pressHandler([PressSample(phase: pressed ? .began : .ended, key: key)])
  }

  private func deliver(_ scan: Scan) {
    let ending = scan.ending == .returnKey ? "Return" : "a pause"
    logger.info(
      "input: scan of \(scan.text.count) characters from \(scan.device.sysname), ended by \(ending)"
    )
    scanHandler(scan)
  }

  /// Ends the scans whose pause has come, then waits for the next deadline. Keys libinput
  /// holds are read first: keys that waited to be read while the main queue was busy
  /// continue their scan (their kernel times show no gap) and move the deadline on.
  func endScansAfterPause() {
    processEvents()
    let now = Transaction.clock()
    for id in scanners.keys.sorted() {
      guard let scanner = scanners[id] else { continue }
      if let scan = scanner.gatherer.endAfterPause(now: now, gap: scanGap) { deliver(scan) }
    }
    scheduleScanPause()
  }

  /// Arms `scanPause` for the earliest scan deadline, or cancels it when no scan is going on.
  func scheduleScanPause() {
    let deadline = scanners.values.compactMap { $0.gatherer.pauseDeadline(gap: scanGap) }.min()
    guard let deadline else {
      scanPause?.cancel()
      scanPause = nil
      return
    }
    scanPause?.cancel()
    scanPause = ScheduledAction.after(deadline - Transaction.clock()) { [weak self] in
      self?.endScansAfterPause()
    }
  }

  /// Takes a new `[input] scanners` and `scan-gap` (a configuration reload): devices now
  /// matched become scanners, devices no longer matched become keyboards again (a scan
  /// they had going on is dropped, as when unplugged).
  package func updateScanners(_ matches: [ScannerMatch], gap: Double) {
    scannerMatches = matches
    scanGap = gap
    for id in devices.keys.sorted() {
      guard let info = devices[id] else { continue }
      let matched = matches.contains { $0.matches(info) }
      if matched, scanners[id] == nil {
        addScanner(info)
        logger.info("input: \(info.sysname) \"\(info.name)\" is a scanner now")
      } else if !matched, scanners[id] != nil {
        removeScanner(id)
        logger.info("input: \(info.sysname) \"\(info.name)\" is a keyboard again")
      }
    }
    updateHardwareKeyboard()
    scheduleScanPause()
  }
}
