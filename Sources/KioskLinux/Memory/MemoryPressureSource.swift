import Glibc
import Logging

/// How the runtime learns that memory runs short.
package struct MemoryPressureConfiguration: Sendable, Equatable {
  /// The PSI trigger; nil (`--memory-pressure off`) turns every automatic source off, and
  /// only requested warnings arrive.
  package var trigger: PSITrigger? = .default
  /// Where PSI is missing, the `MemAvailable` below which a warning is sent, in MB; 0: do
  /// not poll.
  package var memAvailableFloorMegabytes = 64
  /// Seconds between two reads of /proc/meminfo.
  package var memAvailablePollInterval = 2.0
  /// Seconds between two warnings delivered (see `MemoryWarningRateLimiter`).
  package var minimumWarningInterval = 10.0
  /// The folder that stands for `/` (tests put a fake /proc and /sys there).
  package var root = "/"

  /// The defaults: the PSI trigger `some 150000 1000000`, a 64 MB floor read every 2 s, at
  /// most one warning every 10 s.
  package init() {}
}

/// Tells the app when Linux runs short of memory, on the main actor, rate-limited. It
/// watches, as far as the system allows:
/// - a PSI trigger on the process's own cgroup v2 `memory.pressure`, else on
///   /proc/pressure/memory;
/// - the `high` counter of the cgroup's `memory.events` (over systemd's `MemoryHigh=`);
/// - where PSI is missing, `MemAvailable` of /proc/meminfo against a floor.
///
/// What starts and what does not (and why) is logged; a source that cannot start never
/// stops the app. `requestWarning()` sends one on demand.
@MainActor
package final class MemoryPressureSource {
  /// The configuration it started with.
  package let configuration: MemoryPressureConfiguration
  let files: MemoryFiles
  private let logger: Logger
  private let limiter: MemoryWarningRateLimiter
  private(set) var psiWatcher: PSIWatcher?
  private(set) var eventsWatcher: CgroupEventsWatcher?
  private(set) var memAvailablePoller: MemAvailablePoller?

  /// Creates the source; `handler` gets each warning (after the rate limit) on the main
  /// actor. Nothing is watched before `start()`.
  package convenience init(
    configuration: MemoryPressureConfiguration, logger: Logger,
    handler: @escaping @MainActor (MemoryWarningReason) -> Void
  ) {
    self.init(
      configuration: configuration, logger: logger,
      limiter: MemoryWarningRateLimiter(
        minimumInterval: configuration.minimumWarningInterval, deliver: handler))
  }

  /// Creates the source with its own rate limiter (tests give one a manual clock).
  init(
    configuration: MemoryPressureConfiguration, logger: Logger,
    limiter: MemoryWarningRateLimiter
  ) {
    self.configuration = configuration
    self.files = MemoryFiles(root: configuration.root)
    self.logger = logger
    self.limiter = limiter
  }

  isolated deinit { stop() }

  /// Starts every source the system offers and logs which run.
  package func start() {
    guard let trigger = configuration.trigger else {
      logger.info("memory: automatic warnings off; only requested ones arrive")
      return
    }
    let cgroup = files.cgroupPath
    var missing: [String] = []
    startPSI(trigger, cgroup: cgroup, refusals: &missing)
    startEvents(cgroup: cgroup)
    if psiWatcher == nil { startPolling(because: missing.joined(separator: "; ")) }
  }

  /// Stops every source.
  package func stop() {
    psiWatcher?.stop()
    psiWatcher = nil
    eventsWatcher?.stop()
    eventsWatcher = nil
    memAvailablePoller?.stop()
    memAvailablePoller = nil
  }

  /// Sends a warning now (or at the end of the rate limit's interval), e.g. for
  /// `kioskctl memory-warning`.
  package func requestWarning() {
    limiter.submit(.requested)
  }

  private func startPSI(_ trigger: PSITrigger, cgroup: String?, refusals: inout [String]) {
    var candidates: [String] = []
    if let cgroup {
      if let path = files.cgroupFile("memory.pressure", of: cgroup) {
        candidates.append(path)
      } else {
        refusals.append("no memory.pressure for cgroup \(cgroup)")
      }
    } else {
      refusals.append("no cgroup v2 line in /proc/self/cgroup")
    }
    if access(files.systemPressure, F_OK) == 0 {
      candidates.append(files.systemPressure)
    } else {
      refusals.append("no /proc/pressure/memory")
    }
    for path in candidates {
      do {
        let watcher = try PSIWatcher(
          path: path, trigger: trigger,
          fired: { [weak self] in self?.limiter.submit(.psi) },
          gone: { [weak self] in self?.psiTriggerGone(path) })
        psiWatcher = watcher
        let note =
          watcher.trigger == trigger
          ? ""
          : " (the kernel refused \"\(trigger)\": without CAP_SYS_RESOURCE a window must be a multiple of 2 s)"
        logger.info("memory: PSI trigger \"\(watcher.trigger)\" on \(path)\(note)")
        return
      } catch {
        logger.info("memory: no PSI trigger on \(path): \(error)")
        refusals.append("\(path) refused the trigger")
      }
    }
  }

  private func psiTriggerGone(_ path: String) {
    guard psiWatcher?.path == path else { return }
    psiWatcher?.stop()
    psiWatcher = nil
    if memAvailablePoller == nil {
      startPolling(because: "the trigger on \(path) is gone (its cgroup was removed?)")
    }
  }

  private func startEvents(cgroup: String?) {
    guard let cgroup else {
      logger.info("memory: no memory.events (no cgroup v2)")
      return
    }
    // The events of the cgroup whose limit applies (an ancestor's, for a session scope).
    let limiting = files.limitingCgroup(from: cgroup)
    let watched = limiting?.cgroup ?? cgroup
    guard let path = files.cgroupFile("memory.events", of: watched) else {
      logger.info("memory: no memory.events for cgroup \(watched) (no memory controller there)")
      return
    }
    do {
      eventsWatcher = try CgroupEventsWatcher(path: path) { [weak self] count in
        self?.limiter.submit(.cgroupHigh(count))
      }
      let folder = String(path.dropLast("/memory.events".count))
      if let limiting {
        let megabytes = limiting.bytes / 1_048_576
        let whose = limiting.cgroup == cgroup ? "" : " (the limit over \(cgroup))"
        logger.info(
          "memory: watching memory.events of \(folder): \(limiting.limit) \(megabytes) MB\(whose)")
      } else {
        logger.info("memory: watching memory.events of \(folder) (no memory limit set)")
      }
    } catch {
      logger.info("memory: cannot watch \(path): \(error)")
    }
  }

  private func startPolling(because reason: String) {
    let floor = configuration.memAvailableFloorMegabytes
    guard floor > 0 else {
      logger.info("memory: no PSI (\(reason)); MemAvailable not polled (floor 0)")
      return
    }
    guard files.memAvailableMegabytes != nil else {
      logger.warning("memory: no PSI (\(reason)) and no MemAvailable in \(files.meminfo)")
      return
    }
    let interval = configuration.memAvailablePollInterval
    let poller = MemAvailablePoller(files: files, floorMegabytes: floor, interval: interval) {
      [weak self] megabytes in self?.limiter.submit(.lowMemAvailable(megabytes))
    }
    poller.start()
    memAvailablePoller = poller
    logger.info(
      "memory: no PSI (\(reason)); polling MemAvailable every \(interval.formattedSeconds) s, floor \(floor) MB"
    )
  }
}

extension Double {
  /// `2` rather than `2.0`, `0.5` as it is.
  fileprivate var formattedSeconds: String {
    self == rounded() && abs(self) < 1e9 ? String(Int(self)) : String(self)
  }
}
