import Dispatch

/// Where PSI is missing: reads `MemAvailable` of /proc/meminfo every few seconds and
/// reports it while it is below a floor.
@MainActor
final class MemAvailablePoller {
  /// The floor, in MB.
  let floorMegabytes: Int
  /// Seconds between two reads.
  let interval: Double
  private let files: MemoryFiles
  private let low: @MainActor (Int) -> Void
  private var timer: DispatchSourceTimer?

  /// Creates a poller; `start()` starts reading.
  init(
    files: MemoryFiles, floorMegabytes: Int, interval: Double,
    low: @escaping @MainActor (Int) -> Void
  ) {
    self.files = files
    self.floorMegabytes = floorMegabytes
    self.interval = interval
    self.low = low
  }

  isolated deinit { stop() }

  /// Reads every `interval` seconds on the main queue.
  func start() {
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(250))
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.check() }
    }
    timer.resume()
    self.timer = timer
  }

  /// Stops reading.
  func stop() {
    timer?.cancel()
    timer = nil
  }

  /// Reads MemAvailable once; reports it when it is below the floor.
  func check() {
    guard let megabytes = files.memAvailableMegabytes, megabytes < floorMegabytes else { return }
    low(megabytes)
  }
}
