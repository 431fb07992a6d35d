import Foundation
import KioskGraphics
import Testing

/// The demo's screens on the virtual framebuffer, for a panel of `panel` turned by
/// `rotation` at scale 2: the frames a panel must show, one per page, in order.
func referenceScreens(panel: (Int, Int), rotation: Int = 0) throws -> [Image] {
  try referenceScreens(panel: panel, rotation: rotation, secondScreen: nil).panel
}

/// The demo's screens on the virtual framebuffer, and with `secondScreen` (`WxH` pixels)
/// what a second screen shows beside each (the customer display), in the order written.
func referenceScreens(panel: (Int, Int), rotation: Int = 0, secondScreen: (Int, Int)?) throws
  -> (panel: [Image], second: [Image])
{
  let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("kiosk-reference-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  let turned = rotation % 180 == 0 ? panel : (panel.1, panel.0)
  let process = Process()
  process.executableURL = demo
  process.arguments = [
    "--backend", "virtual", "--scale", "2", "--size", "\(turned.0 / 2)x\(turned.1 / 2)",
    "--rotation", "\(rotation)", "--output", folder.path, "--log-level", "info",
  ]
  if let secondScreen {
    process.arguments? += ["--screen", "Virtual-2:mode=\(secondScreen.0)x\(secondScreen.1)"]
  }
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  try #require(process.terminationStatus == 0, "the reference run of kiosk-demo failed")
  // The PNGs are named after the screens they show; the log says in which order.
  let names = log.split(separator: "\n").compactMap { line -> String? in
    guard let range = line.range(of: "wrote ") else { return nil }
    return URL(fileURLWithPath: String(line[range.upperBound...])).lastPathComponent
  }
  try #require(names.count >= 2, "the reference run wrote \(names)")
  let images = try names.map {
    (name: $0, image: try Image(contentsOfFile: folder.appendingPathComponent($0).path))
  }
  let isSecond = { (name: String) in name.hasSuffix("-virtual-2.png") }
  return (
    images.filter { !isSecond($0.name) }.map(\.image),
    images.filter { isSecond($0.name) }.map(\.image)
  )
}

/// Takes screendumps until one shows a whole page of the demo (at most `attempts`, a
/// quarter of a second apart: a dump can catch the cross-fade between two pages) and
/// returns how many pixels of the best one differ from the page it is closest to.
func pixelsDifferingFromAnyPage(
  _ vm: QEMUMachine, pages: [Image], tolerance: Int = 1024 * 600 / 1000, attempts: Int = 8,
  device: String = QEMUMachine.displayID
) throws -> Int {
  var best = Int.max
  for attempt in 0..<attempts {
    if attempt > 0 { Thread.sleep(forTimeInterval: 0.25) }
    let screen = try vm.screendump(device: device)
    for page in pages {
      // Counting stops past the best so far: only the smallest count matters, and a page
      // that is not the one shown differs in most pixels (34 pages of 600,000 each).
      best = min(best, differingPixels(screen, page, limit: best) ?? Int.max)
    }
    if best <= tolerance { break }
  }
  return best
}

/// Takes screendumps until the screen has not changed for `still` seconds (a transition
/// has ended), for at most `timeout` seconds; a blinking caret would keep it from ever
/// settling, so call it before a text field is being edited.
func waitUntilTheScreenSettles(
  _ vm: QEMUMachine, still: Double = 0.5, timeout: Double = 20
) throws {
  let start = Date()
  var last = try vm.screendump().rgb
  var unchangedSince = Date()
  while Date().timeIntervalSince(unchangedSince) < still {
    try #require(
      Date().timeIntervalSince(start) < timeout,
      "the screen kept changing for \(Int(timeout)) s")
    Thread.sleep(forTimeInterval: 0.1)
    let screen = try vm.screendump().rgb
    if screen != last {
      last = screen
      unchangedSince = Date()
    }
  }
}

/// Pixels whose colour differs by more than a rounding step between the screendump and
/// the reference (`tolerance` per channel: 2 for 8-bit channels, more for RGB565); past
/// `limit` the count stops (and is more than `limit`).
func differingPixels(
  _ screen: PPMImage, _ reference: Image, tolerance: Int = 2, limit: Int = .max
) -> Int? {
  let buffer = reference.pixelBuffer
  guard screen.width == buffer.width, screen.height == buffer.height else { return nil }
  var differing = 0
  for y in 0..<screen.height {
    if differing > limit { break }
    for x in 0..<screen.width {
      let a = screen.pixel(x: x, y: y) ?? 0
      let b = buffer.rawPixel(x: x, y: y)
      for shift: UInt32 in [0, 8, 16]
      where abs(Int((a >> shift) & 0xff) - Int((b >> shift) & 0xff)) > tolerance {
        differing += 1
        break
      }
    }
  }
  return differing
}

/// The page of the demo a screendump shows (its index in `pages`) and how many pixels
/// differ from it: a machine slow to start may settle first on a later page than the first,
/// and what matters is that the panel shows a whole page exactly.
func closestPage(_ screen: PPMImage, _ pages: [Image]) -> (page: Int, differing: Int) {
  var best = (page: -1, differing: Int.max)
  for (index, page) in pages.enumerated() {
    let differing = differingPixels(screen, page, limit: best.differing) ?? Int.max
    if differing < best.differing { best = (index, differing) }
  }
  return best
}

/// The demo's last screen on the virtual framebuffer after the touch script `touches` (in
/// points), run with `arguments` (size, scale, rotation, duration…): the screen after the
/// first touch stops its tour has no name, so it is the last `screen-NN.png`.
func demoScreenAfterTouches(_ touches: String, arguments: [String]) throws -> Image {
  let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("kiosk-touch-reference-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let file = folder.appendingPathComponent("touches.txt")
  try touches.write(to: file, atomically: true, encoding: .utf8)
  let process = Process()
  process.executableURL = demo
  process.arguments =
    ["--backend", "virtual", "--output", folder.path, "--touch-script", file.path]
    + arguments + ["--log-level", "error"]
  try process.run()
  process.waitUntilExit()
  try #require(process.terminationStatus == 0, "the reference run of kiosk-demo failed")
  let shots = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    .filter { $0.hasPrefix("screen-") }.sorted()
  let last = try #require(shots.last)
  return try Image(contentsOfFile: folder.appendingPathComponent(last).path)
}
