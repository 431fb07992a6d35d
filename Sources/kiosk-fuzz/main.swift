// kiosk-fuzz: the parsers that take outside input, as libFuzzer targets.
//
//   kiosk-fuzz TARGET [libFuzzer options] [CORPUS…]   in the fuzzing build (`make fuzz`)
//   kiosk-fuzz TARGET FILE-OR-FOLDER…                 in any other build: each input once
//
// TARGET is config (kiosk.toml), storyboard (a storyboard's JSON), touch-script
// (--touch-script) or control-request (a control socket line). An input that crashes,
// traps or (in the fuzzing build) trips AddressSanitizer is a bug: every input must end in
// a value or an error.
import CFuzzDriver
import Foundation
import KioskControl
import KioskKit
import KioskUI

/// What each target does with one input.
@MainActor
enum FuzzTargets {
  static let names = ["config", "control-request", "storyboard", "touch-script"]

  /// Gives `bytes` to the target `name`.
  static func run(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) {
    switch name {
    case "config": config(bytes)
    case "storyboard": storyboard(bytes)
    case "touch-script": touchScript(bytes)
    default: controlRequest(bytes)
    }
  }

  /// A configuration file: the checks `TextFile` makes on the bytes, then the parse. An
  /// input may start with `#repeat N` lines (`configRepeats`), so a short one grows into a
  /// 16,000-part header or key or 16,000 nested arrays, which libFuzzer's few kilobytes
  /// would never reach by mutation alone.
  static func config(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard !bytes.contains(0), let input = String(validating: bytes, as: UTF8.self) else { return }
    let text = expandingConfigRepeats(input)
    guard text.utf8.count <= FuzzEntryPoints.maximumConfigurationFileSize else { return }
    FuzzEntryPoints.parseConfiguration(text)
  }

  /// The most times `#repeat N` repeats a fragment: enough to pass any nesting limit many
  /// times over (a header of 40,000 parts), and files stay within `TextFile`'s 1 MB.
  static let configRepeats = 40_000

  /// `text` with each of its leading `#repeat N` lines replaced by the next line repeated
  /// N times (at most `configRepeats`) without line breaks in between: `#repeat 16000` then
  /// `a.` makes a key of 16,000 parts, `#repeat 16000` then `[` 16,000 open arrays. The rest
  /// of the text follows as it is. A `#repeat` line is a TOML comment, so a seed that has
  /// one still reads as TOML.
  static func expandingConfigRepeats(_ text: String) -> String {
    var rest = Substring(text)
    var expanded = ""
    while rest.hasPrefix("#repeat ") {
      let header = rest.prefix { $0 != "\n" }
      rest = rest.dropFirst(header.count + 1)
      let fragment = rest.prefix { $0 != "\n" }
      rest = rest.dropFirst(fragment.count + 1)
      let count = min(Int(header.dropFirst("#repeat ".count)) ?? 0, configRepeats)
      guard count > 0,
        expanded.utf8.count + fragment.utf8.count * count
          <= FuzzEntryPoints.maximumConfigurationFileSize
      else { continue }
      expanded += String(repeating: String(fragment), count: count)
    }
    return expanded + rest
  }

  /// A storyboard file, loaded and checked, and its initial scene made with its view (a
  /// `FuzzShellController` scene makes the scenes it lists as its view loads, as the demo's
  /// shell does: a storyboard that contains itself recursed until the stack ran out).
  static func storyboard(_ bytes: UnsafeBufferPointer<UInt8>) {
    registerStoryboardClasses
    let url = scratchFolder.appendingPathComponent("fuzz.storyboard.json")
    guard (try? Data(buffer: bytes).write(to: url)) != nil else { return }
    guard let storyboard = try? Storyboard(contentsOf: url) else { return }
    _ = storyboard.instantiateInitialViewController()?.view
  }

  /// A touch script, and the frames it plays (fingers past the limit dropped).
  static func touchScript(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    _ = (try? TouchScript(parsing: text))?.playedFrames
  }

  /// The classes the storyboard target's inputs may name besides KioskKit's own.
  static let registerStoryboardClasses: Void = Storyboard.register(FuzzShellController.self)

  /// One line of the control protocol.
  static func controlRequest(_ bytes: UnsafeBufferPointer<UInt8>) {
    _ = try? ControlRequest(parsing: bytes)
  }

  static let scratchFolder: URL = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiosk-fuzz-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }()
}

/// A custom container, as the demo's shell: it makes the scenes its property `examples`
/// lists when its view loads, and shows the first.
@MainActor
final class FuzzShellController: ViewController, StoryboardInstantiable {
  static let sceneListProperties = ["examples"]

  override func viewDidLoad() {
    super.viewDidLoad()
    let identifiers = (storyboardProperties.string("examples") ?? "").split(separator: " ")
    let examples = identifiers.compactMap {
      try? storyboard?.instantiateViewController(withIdentifier: String($0))
    }
    guard let first = examples.first else { return }
    addChild(first)
    view.addSubview(first.view)
    first.didMove(toParent: self)
  }
}

/// The target libFuzzer calls; set before the driver starts.
nonisolated(unsafe) var selectedTarget = ""

let arguments = CommandLine.arguments
guard arguments.count >= 2, FuzzTargets.names.contains(arguments[1]) else {
  let names = FuzzTargets.names.joined(separator: ", ")
  FileHandle.standardError.write(
    Data("usage: kiosk-fuzz TARGET [options] [inputs]; targets: \(names)\n".utf8))
  exit(64)
}
selectedTarget = arguments[1]

if kiosk_fuzzer_is_linked() != 0 {
  // libFuzzer sees the command line without TARGET.
  var cArguments = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) }
  cArguments.append(nil)
  var argc = Int32(cArguments.count - 1)
  let status = cArguments.withUnsafeMutableBufferPointer { buffer -> Int32 in
    var argv = buffer.baseAddress
    return kiosk_fuzzer_run(&argc, &argv) { data, size in
      MainActor.assumeIsolated {
        FuzzTargets.run(selectedTarget, UnsafeBufferPointer(start: data, count: size))
      }
      return 0
    }
  }
  exit(status)
}

// Without libFuzzer: every input file once (the corpus as a regression test).
var files: [String] = []
for path in arguments.dropFirst(2) {
  var isFolder: ObjCBool = false
  guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
    FileHandle.standardError.write(Data("kiosk-fuzz: no file or folder \(path)\n".utf8))
    exit(66)
  }
  if isFolder.boolValue {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    files += names.sorted().map { path + "/" + $0 }
  } else {
    files.append(path)
  }
}
for file in files {
  guard let data = FileManager.default.contents(atPath: file) else { continue }
  data.withUnsafeBytes { raw in
    MainActor.assumeIsolated { FuzzTargets.run(selectedTarget, raw.bindMemory(to: UInt8.self)) }
  }
}
print("kiosk-fuzz \(arguments[1]): \(files.count) inputs, each ended in a value or an error")
