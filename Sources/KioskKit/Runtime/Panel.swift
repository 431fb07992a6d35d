import KioskUI

/// A display the runtime drives, whichever backend opened it.
@MainActor
struct Panel {
  /// Where frames go.
  let output: DisplayOutput
  /// Lets go of the display on exit (stops its timers, gives the screen back).
  let shutDown: @MainActor () -> Void
}
