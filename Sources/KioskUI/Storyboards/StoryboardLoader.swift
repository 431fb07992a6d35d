import FoundationEssentials
import KioskFiles
import KioskGraphics

/// A scene whose class was found: what the storyboard needs to make its controller.
struct ResolvedScene {
  let spec: SceneSpec
  let entry: ControllerClassEntry
  let tabImage: Image?
  /// The scene's own view and constraints, when it has them.
  var views: StoryboardSceneViews?

  /// Sets what the scene says on a new controller.
  @MainActor
  func configure(_ controller: ViewController) {
    if let title = spec.title { controller.title = title }
    if let item = spec.navigationItem {
      if let title = item.title { controller.navigationItem.title = title }
      if let back = item.backButtonTitle { controller.navigationItem.backButtonTitle = back }
    }
    if let item = spec.tabBarItem {
      if let title = item.title { controller.tabBarItem.title = title }
      if let tabImage { controller.tabBarItem.image = tabImage }
      if let badge = item.badge { controller.tabBarItem.badgeValue = badge }
    }
    if let style = spec.modalPresentationStyle { controller.modalPresentationStyle = style }
    if let style = spec.modalTransitionStyle { controller.modalTransitionStyle = style }
    if let defines = spec.definesPresentationContext {
      controller.definesPresentationContext = defines
    }
  }
}

/// A segue whose names were found: its description, its place in the file (for messages)
/// and, for a custom segue, its class.
struct ResolvedSegue {
  let spec: SegueSpec
  let index: Int
  let customClass: SegueClassEntry?
}

/// Reads, decodes and checks storyboard files.
@MainActor
enum StoryboardLoader {
  /// The largest storyboard file read: storyboards are kilobytes of JSON.
  static let maximumFileSize = 16 << 20

  static func read(_ path: String) throws(StoryboardError) -> Data {
    do {
      return Data(try RegularFile.read(path, limit: maximumFileSize))
    } catch .notFound {
      throw StoryboardError(
        file: path, reason: .fileNotFound, message: "there is no file at this path")
    } catch {
      throw StoryboardError(
        file: path, reason: .unreadable, message: "the file cannot be read: \(error)")
    }
  }

  /// Checks the JSON's syntax (stricter than `JSONDecoder`: no trailing commas, no key
  /// twice), then decodes it, turning the decoder's errors into messages that say where.
  static func decode(_ data: Data, file: String) throws(StoryboardError) -> StoryboardFile {
    if let failure = JSONSyntaxCheck.firstFailure(in: [UInt8](data)) {
      throw malformed(failure, file: file)
    }
    do {
      return try JSONDecoder().decode(StoryboardFile.self, from: data)
    } catch let error as DecodingError {
      throw storyboardError(for: error, data: data, file: file)
    } catch {
      throw StoryboardError(file: file, reason: .invalidValue, message: "\(error)")
    }
  }

  private static func malformed(_ failure: JSONSyntaxCheck.Failure, file: String)
    -> StoryboardError
  {
    StoryboardError(
      file: file, reason: .malformed(line: failure.line, column: failure.column),
      message:
        "not valid JSON at line \(failure.line), column \(failure.column): \(failure.message)")
  }

  private static func storyboardError(
    for error: DecodingError, data: Data, file: String
  ) -> StoryboardError {
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      if let failure = JSONSyntaxCheck.firstFailure(in: [UInt8](data)) {
        return malformed(failure, file: file)
      }
      return StoryboardError(
        file: file, reason: .malformed(line: 1, column: 1),
        message: "not valid JSON: \(context.debugDescription)")
    case .dataCorrupted(let context):
      return StoryboardError(
        file: file, jsonPath: jsonPath(context.codingPath), reason: .invalidValue,
        message: context.debugDescription)
    case .typeMismatch(_, let context):
      return StoryboardError(
        file: file, jsonPath: jsonPath(context.codingPath), reason: .invalidValue,
        message: context.debugDescription)
    case .valueNotFound(_, let context):
      return StoryboardError(
        file: file, jsonPath: jsonPath(context.codingPath), reason: .invalidValue,
        message: "a value is needed here, not null")
    case .keyNotFound(let key, let context):
      let place = context.codingPath.isEmpty ? nil : jsonPath(context.codingPath)
      return StoryboardError(
        file: file, jsonPath: place, reason: .invalidValue,
        message: "the key \"\(key.stringValue)\" is missing")
    @unknown default:
      return StoryboardError(file: file, reason: .invalidValue, message: "\(error)")
    }
  }

  /// `scenes.list.title`, `segues[2].kind`.
  static func jsonPath(_ codingPath: [CodingKey]) -> String {
    var path = ""
    for key in codingPath {
      // JSONDecoder names list positions "Index 2"; dictionary keys are names, even "2".
      if let index = key.intValue, key.stringValue == "Index \(index)" {
        path += "[\(index)]"
      } else {
        path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return path
  }
}
