import Foundation
import KioskKit
import KioskLinux
import KioskVirtual

/// What a memory warning gives back: a navigation stack of eight controllers at 1920×1080,
/// each with a full-screen drawn view, seven of them offscreen.
struct MemoryFigures {
  var rssBeforeWarningMB = 0.0
  var rssAfterWarningMB = 0.0
  var offscreenBackingStoreMB = 0.0
  var rssAfterPoppingBackMB = 0.0
  var rssAfter100CyclesMB = 0.0
  var cycles = 0

  /// The RSS the warning gave back, over the bytes of the offscreen backing stores.
  var dropFraction: Double {
    offscreenBackingStoreMB > 0
      ? (rssBeforeWarningMB - rssAfterWarningMB) / offscreenBackingStoreMB : 0
  }

  var dictionary: [String: Any] {
    [
      "rss_before_warning_mb": rssBeforeWarningMB, "rss_after_warning_mb": rssAfterWarningMB,
      "offscreen_backing_store_mb": offscreenBackingStoreMB, "rss_drop_fraction": dropFraction,
      "rss_after_popping_back_mb": rssAfterPoppingBackMB,
      "rss_after_100_cycles_mb": rssAfter100CyclesMB,
    ]
  }

  /// The RSS after the cycles over the RSS before them, as a growth in per cent.
  var growthPercent: Double { (rssAfter100CyclesMB / rssBeforeWarningMB - 1) * 100 }

  func printTable() {
    func mb(_ v: Double) -> String { String(format: "%.1f MB", v) }
    section(
      "memory: \(MemoryMeasurements.stackDepth) full-screen controllers pushed, 1920×1080 px")
    row("    RSS before a warning", mb(rssBeforeWarningMB))
    row("    offscreen controllers' backing stores", mb(offscreenBackingStoreMB))
    row("    RSS after the warning", mb(rssAfterWarningMB))
    row(
      "(h) RSS drop / offscreen backing stores", String(format: "%.2f", dropFraction),
      measured: dropFraction)
    row("    RSS after popping back to each", mb(rssAfterPoppingBackMB))
    row(
      "(i) RSS after \(cycles) warn/reload cycles", mb(rssAfter100CyclesMB),
      String(format: "%+.1f %% of before", growthPercent), measured: growthPercent)
  }
}

/// Measures `MemoryFigures` on a screen of its own (960×540 pt at scale 2).
@MainActor
struct MemoryMeasurements {
  nonisolated static let stackDepth = 8
  let cycles: Int

  func run() throws -> MemoryFigures {
    var figures = MemoryFigures()
    let (screen, _, loop) = try makeBenchScreen()
    let window = Window(screen: screen)
    let screens = (0..<Self.stackDepth).map { HeavyScreen(number: $0) }
    let navigation = NavigationController(rootViewController: screens[0])
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    loop.runUntilIdle()
    func pushAll() {
      for controller in screens.dropFirst() {
        navigation.pushViewController(controller, animated: false)
        loop.runUntilIdle()
      }
    }
    func warn() {
      Application.shared.simulateMemoryWarning()
      loop.runUntilIdle()
      Application.returnFreedMemoryToSystem()
    }
    pushAll()
    Application.returnFreedMemoryToSystem()
    figures.rssBeforeWarningMB = residentMB()
    let offscreen = screens.dropLast().compactMap(\.viewIfLoaded).filter { $0.window == nil }
    figures.offscreenBackingStoreMB =
      Double(offscreen.reduce(0) { $0 + backingStoreBytes(under: $1) }) / 1_048_576
    warn()
    figures.rssAfterWarningMB = residentMB()
    // Back down the stack: each screen loads and draws its view again.
    for _ in screens.dropFirst() {
      navigation.popViewController(animated: false)
      loop.runUntilIdle()
    }
    Application.returnFreedMemoryToSystem()
    figures.rssAfterPoppingBackMB = residentMB()
    pushAll()
    // Warn, go back to the root, come up again: a leak would grow with every cycle.
    for _ in 0..<cycles {
      warn()
      navigation.popToRootViewController(animated: false)
      loop.runUntilIdle()
      pushAll()
    }
    Application.returnFreedMemoryToSystem()
    figures.rssAfter100CyclesMB = residentMB()
    figures.cycles = cycles
    return figures
  }

  private func residentMB() -> Double {
    Double(ProcessMemory.residentBytes() ?? 0) / 1_048_576
  }

  /// The bytes of the pixels the layers under `view` keep.
  private func backingStoreBytes(under view: View) -> Int {
    (view.layer.contents?.buffer.byteCount ?? 0)
      + view.subviews.reduce(0) { $0 + backingStoreBytes(under: $1) }
  }
}

/// A screen whose view draws the whole screen: a gradient, rings and its number.
@MainActor
private final class HeavyScreen: ViewController {
  private let number: Int

  init(number: Int) {
    self.number = number
    super.init()
    title = "Screen \(number + 1)"
  }

  override func loadView() {
    view = HeavyView(number: number)
  }
}

@MainActor
private final class HeavyView: View {
  private let number: Int

  init(number: Int) {
    self.number = number
    super.init(frame: .zero)
    autoresizingMask = [.flexibleWidth, .flexibleHeight]
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    let hue = Double(number) / Double(MemoryMeasurements.stackDepth)
    context.drawLinearGradient(
      Gradient(colors: [
        Color(red: hue, green: 0.5, blue: 1 - hue), Color(red: 1 - hue, green: 0.2, blue: hue),
      ]), start: .zero, end: Point(x: bounds.width, y: bounds.height))
    context.setStrokeColor(.white)
    context.setLineWidth(3)
    for ring in 1...12 {
      let radius = Double(ring) * 22
      context.strokeEllipse(
        in: Rect(
          x: bounds.midX - radius, y: bounds.midY - radius, width: 2 * radius, height: 2 * radius))
    }
    context.drawText(
      "Screen \(number + 1)", at: Point(x: 40, y: 40), font: .boldSystemFont(ofSize: 48),
      color: .white)
  }
}
