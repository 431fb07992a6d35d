import Glibc

/// How a DRM output recovers from a failed call, by its errno; the buffers' contents are
/// forgotten in every case (the next frame is copied whole, so what reaches the screen
/// matches a run without the fault).
enum DRMFaultRecovery: Equatable {
  /// ENODEV: the card was removed; the output stops until it comes back.
  case cardRemoved
  /// The kernel refused the state, or DRM master went elsewhere: the next frame sets the
  /// mode again (`DRMOutputState.relight()`).
  case relight
  /// Transient (EBUSY, ENOMEM, EINTR, EAGAIN): the same commit may work next frame.
  case retry

  /// The recovery for `error` (an error that is no `DRMError` sets the mode again).
  init(_ error: any Error) {
    guard let error = error as? DRMError else {
      self = .relight
      return
    }
    switch error.code {
    case ENODEV:
      self = .cardRemoved
    case EACCES, EPERM:
      // DRM master went elsewhere (a VT switch whose seat event has not come yet, another
      // client). Taking it back here would steal the display from whoever has it: the
      // seat's enable does that (`seatEnabled`). Once commits work again, whoever held
      // the display may have changed the mode: set it again.
      self = .relight
    case EBUSY, ENOMEM, EINTR, EAGAIN:
      self = .retry
    default:
      // EINVAL, ENOSPC, ERANGE…: the kernel refused the state; start again from a modeset.
      self = .relight
    }
  }
}
