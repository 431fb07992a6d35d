import Foundation
import KioskGraphics
import Synchronization
import Testing

/// Which kiosk-demo draws the reference screens: the frames a panel shows depend on the
/// libraries that draw them (pango, cairo, harfbuzz and freetype place glyphs differently
/// from one Debian release to the next: thousands of pixels of text on every page).
enum ReferenceDemo: Sendable {
  /// This build's kiosk-demo on the host's libraries, for guests on the host's root.
  case buildFolder
  /// The package's kiosk-demo in a chroot of a guest's root folder (over a throw-away
  /// overlay, the package unpacked into it), on that root's libraries and fonts; an arm64
  /// root's runs through qemu-user. Needs root, as make-rootfs.sh does.
  case package(deb: URL, root: URL)

  /// Runs kiosk-demo with `arguments(folder)`, `folder` being where the demo sees `folder`
  /// (the output and the touch script go there), and returns its exit status and output.
  func run(in folder: URL, arguments: (String) -> [String]) throws -> (
    status: Int32, log: String
  ) {
    switch self {
    case .buildFolder:
      let process = Process()
      process.executableURL = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
      process.arguments = arguments(folder.path)
      return try runCapturingOutput(process)
    case .package(let deb, let root):
      return try runInRootFolder(
        root, scratch: folder.appendingPathComponent("chroot"),
        prepare: ["dpkg-deb -x \(shellQuoted(deb.path)) \"$merged\""],
        binds: [(folder.path, "/kiosk-reference")],
        command: ["/usr/bin/kiosk-demo"] + arguments("/kiosk-reference"))
    }
  }
}

/// Runs `process` to its end; its exit status and what it wrote to standard output and
/// standard error.
func runCapturingOutput(_ process: Process) throws -> (status: Int32, log: String) {
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return (process.terminationStatus, log)
}

/// Runs `command` in a chroot of the root folder `root` (make-rootfs.sh), on that root's
/// libraries and fonts, with an empty environment but for PATH, HOME and `environment`: in
/// a mount namespace of its own, over a throw-away overlay in `scratch` (the root stays as
/// made), after the shell commands `prepare` (`$merged` names the merged root) and with
/// `binds` (host folder, path inside) mounted. An arm64 root's programs run through
/// qemu-user. Needs root, as make-rootfs.sh does.
func runInRootFolder(
  _ root: URL, scratch: URL, prepare: [String] = [], binds: [(host: String, inside: String)],
  environment: [String: String] = [:], command: [String]
) throws -> (status: Int32, log: String) {
  let merged = scratch.appendingPathComponent("merged").path
  var steps = [
    "merged=\(shellQuoted(merged))",
    "mkdir -p \(scratch.path)/upper \(scratch.path)/work \"$merged\"",
    "mount -t overlay overlay -o lowerdir=\(root.resolvingSymlinksInPath().path),"
      + "upperdir=\(scratch.path)/upper,workdir=\(scratch.path)/work \"$merged\"",
  ]
  steps += prepare
  steps += ["mount -t proc proc \"$merged/proc\"", "mount --rbind /dev \"$merged/dev\""]
  for bind in binds {
    let inside = "\"$merged\"" + shellQuoted(bind.inside)
    steps += ["mkdir -p \(inside)", "mount --bind \(shellQuoted(bind.host)) \(inside)"]
  }
  let variables =
    ["PATH=/usr/bin:/bin", "HOME=/root"]
    + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
  steps.append(
    "exec chroot \"$merged\" /usr/bin/env -i "
      + (variables + command).map(shellQuoted).joined(separator: " "))
  let process = Process()
  // A mount namespace of its own: the overlay and the bind mounts go when it ends.
  process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
  process.arguments = [
    "--mount", "--propagation", "private", "/bin/sh", "-c", steps.joined(separator: " && "),
  ]
  return try runCapturingOutput(process)
}

/// The demo's screens on the virtual framebuffer, for a panel of `panel` turned by
/// `rotation` at scale 2: the frames a panel must show, one per page, in order.
func referenceScreens(
  panel: (Int, Int), rotation: Int = 0, demo: ReferenceDemo = .buildFolder
) throws -> [Image] {
  try referenceScreens(panel: panel, rotation: rotation, secondScreen: nil, demo: demo).panel
}

/// The reference screens drawn so far in this test process, by what drew them: a dozen
/// tests compare with the same 1024×600 tour, which took 4–8 s to draw each time.
private let drawnReferences = Mutex<[String: (panel: [Image], second: [Image])]>([:])

/// The demo's screens on the virtual framebuffer, and with `secondScreen` (`WxH` pixels)
/// what a second screen shows beside each (the customer display), in the order written.
/// Drawn once per process for each panel, rotation, second screen and demo.
func referenceScreens(
  panel: (Int, Int), rotation: Int = 0, secondScreen: (Int, Int)?,
  demo: ReferenceDemo = .buildFolder
) throws
  -> (panel: [Image], second: [Image])
{
  let key = "\(panel) \(rotation) \(secondScreen.map { "\($0)" } ?? "-") \(demo)"
  if let drawn = drawnReferences.withLock({ $0[key] }) { return drawn }
  let drawn = try drawReferenceScreens(
    panel: panel, rotation: rotation, secondScreen: secondScreen, demo: demo)
  drawnReferences.withLock { $0[key] = drawn }
  return drawn
}

private func drawReferenceScreens(
  panel: (Int, Int), rotation: Int, secondScreen: (Int, Int)?, demo: ReferenceDemo
) throws
  -> (panel: [Image], second: [Image])
{
  let work = FileManager.default.temporaryDirectory
    .appendingPathComponent("kiosk-reference-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: work) }
  try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
  let folder = work.appendingPathComponent("screens")
  let turned = rotation % 180 == 0 ? panel : (panel.1, panel.0)
  let (status, log) = try demo.run(in: work) { folderSeenByDemo in
    var arguments = [
      "--backend", "virtual", "--scale", "2", "--size", "\(turned.0 / 2)x\(turned.1 / 2)",
      "--rotation", "\(rotation)", "--output", folderSeenByDemo + "/screens", "--log-level", "info",
    ]
    if let secondScreen {
      arguments += ["--screen", "Virtual-2:mode=\(secondScreen.0)x\(secondScreen.1)"]
    }
    return arguments
  }
  try #require(status == 0, "the reference run of kiosk-demo failed:\n\(log)")
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
func demoScreenAfterTouches(
  _ touches: String, arguments: [String], demo: ReferenceDemo = .buildFolder
) throws -> Image {
  let work = FileManager.default.temporaryDirectory
    .appendingPathComponent("kiosk-touch-reference-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: work) }
  let folder = work.appendingPathComponent("screens")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  try touches.write(
    to: work.appendingPathComponent("touches.txt"), atomically: true, encoding: .utf8)
  let (status, log) = try demo.run(in: work) { folderSeenByDemo in
    [
      "--backend", "virtual", "--output", folderSeenByDemo + "/screens", "--touch-script",
      folderSeenByDemo + "/touches.txt",
    ]
      + arguments + ["--log-level", "error"]
  }
  try #require(status == 0, "the reference run of kiosk-demo failed:\n\(log)")
  let shots = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    .filter { $0.hasPrefix("screen-") }.sorted()
  let last = try #require(shots.last)
  return try Image(contentsOfFile: folder.appendingPathComponent(last).path)
}
