import Dispatch
import Glibc
import KioskLinux
import Logging

/// Writes `KioskMetrics` to a file every few seconds, for node_exporter's textfile
/// collector (Debian's prometheus-node-exporter reads `*.prom` in
/// /var/lib/prometheus/node-exporter): the text goes into `PATH.tmp` beside the file and is
/// renamed over it, so the collector never reads half a file. A file that cannot be written
/// is logged once (and once more when writing works again); the app goes on either way.
@MainActor
final class MetricsTextfileWriter {
  /// The file written.
  let path: String
  /// Seconds between writes.
  let interval: Double
  private let metrics: KioskMetrics
  private let logger: Logger
  private var timer: DispatchSourceTimer?
  private var failing = false
  /// Writes that succeeded (for tests).
  private(set) var writes = 0

  init(path: String, interval: Double, metrics: KioskMetrics, logger: Logger) {
    self.path = path
    self.interval = interval
    self.metrics = metrics
    self.logger = logger
  }

  /// Writes now, then every `interval` seconds.
  func start() {
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now(), repeating: interval, leeway: .milliseconds(100))
    timer.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.write() } }
    timer.resume()
    self.timer = timer
  }

  /// Stops writing (the file stays: node_exporter keeps the last values).
  func stop() {
    timer?.cancel()
    timer = nil
  }

  /// Writes the metrics once.
  func write() {
    do {
      try Self.replace(path, with: metrics.text())
      writes += 1
      if failing {
        failing = false
        logger.notice("metrics: writing \(path) again")
      }
    } catch {
      guard !failing else { return }
      failing = true
      logger.warning(
        "metrics: cannot write \(path): \(error); the app goes on, trying again every \(interval) s"
      )
    }
  }

  /// Writes `text` to `PATH.tmp` (never following a link there) and renames it to `path`.
  static func replace(_ path: String, with text: String) throws(SystemCallError) {
    let temporary = path + ".tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw SystemCallError(call: "open", code: errno, context: temporary) }
    // Readable by node_exporter's user whatever the umask (kiosk.service's is 0027):
    // metrics are not secret.
    fchmod(fd, 0o644)
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let code = count < 0 ? errno : ENOSPC
        close(fd)
        unlink(temporary)
        throw SystemCallError(call: "write", code: code, context: temporary)
      }
      written += count
    }
    guard close(fd) == 0 else {
      let code = errno
      unlink(temporary)
      throw SystemCallError(call: "close", code: code, context: temporary)
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw SystemCallError(call: "rename", code: code, context: path)
    }
  }
}
