import CoreMetrics
import KioskLinux
import KioskVersion
import Prometheus

/// The app's metrics, in Prometheus' text format: `kioskctl metrics` prints them and
/// `--metrics-textfile` writes them for node_exporter's textfile collector.
///
/// One registry per process. The runtime's own metrics are made in it with their help
/// text (which the swift-metrics API has no place for, and which `promtool check metrics`
/// asks for); the same registry backs swift-metrics (`MetricsSystem.bootstrap` with a
/// `PrometheusMetricsFactory`, done once by the runtime at start-up), so whatever an app
/// records through swift-metrics (`Counter(label:)`, `Timer(label:)`, `Gauge(label:)`)
/// appears beside them. An app must therefore not bootstrap swift-metrics itself.
///
/// Counters and histograms are updated as things happen; the gauges that describe the
/// present (RSS, the display, input devices, time since the last touch) are sampled when
/// the text is made.
@MainActor
public final class KioskMetrics {
  /// The process's metrics.
  public static let shared = KioskMetrics()

  /// The registry the metrics live in (and swift-metrics writes to once bootstrapped).
  public nonisolated let registry = PrometheusCollectorRegistry()

  private let framesPresented: Prometheus.Counter
  private let framesFailed: Prometheus.Counter
  private let presentDuration: Prometheus.DurationHistogram
  private let frameInterval: Prometheus.DurationHistogram
  private let seatPaused: Prometheus.Counter
  private let seatResumed: Prometheus.Counter
  private let residentMemory: Prometheus.Gauge
  private let displayConnected: Prometheus.Gauge
  private let displayWidth: Prometheus.Gauge
  private let displayHeight: Prometheus.Gauge
  private let displayRefresh: Prometheus.Gauge
  private let displayBlanked: Prometheus.Gauge
  private let sinceLastTouch: Prometheus.Gauge
  private let uptime: Prometheus.Gauge
  private var memoryWarnings: [String: Prometheus.Counter] = [:]
  private var inputDevices: [String: Prometheus.Gauge] = [:]
  /// Per screen (by output name): connected, width, height, refresh, and frames counted so far.
  private var screenGauges: [String: [Prometheus.Gauge]] = [:]
  private var screenFrames: [String: (counter: Prometheus.Counter, counted: Int)] = [:]
  private var bootstrapped = false
  /// `kiosk_display_schedule_state{state="open|closed|none"}`: 1 for the present state.
  private var scheduleStates: [DisplayScheduler.State: Prometheus.Gauge] = [:]
  private let scheduleNextChange: Prometheus.Gauge
  /// `kiosk_cec_available`, and `kiosk_cec_commands_total{result}` with what it counted.
  private let cecAvailable: Prometheus.Gauge
  private var cecCommands: [String: (counter: Prometheus.Counter, counted: Int)] = [:]
  private let started = monotonicSeconds()

  /// What the sampled gauges describe, asked for each time the text is made; the runtime
  /// sets it once its display (and input) run.
  var sample: (@MainActor () -> Sample)?

  /// The present state of the app, for the sampled gauges.
  struct Sample {
    /// Whether the display is connected and can show frames.
    var displayConnected: Bool
    /// The panel's mode: pixels and refreshes a second.
    var width: Int
    var height: Int
    var refreshRate: Double
    /// Whether the display is switched off (blanking).
    var blanked: Bool
    /// Input devices, counted by what they can do (`touch`, `pointer`, `keyboard`).
    var inputDevices: [String: Int]
    /// When the last touch or key press came (monotonic seconds), or nil: none yet.
    var lastActivity: Double?
    /// Every screen, the main one first (`kiosk_screen_*{output="…"}`).
    var screens: [ScreenReport] = []
    /// The display schedule's state and next change.
    var schedule = ScheduleReport()
    /// What HDMI-CEC sees (state `off` when `display.cec` is off or there is no display).
    var cec = CECReport()
  }

  private init() {
    let registry = self.registry
    func counter(_ name: String, _ help: String) -> Prometheus.Counter {
      registry.makeCounter(descriptor: Self.metric(name, "total", help))
    }
    func gauge(_ name: String, _ unit: String, _ help: String) -> Prometheus.Gauge {
      registry.makeGauge(descriptor: Self.metric(name, unit, help))
    }
    func milliseconds(_ values: [Double]) -> [Duration] {
      values.map { Duration.microseconds($0 * 1000) }
    }
    registry.makeGauge(
      descriptor: Self.metric("build", "info", "KioskKit's version (the value is always 1)."),
      labels: [("version", KioskKitVersion.string)]
    ).set(to: 1)
    framesPresented = counter("frames_presented", "Frames that reached the panel.")
    framesFailed = counter(
      "frames_failed", "Frames the output refused (the next frame repaints the whole screen).")
    presentDuration = registry.makeDurationHistogram(
      descriptor: Self.metric(
        "present_duration", "seconds", "How long handing a frame to the output took."),
      buckets: milliseconds([0.5, 1, 2, 4, 8, 16, 33, 66]))
    frameInterval = registry.makeDurationHistogram(
      descriptor: Self.metric(
        "frame_interval", "seconds",
        "Time between two frames while the screen was moving (17 ms at 60 Hz)."),
      buckets: milliseconds([8, 12, 17.5, 25, 34, 50, 100, 250]))
    seatPaused = counter("seat_paused", "Times the seat was taken away (a switch to another VT).")
    seatResumed = counter(
      "seat_resumed", "Times the seat came back and the screen was repainted.")
    residentMemory = gauge("resident_memory", "bytes", "The app's resident memory (RSS).")
    displayConnected = gauge(
      "display_connected", "", "1 while the display is connected and shows frames.")
    displayWidth = gauge("display_width", "pixels", "The width of the display's mode.")
    displayHeight = gauge("display_height", "pixels", "The height of the display's mode.")
    displayRefresh = gauge("display_refresh", "hertz", "The refresh rate of the display's mode.")
    displayBlanked = gauge(
      "display_blanked", "", "1 while the display is switched off (idle or asked).")
    sinceLastTouch = gauge(
      "seconds_since_last_touch", "",
      "Seconds since the last touch or key press (since the start when there was none).")
    uptime = gauge("uptime", "seconds", "Seconds since the app started.")
    for state in [DisplayScheduler.State.open, .closed, .none] {
      scheduleStates[state] = registry.makeGauge(
        descriptor: Self.metric(
          "display_schedule_state", "",
          "1 for the display schedule's present state (open, closed, or none: no schedule)."),
        labels: [("state", state.rawValue)])
      scheduleStates[state]?.set(to: state == .none ? 1 : 0)
    }
    scheduleNextChange = gauge(
      "display_schedule_next_change", "timestamp_seconds",
      "When the display schedule next changes, in Unix seconds (0: never, or no schedule).")
    cecAvailable = gauge(
      "cec_available", "", "1 while an HDMI-CEC adapter is open (display.cec = auto).")
    for result in ["acknowledged", "failed"] {
      cecCommands[result] = (
        registry.makeCounter(
          descriptor: Self.metric(
            "cec_commands", "total",
            "HDMI-CEC commands sent to the TV (standby, power on), by result."),
          labels: [("result", result)]), 0
      )
    }
    // Every reason from the start, at 0: an alert on a rate needs the series before the
    // first warning.
    for reason in ["psi", "cgroup-high", "mem-available", "requested"] {
      _ = memoryWarningCounter(reason)
    }
  }

  /// `kiosk_NAME_UNIT`, with its help text.
  private static func metric(_ name: String, _ unit: String, _ help: String)
    -> MetricNameDescriptor
  {
    MetricNameDescriptor(namespace: "kiosk", metricName: name, unitName: unit, helpText: help)
  }

  /// Makes the registry swift-metrics' backend, once per process.
  func bootstrapMetricsSystem() {
    guard !bootstrapped else { return }
    bootstrapped = true
    MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
  }

  /// One frame reached the panel; `interval`: the time since the one before, when the
  /// screen was moving.
  func framePresented(duration: Double, interval: Double?) {
    framesPresented.increment()
    presentDuration.record(Self.duration(duration))
    if let interval { frameInterval.record(Self.duration(interval)) }
  }

  /// The output refused a frame.
  func frameFailed() {
    framesFailed.increment()
  }

  /// A memory warning, by what sent it (`psi`, `cgroup-high`, `mem-available`, `requested`).
  func memoryWarning(_ reason: MemoryWarningReason) {
    let name =
      switch reason {
      case .psi: "psi"
      case .cgroupHigh: "cgroup-high"
      case .lowMemAvailable: "mem-available"
      case .requested: "requested"
      }
    memoryWarningCounter(name).increment()
  }

  /// The seat was taken away (`false`) or came back.
  func seatChanged(enabled: Bool) {
    (enabled ? seatResumed : seatPaused).increment()
  }

  /// The metrics as Prometheus' text exposition format, the sampled gauges brought up to
  /// date first.
  public func text() -> String {
    refreshSampledGauges()
    return registry.emitToString()
  }

  private func memoryWarningCounter(_ reason: String) -> Prometheus.Counter {
    if let counter = memoryWarnings[reason] { return counter }
    let counter = registry.makeCounter(
      descriptor: Self.metric(
        "memory_warnings", "total", "Memory warnings the app got, by what sent them."),
      labels: [("reason", reason)])
    memoryWarnings[reason] = counter
    return counter
  }

  private func refreshSampledGauges() {
    let now = monotonicSeconds()
    uptime.set(to: now - started)
    if let bytes = ProcessMemory.residentBytes() { residentMemory.set(to: Double(bytes)) }
    // Every kind is listed from the start, so that a panel whose touchscreen is unplugged
    // shows 0 rather than losing the series.
    for kind in ["touch", "pointer", "keyboard"] where inputDevices[kind] == nil {
      inputDevices[kind] = registry.makeGauge(
        descriptor: Self.metric(
          "input_devices", "",
          "Input devices attached, by what they can do (a device may count twice)."),
        labels: [("kind", kind)])
    }
    guard let state = sample?() else {
      sinceLastTouch.set(to: now - started)
      return
    }
    displayConnected.set(to: state.displayConnected ? 1 : 0)
    displayWidth.set(to: Double(state.width))
    displayHeight.set(to: Double(state.height))
    displayRefresh.set(to: state.refreshRate)
    displayBlanked.set(to: state.blanked ? 1 : 0)
    for (kind, gauge) in inputDevices { gauge.set(to: Double(state.inputDevices[kind] ?? 0)) }
    sinceLastTouch.set(to: now - (state.lastActivity ?? started))
    for screen in state.screens { refreshScreenMetrics(screen) }
    for (name, gauge) in scheduleStates { gauge.set(to: name == state.schedule.state ? 1 : 0) }
    scheduleNextChange.set(to: Double(state.schedule.nextChange ?? 0))
    refreshCECMetrics(state.cec)
  }

  /// `kiosk_cec_available` and the commands counted since the last sample.
  private func refreshCECMetrics(_ report: CECReport) {
    cecAvailable.set(to: report.isAvailable ? 1 : 0)
    let counts = [
      "acknowledged": report.commandsSent - report.commandsFailed,
      "failed": report.commandsFailed,
    ]
    for (result, count) in counts {
      guard var entry = cecCommands[result], count != entry.counted else { continue }
      // Fewer than counted: another worker, counting from 0 (tests make several).
      if count > entry.counted { entry.counter.increment(by: Int64(count - entry.counted)) }
      entry.counted = count
      cecCommands[result] = entry
    }
  }

  /// `kiosk_screen_connected`, `_width_pixels`, `_height_pixels`, `_refresh_hertz` and
  /// `kiosk_screen_frames_presented_total`, labelled with the screen's output.
  private func refreshScreenMetrics(_ screen: ScreenReport) {
    let labels = [("output", screen.output)]
    let gauges =
      screenGauges[screen.output]
      ?? [
        ("screen_connected", "", "1 while the screen's display is connected."),
        ("screen_width", "pixels", "The width of the screen's mode."),
        ("screen_height", "pixels", "The height of the screen's mode."),
        ("screen_refresh", "hertz", "The refresh rate of the screen's mode."),
      ].map {
        registry.makeGauge(descriptor: Self.metric($0.0, $0.1, $0.2), labels: labels)
      }
    screenGauges[screen.output] = gauges
    let values = [
      screen.isConnected ? 1 : 0, Double(screen.pixelWidth), Double(screen.pixelHeight),
      screen.refreshRate,
    ]
    for (gauge, value) in zip(gauges, values) { gauge.set(to: value) }
    var frames =
      screenFrames[screen.output]
      ?? (
        registry.makeCounter(
          descriptor: Self.metric(
            "screen_frames_presented", "total", "Frames that reached the screen's panel."),
          labels: labels), 0
      )
    if screen.framesPresented > frames.counted {
      frames.counter.increment(by: Int64(screen.framesPresented - frames.counted))
      frames.counted = screen.framesPresented
    }
    screenFrames[screen.output] = frames
  }

  private static func duration(_ seconds: Double) -> Duration {
    .nanoseconds(Int64((max(seconds, 0) * 1e9).rounded()))
  }
}
