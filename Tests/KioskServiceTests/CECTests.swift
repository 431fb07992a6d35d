import Foundation
import KioskTesting
import Logging
import Synchronization
import Testing

@testable import KioskKit

/// HDMI-CEC through a fake bus: blanking puts the TV in standby and unblanking wakes it;
/// no adapter, a missing libcec, a TV that does not answer and an adapter that goes away
/// are each logged once and leave the display's own blanking alone.
@MainActor
@Suite
final class CECTests {
  /// The fake's world: the adapters plugged in, whether the TV answers, what was sent.
  final class World: @unchecked Sendable {
    private let lock = Mutex(())
    private var _adapters = [CECAdapter(path: "/dev/cec0", name: "vc4")]
    private var _tvAnswers = true
    private var _sent: [String] = []
    private var _buses = 0
    private var _unplugged = false
    private var _alerted = false
    private var _failed = false
    var adapters: [CECAdapter] {
      get { lock.withLock { _ in _adapters } }
      set { lock.withLock { _ in _adapters = newValue } }
    }
    var tvAnswers: Bool {
      get { lock.withLock { _ in _tvAnswers } }
      set { lock.withLock { _ in _tvAnswers = newValue } }
    }
    var sent: [String] { lock.withLock { _ in _sent } }
    var buses: Int { lock.withLock { _ in _buses } }
    var unplugged: Bool { lock.withLock { _ in _unplugged } }
    /// libcec knows the adapter is gone: it said so (the alert), or a command failed.
    var lost: Bool { lock.withLock { _ in _unplugged && (_alerted || _failed) } }
    func failed() { lock.withLock { _ in _failed = true } }
    func record(_ command: String) { lock.withLock { _ in _sent.append(command) } }
    func madeBus() { lock.withLock { _ in _buses += 1 } }
    /// The adapter goes away, as a USB adapter pulled out; `alert`: libcec's thread says so
    /// at once (else the next command fails).
    func unplug(alert: Bool) {
      lock.withLock { _ in
        _unplugged = true
        _alerted = alert
        _failed = false
        _adapters = []
      }
    }
    func plug() {
      lock.withLock { _ in
        _unplugged = false
        _adapters = [CECAdapter(path: "/dev/cec0", name: "vc4")]
      }
    }
  }

  final class FakeBus: CECBus {
    let world: World
    var openedWhileUnplugged = false
    init(world: World) {
      self.world = world
      world.madeBus()
    }
    func detectAdapters() throws(CECError) -> [CECAdapter] { world.adapters }
    func open(_ adapter: CECAdapter) throws(CECError) -> Int {
      guard world.adapters.contains(adapter) else { throw .openFailed(path: adapter.path) }
      return 4
    }
    func close() {}
    func send(_ command: String) -> Bool {
      guard !world.unplugged else {
        world.failed()
        return false
      }
      world.record(command)
      return world.tvAnswers
    }
    func standby(_ address: Int) -> Bool { send("standby \(address)") }
    func powerOn(_ address: Int) -> Bool { send("power-on \(address)") }
    func setActiveSource() -> Bool { send("active-source") }
    func device(_ address: Int) -> CECDevice {
      CECDevice(vendor: "Samsung", powerStatus: "on", physicalAddress: "1.0.0.0")
    }
    var isConnectionLost: Bool { world.lost }
  }

  /// What the logger was given.
  final class Log: @unchecked Sendable {
    private let lock = Mutex([String]())
    func append(_ line: String) { lock.withLock { $0.append(line) } }
    var lines: [String] { lock.withLock { $0 } }
    func count(_ text: String) -> Int { lines.filter { $0.contains(text) }.count }
  }

  struct Handler: LogHandler {
    let log: Log
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }
    func log(event: LogEvent) { log.append("\(event.level): \(event.message)") }
  }

  let app: TestApplication
  let blanker: IdleBlanker
  let world = World()
  let log = Log()
  var controller: CECController?

  init() throws {
    app = try TestApplication(pointSize: Size(width: 20, height: 10))
    blanker = IdleBlanker(output: app.output, timeout: nil, logger: testLogger)
  }

  isolated deinit { controller?.stop() }

  /// A controller on the fake bus, started and given to the blanker.
  @discardableResult
  func start(
    makeBus: (@Sendable () throws(CECError) -> any CECBus)? = nil
  ) -> CECController {
    let world = world
    let log = log
    let controller = CECController(
      logger: Logger(label: "cec") { _ in Handler(log: log) },
      makeBus: makeBus ?? { FakeBus(world: world) })
    controller.start()
    blanker.cec = controller
    self.controller = controller
    #expect(controller.waitUntilIdle(seconds: 10))
    return controller
  }

  func blank(_ blanked: Bool) {
    blanker.setBlanked(blanked)
    #expect(controller?.waitUntilIdle(seconds: 10) == true)
    #expect(app.output.isActive == !blanked)  // DPMS as ever
  }

  @Test func blankingPutsTheTVInStandbyAndUnblankingWakesItAsTheActiveSource() {
    let controller = start()
    #expect(controller.report.state == .connected)
    #expect(controller.report.logicalAddress == 4)
    #expect(controller.report.adapter == "/dev/cec0")
    blank(true)
    #expect(world.sent == ["standby 0"])
    blank(false)
    #expect(world.sent == ["standby 0", "power-on 0", "active-source"])
    #expect(controller.report.commandsSent == 2 && controller.report.commandsFailed == 0)
    #expect(
      controller.report.tv
        == CECDevice(vendor: "Samsung", powerStatus: "on", physicalAddress: "1.0.0.0"))
    #expect(log.count("warning") == 0)
  }

  @Test func withoutAnAdapterItIsLoggedOnceAndTheDisplayBlanksAsBefore() {
    world.adapters = []
    let controller = start()
    #expect(controller.report.state == .unavailable)
    for _ in 0..<3 {
      blank(true)
      blank(false)
    }
    #expect(world.sent.isEmpty)
    #expect(log.count("no HDMI-CEC adapter found") == 1)
    #expect(controller.report.lastError?.contains("no HDMI-CEC adapter") == true)
  }

  @Test(arguments: [false, true])
  func anAdapterThatGoesAwayIsLoggedOnceAndOpenedAgainWhenItIsBack(alert: Bool) {
    let controller = start()
    world.unplug(alert: alert)
    blank(true)
    #expect(controller.report.state == .unavailable)
    // With the alert the worker knows before sending; else the command fails.
    #expect(controller.report.commandsFailed == (alert ? 0 : 1))
    for _ in 0..<3 {
      blank(false)
      blank(true)
    }
    #expect(log.count("went away") == 1)
    #expect(log.count("warning") == 1)
    #expect(world.sent.isEmpty)
    world.plug()
    blank(false)
    #expect(controller.report.state == .connected)
    #expect(world.sent == ["power-on 0", "active-source"])
    #expect(log.count("answers again") == 1)
  }

  @Test func aMissingLibcecIsLoggedOnceWithThePackageToInstall() {
    let world = world
    let controller = start { () throws(CECError) -> any CECBus in
      world.madeBus()
      throw .libraryMissing(reason: "libcec.so.6: cannot open shared object file")
    }
    #expect(controller.report.state == .missingLibrary)
    blank(true)
    blank(false)
    #expect(world.buses == 1)  // not loaded again at each blank
    #expect(log.count("apt install libcec6") == 1)
  }

  @Test func aTVThatDoesNotAcknowledgeIsLoggedOnceAndCounted() {
    world.tvAnswers = false
    let controller = start()
    blank(true)
    blank(false)
    blank(true)
    #expect(controller.report.commandsSent == 3 && controller.report.commandsFailed == 3)
    #expect(log.count("did not acknowledge") == 1)
    #expect(controller.report.state == .connected)
  }

  @Test func aBlankAndAnUnblankInQuickSuccessionLeaveTheLast() {
    let controller = start()
    world.tvAnswers = true
    blanker.setBlanked(true)
    blanker.setBlanked(false)
    #expect(controller.waitUntilIdle(seconds: 10))
    // The standby may have gone before the wake was asked for; the last is the wake.
    #expect(world.sent.suffix(2) == ["power-on 0", "active-source"])
  }

  @Test func theReportReadsAsKioskctlPrintsIt() {
    let controller = start()
    blank(true)
    #expect(
      controller.report.lines == [
        "state: connected", "adapters: /dev/cec0 (vc4)", "adapter: /dev/cec0",
        "logical-address: 4", "tv-vendor: Samsung", "tv-power: on",
        "tv-physical-address: 1.0.0.0", "commands-sent: 1", "commands-failed: 0",
        "last-error: none",
      ])
    #expect(CECDevice.physicalAddressText(0x1200) == "1.2.0.0")
  }

  /// Where libcec6 or libcec7 is installed (not a build dependency), its connection is made and finds
  /// no adapter in a machine without one, through the ABI declared in CCEC.
  @Test func libcecLoadsWhereItIsInstalled() throws {
    let installed = LibCEC.libraryNames.compactMap { dlopen($0, RTLD_NOW) }
    installed.forEach { dlclose($0) }
    guard !installed.isEmpty else { return }
    let bus = try LibCECBus()
    let adapters = try bus.detectAdapters()
    #expect(adapters.allSatisfy { !$0.path.isEmpty })
  }

  @Test func theControlRequestAnswersWithTheReportAsLinesOrJSON() async {
    let controller = start()
    blank(true)
    let service = ControlService(
      screen: app.screen, output: app.output, statistics: FrameStatistics(), logger: testLogger)
    // Without CEC (display.cec = off, or the virtual framebuffer): state off.
    #expect(await service.handle(.cec(json: false)) == .ok(CECReport().lines))
    #expect(CECReport().lines.first == "state: off")
    service.cec = { controller.report }
    #expect(await service.handle(.cec(json: false)) == .ok(controller.report.lines))
    #expect(
      await service.handle(.cec(json: true))
        == .ok([
          #"{"adapter":"/dev/cec0","adapters":["/dev/cec0 (vc4)"],"commands_failed":0,"commands_sent":1,"#
            + #""last_error":null,"logical_address":4,"state":"connected","#
            + #""tv":{"physical_address":"1.0.0.0","power":"on","vendor":"Samsung"}}"#
        ]))
  }

  @Test func theMetricsShowAvailabilityAndCountTheCommands() {
    world.tvAnswers = false
    let controller = start()
    let metrics = KioskMetrics.shared
    let saved = metrics.sample
    defer { metrics.sample = saved }
    metrics.sample = {
      var sample = KioskMetrics.Sample(
        displayConnected: true, width: 20, height: 10, refreshRate: 60, blanked: false,
        inputDevices: [:], lastActivity: nil)
      sample.cec = controller.report
      return sample
    }
    func value(_ name: String) -> Double? { MetricsTests.value(of: name, in: metrics.text()) }
    #expect(value("kiosk_cec_available") == 1)
    let failed = value(#"kiosk_cec_commands_total{result="failed"}"#) ?? -1
    let acknowledged = value(#"kiosk_cec_commands_total{result="acknowledged"}"#) ?? -1
    blank(true)
    world.tvAnswers = true
    blank(false)
    #expect(value(#"kiosk_cec_commands_total{result="failed"}"#) == failed + 1)
    #expect(value(#"kiosk_cec_commands_total{result="acknowledged"}"#) == acknowledged + 1)
    world.unplug(alert: true)
    blank(true)
    #expect(value("kiosk_cec_available") == 0)
  }
}
