import KioskBase
import Logging

/// Drives the TV over HDMI-CEC from a thread of its own: the main actor only asks for
/// standby or wake (`request`), which never waits, and reads `report`, a snapshot.
///
/// The worker opens the first adapter it finds when it starts and again at the next request
/// after the adapter went away (libcec's connection-lost alert, or a command that failed
/// with the adapter gone): nothing polls. Each kind of problem (libcec missing, no adapter,
/// an adapter that does not open, a TV that does not acknowledge) is logged once until
/// CEC works again; the display's own blanking (DPMS) goes on regardless.
final class CECController: @unchecked Sendable {
  /// What the TV is asked to do.
  enum Power: Sendable, Equatable {
    /// Standby (the display was blanked).
    case standby
    /// Power on and switch to this panel's input (the display was unblanked).
    case on
  }

  /// The logical address of the TV on every CEC bus.
  static let tvAddress = 0

  private let condition = Condition()
  private let logger: Logger
  private let makeBus: @Sendable () throws(CECError) -> any CECBus
  /// Told on the worker thread after each change of the report (the metrics).
  private let changeHandler: (@Sendable (CECReport) -> Void)?
  // Guarded by `condition`:
  private var pending: [Power] = []
  private var isWorking = false
  private var isStopping = false
  private var snapshot = CECReport(state: .opening)
  // The worker's own:
  private var bus: (any CECBus)?
  private var loggedProblem: Int?
  private var libraryIsMissing = false

  /// `makeBus` gives the bus (libcec's: `LibCECBus.load`), or throws when it cannot.
  init(
    logger: Logger, changeHandler: (@Sendable (CECReport) -> Void)? = nil,
    makeBus: @escaping @Sendable () throws(CECError) -> any CECBus
  ) {
    self.logger = logger
    self.changeHandler = changeHandler
    self.makeBus = makeBus
  }

  /// Starts the worker, which opens an adapter at once.
  func start() {
    let started = startThread(name: "kiosk-cec") { [self] in run() }
    if !started { logger.error("cec: cannot start its thread; HDMI-CEC is off") }
  }

  /// Stops the worker after the command it is sending; it closes the adapter.
  func stop() {
    condition.withLock {
      isStopping = true
      condition.broadcast()
    }
  }

  /// Asks for standby or wake; returns at once. A request not yet sent is replaced by a
  /// newer one (a blank and an unblank in quick succession leave only the last).
  func request(_ power: Power) {
    condition.withLock {
      pending = [power]
      condition.broadcast()
    }
  }

  /// What the worker saw last.
  var report: CECReport { condition.withLock { snapshot } }

  /// Waits until the worker has nothing left to do (tests), `seconds` at most; `false` when
  /// the time ran out.
  @discardableResult
  func waitUntilIdle(seconds: Double) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    return condition.withLock {
      while isWorking || !pending.isEmpty || snapshot.state == .opening {
        if !condition.wait(until: deadline) { return false }
      }
      return true
    }
  }

  private func run() {
    connect()
    while let power = nextRequest() {
      send(power)
      condition.withLock {
        isWorking = false
        condition.broadcast()
      }
    }
    bus?.close()
    bus = nil
  }

  /// The next request, waiting for it; nil when stopping.
  private func nextRequest() -> Power? {
    condition.withLock {
      while pending.isEmpty, !isStopping { condition.wait() }
      if isStopping { return nil }
      isWorking = true
      return pending.removeFirst()
    }
  }

  private func send(_ power: Power) {
    if let bus, bus.isConnectionLost { lose(bus) }
    if bus == nil { connect() }
    guard let bus else { return }
    let sent: Bool
    switch power {
    case .standby:
      sent = bus.standby(Self.tvAddress)
    case .on:
      // Power on, then the input: a TV in standby ignores the active source.
      sent = bus.powerOn(Self.tvAddress) && bus.setActiveSource()
    }
    update { report in
      report.commandsSent += 1
      if !sent { report.commandsFailed += 1 }
    }
    if !sent, bus.isConnectionLost {
      lose(bus)
    } else if !sent {
      problem(.notAcknowledged(command: power == .standby ? "standby" : "power on"))
    } else {
      solved()
      let tv = bus.device(Self.tvAddress)
      update { $0.tv = tv }
    }
  }

  /// Looks for an adapter and opens the first.
  private func connect() {
    guard !libraryIsMissing else { return }
    update { $0.state = .opening }
    do throws(CECError) {
      let bus = try makeBus()
      let adapters = try bus.detectAdapters()
      update { $0.adapters = adapters.map { "\($0.path) (\($0.name))" } }
      guard let adapter = adapters.first else { throw .noAdapter }
      let address = try bus.open(adapter)
      self.bus = bus
      let tv = bus.device(Self.tvAddress)
      update { report in
        report.state = .connected
        report.adapter = adapter.path
        report.logicalAddress = address
        report.tv = tv
      }
      logger.info(
        "cec: \(adapter.path) open as logical address \(address); TV: \(tv.vendor ?? "vendor unknown"), \(tv.powerStatus ?? "power status unknown")"
      )
      solved()
    } catch {
      if case .libraryMissing = error { libraryIsMissing = true }
      update { report in
        report.state = self.libraryIsMissing ? .missingLibrary : .unavailable
        report.adapter = nil
        report.logicalAddress = nil
      }
      problem(error)
    }
  }

  /// The adapter went away: closes it; the next request looks for one again.
  private func lose(_ bus: any CECBus) {
    let path = report.adapter ?? "?"
    bus.close()
    self.bus = nil
    update { report in
      report.state = .unavailable
      report.adapter = nil
      report.logicalAddress = nil
      report.tv = CECDevice()
    }
    problem(.adapterLost(path: path))
  }

  /// Notes `error` in the report and logs it unless one of its kind was logged last.
  private func problem(_ error: CECError) {
    update { $0.lastError = error.description }
    guard loggedProblem != error.kind else { return }
    loggedProblem = error.kind
    switch error {
    case .libraryMissing, .noAdapter:
      // A panel that is no TV: worth a line, not a warning.
      logger.notice("cec: \(error)")
    default:
      logger.warning("cec: \(error)")
    }
  }

  /// CEC works: a later problem is logged again.
  private func solved() {
    if loggedProblem != nil { logger.info("cec: the TV answers again") }
    loggedProblem = nil
  }

  private func update(_ change: (inout CECReport) -> Void) {
    let report = condition.withLock {
      change(&snapshot)
      condition.broadcast()
      return snapshot
    }
    changeHandler?(report)
  }
}
