internal import CRime
import FoundationEssentials
import KioskBase
import KioskUI
import Logging

/// Chinese Pinyin through librime (the Rime engine) with the simplified-character schema
/// `pinyin_simp` of Debian's `rime-data-pinyin-simp`: the letters typed are the pre-edit
/// ("ni hao"), librime's candidates (你好, 你, 拟…) fill the bar above the keys, a tap or Space
/// commits one, Return commits the letters as typed. librime does the conversion, with its
/// dictionary and what the person chose before; KioskKit has no dictionary of its own.
///
/// ```swift
/// RimeInputMethod.register(logger: logger)   // the runtime does this at start-up
/// ```
@MainActor
public final class RimeInputMethod: InputMethod {
  public let language = "zh-pinyin"
  public let displayName = "拼音"

  /// The schema used, and the Debian package that provides it.
  public static let schema = RimeEngine.schema
  static let schemaPackage = "rime-data-pinyin-simp"
  /// Where Debian installs Rime's data.
  public static let defaultSharedDataDirectory = "/usr/share/rime-data"

  private let engine: RimeEngine
  private let session: RimeSessionId

  /// Starts librime (once per process; the first start deploys its data, about 0.3 s) and
  /// opens a session with the Pinyin schema. Throws, naming what to install, when the data
  /// is missing or the folders cannot be used.
  public init(
    sharedDataDirectory: String = RimeInputMethod.defaultSharedDataDirectory,
    userDataDirectory: String? = nil
  ) throws {
    let schemaFile = joinedPath(
      sharedDataDirectory,
      "\(Self.schema).schema.yaml")
    guard FileManager.default.fileExists(atPath: schemaFile) else {
      throw RimeError(
        description:
          "the Pinyin data is not installed (no \(schemaFile)): install Debian's \(Self.schemaPackage)"
      )
    }
    let candidates = userDataDirectory.map { [$0] } ?? RimeEngine.userDataDirectoryCandidates()
    guard let user = RimeEngine.firstWritableDirectory(candidates) else {
      throw RimeError(
        description:
          "no writable folder for librime's user data (tried \(candidates.joined(separator: ", ")))"
      )
    }
    engine = try RimeEngine.start(sharedDataDirectory: sharedDataDirectory, userDataDirectory: user)
    let api = engine.api.pointee
    guard let session = api.create_session?(), session != 0 else {
      throw RimeError(description: "librime could not open a session")
    }
    guard api.select_schema?(session, Self.schema) != 0 else {
      _ = api.destroy_session?(session)
      throw RimeError(
        description:
          "librime could not load the schema \(Self.schema) from \(sharedDataDirectory): reinstall Debian's \(Self.schemaPackage)"
      )
    }
    self.session = session
  }

  isolated deinit {
    _ = engine.api.pointee.destroy_session?(session)
  }

  /// How long starting librime took in this process, in seconds (0 after the first start).
  public var startUpSeconds: Double { engine.startUpSeconds }

  /// X keysyms librime understands.
  private enum Keysym {
    static let backspace: Int32 = 0xff08
    static let enter: Int32 = 0xff0d
    static let escape: Int32 = 0xff1b
    static let space: Int32 = 0x20
    static let pageUp: Int32 = 0xff55
    static let pageDown: Int32 = 0xff56
  }

  public func handle(_ key: InputMethodKey) -> InputMethodResult {
    let keysym: Int32
    switch key {
    case .text(let text):
      // librime takes printable ASCII through its keysyms (which equal their code points);
      // anything else is typed as it is.
      guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first,
        (0x21...0x7e).contains(scalar.value)
      else { return InputMethodResult(handled: false, composition: composition()) }
      keysym = Int32(scalar.value)
    case .backspace: keysym = Keysym.backspace
    case .space: keysym = Keysym.space
    case .enter: keysym = Keysym.enter
    case .escape: keysym = Keysym.escape
    }
    let handled = engine.api.pointee.process_key?(session, keysym, 0) ?? 0
    return result(handled: handled != 0)
  }

  public func selectCandidate(at index: Int) -> InputMethodResult {
    guard index >= 0 else { return result(handled: false) }
    let chosen = engine.api.pointee.select_candidate_on_current_page?(session, index) ?? 0
    return result(handled: chosen != 0)
  }

  public func turnCandidatePage(forward: Swift.Bool) -> InputMethodResult {
    let handled = engine.api.pointee.process_key?(
      session, forward ? Keysym.pageDown : Keysym.pageUp, 0)
    return result(handled: (handled ?? 0) != 0)
  }

  public func reset() {
    engine.api.pointee.clear_composition?(session)
    // A commit waiting from before the reset is dropped with it.
    _ = takeCommit()
  }

  private func result(handled: Swift.Bool) -> InputMethodResult {
    InputMethodResult(handled: handled, committed: takeCommit(), composition: composition())
  }

  private func takeCommit() -> String {
    var commit = RimeCommit()
    commit.data_size = Int32(MemoryLayout<RimeCommit>.size - MemoryLayout<Int32>.size)
    guard engine.api.pointee.get_commit?(session, &commit) != 0 else { return "" }
    defer { _ = engine.api.pointee.free_commit?(&commit) }
    return commit.text.map { String(cString: $0) } ?? ""
  }

  private func composition() -> InputMethodComposition {
    var context = RimeContext()
    context.data_size = Int32(MemoryLayout<RimeContext>.size - MemoryLayout<Int32>.size)
    guard engine.api.pointee.get_context?(session, &context) != 0 else {
      return InputMethodComposition()
    }
    defer { _ = engine.api.pointee.free_context?(&context) }
    let preeditBytes = context.composition.preedit.map { String(cString: $0) } ?? ""
    // librime's caret is a byte offset into the UTF-8 pre-edit.
    let caretBytes = Int(max(context.composition.cursor_pos, 0))
    let caret = String(decoding: preeditBytes.utf8.prefix(caretBytes), as: UTF8.self).count
    var candidates: [String] = []
    let menu = context.menu
    if let list = menu.candidates {
      for i in 0..<Int(max(menu.num_candidates, 0)) {
        candidates.append(list[i].text.map { String(cString: $0) } ?? "")
      }
    }
    return InputMethodComposition(
      preedit: preeditBytes, caret: caret, candidates: candidates,
      highlightedCandidate: Int(menu.highlighted_candidate_index), page: Int(menu.page_no),
      isLastPage: menu.is_last_page != 0 || candidates.isEmpty)
  }

  /// Registers Pinyin as `zh-pinyin` for the on-screen keyboard. Nothing starts until the
  /// keyboard first switches to it (or the app asks with
  /// `InputMethodRegistry.prepare(languages:)`); then librime is loaded and its data
  /// deployed on a thread of its own while the keyboard holds what is typed, and the input
  /// method starts (its time is logged) or the language is left out with the reason logged.
  public static func register(logger: Logger) {
    let shared = defaultSharedDataDirectory
    let schemaFile = joinedPath(shared, "\(schema).schema.yaml")
    InputMethodRegistry.register(
      language: "zh-pinyin",
      prepare: {
        // What fails here is left for the factory, which says why when Pinyin is chosen.
        guard FileManager.default.fileExists(atPath: schemaFile),
          let user = RimeEngine.firstWritableDirectory(RimeEngine.userDataDirectoryCandidates())
        else { return }
        _ = try? RimeEngine.start(sharedDataDirectory: shared, userDataDirectory: user)
      },
      make: {
        let method = try RimeInputMethod()
        if method.startUpSeconds > 0 {
          logger.info(
            "keyboard: Pinyin through librime (\(schema)), started in \(String(method.startUpSeconds * 1000, decimals: 0)) ms; user data in \(method.engine.userDataDirectory)"
          )
        }
        return method
      })
  }
}
