import Foundation
import KioskTesting
import Logging
import Testing

@testable import KioskKit

/// What the launch did, in order.
@MainActor
enum LaunchLog {
  static var entries: [String] = []

  static func take() -> [String] {
    defer { entries = [] }
    return entries
  }
}

/// A delegate that writes each step of the launch sequence it sees to `LaunchLog`.
@MainActor
final class StoryboardLaunchDelegate: ApplicationDelegate {
  static var agrees = true

  var window: Window? {
    didSet {
      let root = window?.rootViewController?.title ?? "none"
      LaunchLog.entries.append("window(hidden: \(window?.isHidden == true), root: \(root))")
    }
  }

  init() {
    LaunchLog.entries.append("delegate.init")
  }

  func application(
    _ application: Application, didFinishLaunchingWithOptions options: [String: String]
  ) -> Bool {
    let root = window?.rootViewController?.title ?? "none"
    let visible = window?.isHidden == false
    let key = window?.isKeyWindow == true
    LaunchLog.entries.append("didFinishLaunching(root: \(root), visible: \(visible), key: \(key))")
    return Self.agrees
  }
}

/// The initial scene's controller: logs its life, fills its view with green.
@MainActor
final class LaunchRoot: ViewController, StoryboardInstantiable {
  override init() {
    super.init()
    LaunchLog.entries.append("Root.init")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0x34c759)
    LaunchLog.entries.append("\(title ?? "?").viewDidLoad")
  }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    LaunchLog.entries.append("\(title ?? "?").wA")
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    LaunchLog.entries.append("\(title ?? "?").dA")
  }
}

@MainActor
struct StoryboardLaunchTests {
  private func writeStoryboard(
    _ json: String =
      #"{ "initial": "root", "scenes": { "root": { "class": "LaunchRoot", "title": "Root" } } }"#
  ) throws -> String {
    Storyboard.register(LaunchRoot.self)
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("launch-\(UUID().uuidString).storyboard.json")
    try json.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  @Test func launchingWithAMainStoryboardFollowsTheSeedOrder() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let path = try writeStoryboard()
    defer { try? FileManager.default.removeItem(atPath: path) }
    StoryboardLaunchDelegate.agrees = true
    LaunchLog.entries = []
    #expect(try app.application.launch(StoryboardLaunchDelegate.self, mainStoryboard: path))
    #expect(
      LaunchLog.take() == [
        "delegate.init", "window(hidden: true, root: none)", "Root.init", "Root.viewDidLoad",
        "didFinishLaunching(root: Root, visible: false, key: false)", "Root.wA", "Root.dA",
      ])
    let delegate = try #require(app.application.delegate as? StoryboardLaunchDelegate)
    let window = try #require(delegate.window)
    #expect(window.screen === app.screen)
    #expect(window.rootViewController is LaunchRoot)
    #expect(window.rootViewController?.storyboard?.initialSceneIdentifier == "root")
    #expect(app.application.keyWindow === window)
    #expect(!window.isHidden)
    #expect(app.snapshot().pixel(x: 150, y: 100) == Color(hex: 0x34c759))
  }

  @Test func aDelegateThatRefusesKeepsTheWindowHidden() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let path = try writeStoryboard()
    defer { try? FileManager.default.removeItem(atPath: path) }
    StoryboardLaunchDelegate.agrees = false
    defer { StoryboardLaunchDelegate.agrees = true }
    #expect(try !app.application.launch(StoryboardLaunchDelegate.self, mainStoryboard: path))
    let window = try #require((app.application.delegate as? StoryboardLaunchDelegate)?.window)
    #expect(window.isHidden)
    #expect(app.application.keyWindow === app.window)
  }

  @Test func aBadMainStoryboardStopsTheLaunchNamingTheProblem() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let unknownClass = try writeStoryboard(
      #"{ "initial": "root", "scenes": { "root": { "class": "Rooot" } } }"#)
    defer { try? FileManager.default.removeItem(atPath: unknownClass) }
    LaunchLog.entries = []
    #expect(
      throws: StoryboardError(
        file: unknownClass, jsonPath: "scenes.root.class", reason: .unknownClass("Rooot"),
        message:
          "the scene \"root\" names the class \"Rooot\", which is not registered; call"
          + " Storyboard.register(Rooot.self) before loading")
    ) {
      try app.application.launch(StoryboardLaunchDelegate.self, mainStoryboard: unknownClass)
    }
    #expect(!LaunchLog.take().contains { $0.hasPrefix("didFinishLaunching") })
    let noInitial = try writeStoryboard(#"{ "scenes": { "root": { "class": "LaunchRoot" } } }"#)
    defer { try? FileManager.default.removeItem(atPath: noInitial) }
    do {
      _ = try app.application.launch(StoryboardLaunchDelegate.self, mainStoryboard: noInitial)
      Issue.record("launched")
    } catch {
      #expect(error.reason == .noInitialScene)
      #expect(error.description.contains(noInitial))
    }
  }

  /// The runtime behind `Application.main`, on the virtual framebuffer with simulated time.
  private func runRuntime(_ arguments: [String]) throws -> KioskExitCode {
    Transaction.resetForTesting()
    let options = try AppCommand.parse(["--backend", "virtual", "--duration", "0.5"] + arguments)
      .options
    return Runtime(options: options, logger: Logger(label: "storyboard-launch-test"))
      .run(StoryboardLaunchDelegate.self)
  }

  @Test func theRuntimeStartsWithTheStoryboardOfMainStoryboard() throws {
    let path = try writeStoryboard()
    defer { try? FileManager.default.removeItem(atPath: path) }
    StoryboardLaunchDelegate.agrees = true
    LaunchLog.entries = []
    #expect(
      try runRuntime(["--size", "320x200", "--scale", "1", "--main-storyboard", path]) == .success)
    let log = LaunchLog.take()
    #expect(log.prefix(2) == ["delegate.init", "window(hidden: true, root: none)"])
    #expect(
      log.suffix(3) == [
        "didFinishLaunching(root: Root, visible: false, key: false)", "Root.wA", "Root.dA",
      ])
    let window = try #require((Application.shared.delegate as? StoryboardLaunchDelegate)?.window)
    #expect(window.rootViewController is LaunchRoot)
    #expect(window.bounds.size == Size(width: 320, height: 200))
    #expect(Application.shared.keyWindow === window)
  }

  @Test func theRuntimeStopsWithTheUsageCodeOnABadStoryboard() throws {
    let broken = try writeStoryboard(
      #"{ "initial": "root", "scenes": { "root": { "class": "LaunchRoot" }, }"#)
    defer { try? FileManager.default.removeItem(atPath: broken) }
    #expect(try runRuntime(["--main-storyboard", broken]) == .usage)
    #expect(try runRuntime(["--main-storyboard", "/nonexistent.storyboard.json"]) == .usage)
    #expect(KioskExitCode.usage.rawValue == 64)
  }
}
