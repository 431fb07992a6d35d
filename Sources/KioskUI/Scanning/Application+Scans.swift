extension Application {
  /// Called on the main actor with each scan a barcode or card reader makes (the devices
  /// matched by `[input] scanners`), after `lastScan` is set and before the scan reaches
  /// the `scans` streams. `nil`, the default: scans reach only the streams and `lastScan`.
  ///
  /// UIKit has no such handler: on iOS a keyboard-emulating scanner types into the focused
  /// field, or is lost when none is. KioskKit gathers a scanner's keys into a ``Scan``
  /// instead and never types them, unless `typesScansIntoFocusedField` asks for that.
  ///
  /// ```swift
  /// Application.shared.scanHandler = { scan in
  ///   checkIn(ticket: scan.text)
  /// }
  /// ```
  public var scanHandler: (@MainActor (Scan) -> Void)? {
    get { scanDelivery.handler }
    set { scanDelivery.handler = newValue }
  }

  /// The scans made from now on, as an asynchronous sequence: each access makes a new
  /// stream, which gets every scan after it was made, and ends when the task iterating it is
  /// cancelled. A stream keeps at most the newest 64 scans its reader has not taken yet.
  ///
  /// ```swift
  /// Task {
  ///   for await scan in Application.shared.scans { await lookUp(scan.text) }
  /// }
  /// ```
  public var scans: AsyncStream<Scan> {
    scanDelivery.makeStream()
  }

  /// The most recent scan, if any was made since the app started.
  public var lastScan: Scan? { scanDelivery.lastScan }

  /// Whether a scanner's keys also go to the focused responder as a keyboard's do (typing
  /// into the focused text field); `false`, the default, delivers scans only to
  /// `scanHandler` and `scans`. Scans are delivered either way.
  public var typesScansIntoFocusedField: Bool {
    get { scanDelivery.typesIntoFocusedField }
    set { scanDelivery.typesIntoFocusedField = newValue }
  }

  /// Hands a finished scan to the app: input backends and tests call this. It counts as
  /// activity (the idle timeout starts again and a blanked display wakes), but unlike a
  /// touch it is never swallowed by the waking: the code was read either way.
  public func sendScan(_ scan: Scan) {
    if inactivityTimer.noteActivity() { inactivityTimer.dismissWarning() }
    _ = noteUserActivity()
    scanDelivery.deliver(scan)
  }
}

/// The application's scan routing: the handler, the open streams, the last scan.
@MainActor
final class ScanDelivery {
  var handler: (@MainActor (Scan) -> Void)?
  var typesIntoFocusedField = false
  private(set) var lastScan: Scan?
  private var continuations: [Int: AsyncStream<Scan>.Continuation] = [:]
  private var nextStream = 0

  /// How many scans a stream keeps for a reader that has not taken them.
  static let streamBuffer = 64

  func makeStream() -> AsyncStream<Scan> {
    let id = nextStream
    nextStream += 1
    let (stream, continuation) = AsyncStream.makeStream(
      of: Scan.self, bufferingPolicy: .bufferingNewest(Self.streamBuffer))
    continuations[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.continuations[id] = nil }
    }
    return stream
  }

  /// How many streams are open (tests check that ended ones are let go).
  var streamCount: Int { continuations.count }

  func deliver(_ scan: Scan) {
    lastScan = scan
    handler?(scan)
    for id in continuations.keys.sorted() { continuations[id]?.yield(scan) }
  }
}
