import KioskLinux
import KioskUI
import KioskVirtual
import Logging

extension Runtime {
  /// The log handler for `--log-format`: journal lines (priority prefix, no timestamp)
  /// when asked, or on `auto` when standard error is the journal; else swift-log's.
  nonisolated static func makeLogHandler(
    label: String, level: Logger.Level, format: RuntimeOptions.LogFormat
  )
    -> LogHandler
  {
    let journal =
      switch format {
      case .journal: true
      case .plain: false
      case .auto: JournalLogHandler.standardErrorIsJournal()
      }
    if journal {
      // Entries with fields when standard error is the journal (under systemd).
      var handler = JournalLogHandler(
        label: label, native: JournalLogHandler.standardErrorIsJournal())
      handler.logLevel = level
      return handler
    }
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = level
    return handler
  }

  /// Opens the seat display and input devices come from (libseat, else direct `open()`),
  /// and makes it the one `KernelDRMDevice` and libinput open devices through.
  func openSeat() -> Seat {
    let seat = LibseatSeat.best(logger: logger)
    DeviceAccess.seat = seat
    return seat
  }

  /// Tells systemd READY=1 after the first frame reaches `output`, keeps STATUS= current
  /// (blanking, VT switches), pings the watchdog, and follows the seat's disable and enable
  /// with the DRM output and libinput.
  func startService(
    output: DisplayOutput, screen: Screen, others: [SecondaryScreen], blanker: IdleBlanker,
    seat: Seat?, input: LibinputSource?
  ) -> ServiceState {
    let notifier = SystemdNotifier(logger: logger)
    // The size is read each time: a display connected later may have another.
    let showing: @MainActor () -> String = {
      "showing \(output.name) \(output.pixelWidth)x\(output.pixelHeight)"
    }
    notifier.ready(
      afterFirstFrame: Self.framesPresented(on: output, screen: screen), status: showing)
    if let drm = output as? DRMOutput, !drm.isConnected {
      // No frame can reach a missing display; waiting for one would have systemd kill the
      // service at TimeoutStartSec, again and again, while the app itself runs fine.
      notifier.ready(status: "no display on \(drm.name) yet; waiting for one")
    }
    notifier.startWatchdog()
    blanker.changeHandler = { blanked in notifier.status(blanked ? "display off" : showing()) }
    var session: SeatSession?
    if let seat, !(seat is DirectSeat) {
      let seatSession = SeatSession(seat: seat, logger: logger)
      if let drm = output as? DRMOutput { seatSession.add(drm) }
      for case let drm as DRMOutput in others.map(\.output) { seatSession.add(drm) }
      if let input { seatSession.add(input) }
      seatSession.changeHandler = { enabled in
        KioskMetrics.shared.seatChanged(enabled: enabled)
        notifier.status(enabled ? showing() : "paused: the seat is disabled (another VT)")
      }
      session = seatSession
    }
    return ServiceState(notifier: notifier, session: session)
  }

  /// How many frames `output` has put on screen (composited frames for outputs that do not
  /// count).
  private static func framesPresented(on output: DisplayOutput, screen: Screen)
    -> @MainActor () -> Int
  {
    switch output {
    case let drm as DRMOutput: { drm.framesPresented }
    case let fbdev as FBDevOutput: { fbdev.framesPresented }
    case let virtual as VirtualOutput: { virtual.framesPresented }
    default: { screen.compositor.framesComposited }
    }
  }
}
