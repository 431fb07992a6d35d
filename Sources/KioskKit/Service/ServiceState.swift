import KioskLinux

/// What keeps the service side of the runtime alive while the app runs: systemd's
/// notifications and the seat's VT-switch handling.
@MainActor
final class ServiceState {
  let notifier: SystemdNotifier
  let session: SeatSession?

  init(notifier: SystemdNotifier, session: SeatSession?) {
    self.notifier = notifier
    self.session = session
  }
}
