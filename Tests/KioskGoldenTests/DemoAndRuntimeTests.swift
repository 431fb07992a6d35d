import Foundation
import KioskKit
import KioskTesting
import KioskVirtual
import Testing

@MainActor
struct DemoAndRuntimeTests {
  /// The kiosk-demo executable built next to this test bundle.
  private let demo = builtExecutable("kiosk-demo")

  private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = demo
    process.arguments = arguments
    // A librime cache of its own: what one run chose must not reorder another's candidates.
    let cache = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiosk-demo-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    var base = childEnvironment()
    base["CACHE_DIRECTORY"] = nil
    base["XDG_CACHE_HOME"] = cache.path
    process.environment = base.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// The screens of the demo's tour, in order: its first screen, then one a step.
  static let tourScreens = [
    "showcase-text", "showcase-images", "showcase-drawing", "showcase-animation",
    "recipes-list", "recipes-detail", "recipes-photo", "recipes-list-back", "recipes-add",
    "recipes-add-keyboard-en", "recipes-add-keyboard-pinyin", "recipes-add-pinyin-chosen",
    "recipes-add-keyboard-ru", "recipes-add-picked", "recipes-added",
    "clock-world-clock", "clock-cities", "clock-tokyo-added", "clock-alarm",
    "clock-alarm-detail", "clock-stopwatch", "clock-timer", "library",
    "library-search-keyboard", "library-book", "contacts", "contacts-new",
    "contacts-new-phone-pad", "contacts-new-keyboard-email", "contacts-photo-picker",
    "contacts-photo-picked", "contacts-name-picked", "contacts-added", "menu", "menu-item",
    "menu-order-alert", "menu-ordered", "touch", "a11y-focus-ring", "a11y-largest-text",
    "a11y-high-contrast", "a11y-zoom", "a11y-standard",
  ]

  /// The demo tours itself through every screen of its examples (the storyboard in
  /// config/) and writes a PNG each time the screen settles: the first screen and one per
  /// step of the tour, each different from the one before. A second screen (a second
  /// virtual framebuffer, `--screen`) is written beside each: the customer display, showing
  /// the recipe open on the panel or a welcome; the panel's pixels are those of a run
  /// without it (the goldens).
  @Test func demoWritesOnePNGPerScreen() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiosk-demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (status, output) = try run([
      "--backend", "virtual", "--output", folder.path, "--screen", "Virtual-2:mode=800x480",
    ])
    #expect(status == 0, "\(output)")
    let steps = output.split(separator: "\n").filter { $0.contains("tour: step ") }
    #expect(steps.count == 42, "\(output)")
    #expect(
      steps.last?.hasSuffix("step 42/42: Accessibility: the standard settings again") == true)
    // Each PNG is named after what it shows, in the order the tour writes them.
    let allWritten = output.split(separator: "\n").compactMap { line -> String? in
      guard let range = line.range(of: "wrote ") else { return nil }
      return URL(fileURLWithPath: String(line[range.upperBound...])).lastPathComponent
    }
    let written = allWritten.filter { !$0.hasSuffix("-virtual-2.png") }
    #expect(written == Self.tourScreens.map { "\($0).png" }, "\(output)")
    #expect(
      allWritten.filter { $0.hasSuffix("-virtual-2.png") }
        == Self.tourScreens.map { "\($0)-virtual-2.png" })
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(files == allWritten.sorted())
    for (file, golden) in [
      ("recipes-list-virtual-2.png", "demo-customer-display-welcome"),
      ("recipes-detail-virtual-2.png", "demo-customer-display-recipe"),
    ] {
      let image = try Image(contentsOfFile: folder.appendingPathComponent(file).path)
      #expect(image.pixelBuffer.width == 800 && image.pixelBuffer.height == 480)
      try assertSnapshot(of: Bitmap(buffer: image.pixelBuffer), named: golden)
    }
    var previous: Data?
    for file in written {
      let url = folder.appendingPathComponent(file)
      let buffer = try Image(contentsOfFile: url.path).pixelBuffer
      #expect(buffer.width == 1920 && buffer.height == 1080)
      // The same pixels make the same PNG bytes.
      let data = try Data(contentsOf: url)
      #expect(data != previous, "\(file) shows what its predecessor showed")
      previous = data
    }
    // Screens of the tour as goldens: the recipe the Add screen's delegate added, the chain
    // of presentations (the photo picker over New Contact over the list), the keyboards,
    // the Menu (grid of styled cards, alert, the stack-view detail), Touch, and the screens
    // laid out by constraints (a recipe, an alarm, the stopwatch and timer, a book, New
    // Contact, a menu item).
    for (file, golden) in [
      ("recipes-added.png", "demo-recipe-added"),
      ("contacts-photo-picker.png", "demo-photo-picker"),
      ("recipes-add-keyboard-ru.png", "demo-recipes-add-keyboard-ru"),
      ("recipes-add-keyboard-pinyin.png", "demo-recipes-add-keyboard-pinyin"),
      ("contacts-new-phone-pad.png", "demo-contacts-new-phone-pad"),
      ("library-search-keyboard.png", "demo-library-search-keyboard"),
      ("recipes-detail.png", "demo-recipes-detail"),
      ("clock-alarm-detail.png", "demo-clock-alarm-detail"),
      ("clock-stopwatch.png", "demo-clock-stopwatch"),
      ("clock-timer.png", "demo-clock-timer"),
      ("library-book.png", "demo-library-book"),
      ("contacts-new.png", "demo-contacts-new"),
      ("menu-item.png", "demo-menu-item"),
      ("menu.png", "demo-menu-grid"),
      ("menu-order-alert.png", "demo-menu-order-alert"),
      ("menu-ordered.png", "demo-menu-ordered"),
      ("touch.png", "demo-touch"),
    ] {
      let image = try Image(contentsOfFile: folder.appendingPathComponent(file).path)
      try assertSnapshot(of: Bitmap(buffer: image.pixelBuffer), named: golden)
    }
  }

  /// `--touch-script` replays touches on the virtual framebuffer: the header's last button
  /// stops the tour on the Touch example, then "Tap me" is tapped twice, the switch once,
  /// and the card is dragged to the left (a pan gesture).

  /// The same tour with a memory warning after every step (each waits for its step's
  /// transition and releases the views of every screen left behind): every screen it
  /// settles on has the same pixels as without warnings.
  @Test func theTourLooksTheSameWithAMemoryWarningAfterEveryStep() throws {
    var folders: [URL] = []
    defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
    for warnings in ["0", "1"] {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("kiosk-demo-\(UUID().uuidString)")
      folders.append(folder)
      let (status, output) = try run(
        ["--backend", "virtual", "--output", folder.path],
        environment: ["KIOSK_DEMO_MEMORY_WARNINGS": warnings])
      #expect(status == 0, "\(output)")
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: folders[0].path).sorted()
    #expect(files.count == Self.tourScreens.count)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folders[1].path).sorted() == files)
    for file in files {
      let plain = try Data(contentsOf: folders[0].appendingPathComponent(file))
      let warned = try Data(contentsOf: folders[1].appendingPathComponent(file))
      #expect(plain == warned, "\(file) differs after memory warnings")
    }
  }
  @Test func aTouchScriptDrivesTheDemo() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiosk-demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = folder.appendingPathComponent("touches.txt")
    try """
    # header button 7, Touch (960×540 pt screen: 44 pt buttons, 12 pt from the right)
    500  down 0 928 28
    560  up   0
    # "Tap me", twice
    1500 down 0 150 108
    1560 up   0
    2000 down 0 150 108
    2060 up   0
    # the switch
    2500 down 0 80 178
    2560 up   0
    # the card (home at 845, 450): dragged 250 left and 30 up
    3000 down 0 845 450
    3050 move 0 800 445
    3100 move 0 700 430
    3150 move 0 595 420
    3200 up   0
    """.write(to: script, atomically: true, encoding: .utf8)
    let (status, output) = try run([
      "--backend", "virtual", "--output", folder.path, "--duration", "5",
      "--touch-script", script.path,
    ])
    #expect(status == 0, "\(output)")
    #expect(output.contains("replaying 13 touch frames"), "\(output)")
    let shots = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("screen-") }.sorted()
    let last = try #require(shots.last)
    let image = try Image(contentsOfFile: folder.appendingPathComponent(last).path)
    try assertSnapshot(of: Bitmap(buffer: image.pixelBuffer), named: "demo-after-touch-script")
  }

  @Test func aBadTouchScriptIsAUsageError() throws {
    let script = FileManager.default.temporaryDirectory
      .appendingPathComponent("bad-touches-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: script) }
    try "0 down 0 10 10\n5 wiggle 0 1 1\n".write(to: script, atomically: true, encoding: .utf8)
    let (status, output) = try run(["--backend", "virtual", "--touch-script", script.path])
    #expect(status == 64)
    #expect(output.contains("touch script line 2"), "\(output)")
  }

  /// A touch script that is a FIFO (nobody writing: `open()` blocked start-up for ever) or
  /// not text is refused at once, naming what it is and where.
  @Test func aTouchScriptThatIsNoTextFileIsAUsageError() throws {
    let fifo = FileManager.default.temporaryDirectory
      .appendingPathComponent("touches-fifo-\(UUID().uuidString)").path
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    let (status, output) = try run(["--backend", "virtual", "--touch-script", fifo])
    #expect(status == 64)
    #expect(output.contains("cannot use the touch script \(fifo): it is a FIFO"), "\(output)")
    let binary = FileManager.default.temporaryDirectory
      .appendingPathComponent("touches-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: binary) }
    try Data(Array("0 down 0 10 10\n".utf8) + [0xFF, 0x0A]).write(to: binary)
    let refused = try run(["--backend", "virtual", "--touch-script", binary.path])
    #expect(refused.status == 64)
    #expect(refused.output.contains("\(binary.path):2: not UTF-8 (bytes FF)"), "\(refused.output)")
  }

  /// The demo's shell scene with no examples, an unknown one, or itself among them is a
  /// storyboard error (exit 64) before any frame; it used to trap on an empty array or
  /// recurse until the stack ran out (itself first: SIGSEGV after minutes). The shell
  /// declares `examples` as a scene list, so loading the storyboard checks it.
  @Test(arguments: [
    ("", "DemoShellController scene: its property examples lists no scene"),
    ("showcase nowhere", "at scenes.demo.properties.examples: there is no scene \"nowhere\""),
    ("showcase demo", "the scene \"demo\" contains itself: demo → examples → demo"),
    ("demo showcase", "the scene \"demo\" contains itself: demo → examples → demo"),
  ])
  func aBadExamplesPropertyIsAStoryboardError(examples: String, message: String) throws {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("config/kiosk-demo.storyboard.json")
    let text = try String(contentsOf: source, encoding: .utf8).replacingOccurrences(
      of: "\"examples\": \"showcase recipes clock library contacts menu touch\"",
      with: "\"examples\": \"\(examples)\"")
    // In a folder of its own, beside a link to the demo's images (its tabs name them).
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("demo-storyboard-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("kiosk-demo"),
      withDestinationURL: source.deletingLastPathComponent().appendingPathComponent("kiosk-demo"))
    let file = folder.appendingPathComponent("kiosk-demo.storyboard.json")
    try text.write(to: file, atomically: true, encoding: .utf8)
    let (status, output) = try run([
      "--backend", "virtual", "--main-storyboard", file.path, "--duration", "1",
    ])
    #expect(status == 64, "\(output)")
    #expect(output.contains(message), "\(output)")
  }

  @Test func badOptionsExitWithUsageCode() throws {
    let (status, output) = try run(["--rotation", "45"])
    #expect(status == 64)
    #expect(output.contains("--rotation must be 0, 90, 180 or 270"))
    let help = try run(["--help"])
    #expect(help.status == 0 && help.output.contains("USAGE: kiosk-demo"))
  }

  @Test func virtualOutputRecordsEveryFrame() throws {
    let app = try TestApplication(pointSize: Size(width: 20, height: 10))
    app.output.recordsFrames = true
    let box = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
    box.backgroundColor = .red
    app.window.addSubview(box)
    app.runUntilIdle()
    box.backgroundColor = .green
    app.runUntilIdle()
    let frames = app.output.recordedFrames
    #expect(frames.count == 2)
    #expect(frames.first?.pixel(x: 1, y: 1) == .red)
    #expect(frames.last?.pixel(x: 1, y: 1) == .green)
  }

  @Test func scheduledActionsFollowTheManualClock() throws {
    let app = try TestApplication(pointSize: Size(width: 20, height: 10))
    var fired: [Double] = []
    let action = ScheduledAction.after(0.5, repeating: 1) { fired.append(app.now) }
    app.advance(by: 0.4)
    #expect(fired.isEmpty)
    app.advance(by: 2.2)
    #expect(fired == [0.5, 1.5, 2.5])
    action.cancel()
    app.advance(by: 3)
    #expect(fired.count == 3)
  }

  @Test func aScheduledActionRestartsItsCountdown() throws {
    let app = try TestApplication(pointSize: Size(width: 20, height: 10))
    var fired: [Double] = []
    // Milliseconds: sums of tenths are not exact in binary.
    let once = ScheduledAction.after(0.5) { fired.append((app.now * 1000).rounded()) }
    app.advance(by: 0.4)
    once.restart(after: 0.5)  // waiting: pushed back, runs once
    app.advance(by: 1)
    #expect(fired == [900])
    once.restart(after: 0.2)  // ran already: runs again
    app.advance(by: 0.3)
    #expect(fired == [900, 1600])
    once.cancel()
    once.restart(after: 0.1)  // cancelled: scheduled again
    app.advance(by: 0.2)
    #expect(fired == [900, 1600, 1800])
    #expect(once.isCancelled)  // a one-shot that ran
    fired = []
    // A repeating one keeps its period from the new start.
    let repeating = ScheduledAction.after(0.5, repeating: 1) {
      fired.append((app.now * 1000).rounded())
    }
    app.advance(by: 0.6)
    repeating.restart(after: 0.5)
    app.advance(by: 2)
    #expect(fired == [2400, 3000, 4000])
    repeating.cancel()
  }
}
