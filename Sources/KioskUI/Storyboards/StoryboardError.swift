/// Why a storyboard could not be loaded, or a segue or scene of it could not be used. The
/// description names the file, the place in it (a JSON path such as `scenes.list.class`)
/// and the thing that is wrong, so that a person can fix the file.
///
/// ```swift
/// do {
///   let storyboard = try Storyboard(name: "Main")
/// } catch {
///   print(error)  // storyboard /opt/app/Main.storyboard.json, at scenes.list.class: ...
/// }
/// ```
public struct StoryboardError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What kind of problem it is, with the name it is about.
  public enum Reason: Equatable, Sendable {
    /// No storyboard file exists where it was looked for.
    case fileNotFound
    /// The file exists but could not be read.
    case unreadable
    /// The file is not valid JSON; the position is where the syntax goes wrong.
    case malformed(line: Int, column: Int)
    /// A value has the wrong type or is not one of those allowed, or a required key is
    /// missing, or a key is not known.
    case invalidValue
    /// A scene names a controller class that is not registered.
    case unknownClass(String)
    /// A segue names a segue class that is not registered.
    case unknownSegueClass(String)
    /// A scene identifier is used that the storyboard does not define.
    case unknownScene(String)
    /// A controller has no segue with this identifier.
    case unknownSegue(String)
    /// A relationship does not fit its scene (a tab list on a navigation controller, a
    /// scene containing itself…); the name is the scene's.
    case invalidRelationship(String)
    /// A tab image could not be loaded; the name is the image's path.
    case unreadableImage(String)
    /// The main storyboard has no initial scene.
    case noInitialScene
    /// A segue could not be performed as the storyboard describes it (a popover without
    /// an anchor, an unwind whose scene is not behind the source…); the name is the
    /// segue's.
    case cannotPerform(String)
  }

  /// The storyboard file (its path), or the storyboard's name when it came from memory.
  public let file: String
  /// Where in the file, as a dotted JSON path (`scenes.list.title`, `segues[2].kind`), when
  /// the problem is at one place.
  public let jsonPath: String?
  /// What kind of problem it is.
  public let reason: Reason
  /// A sentence saying what is wrong and, where it helps, what is allowed.
  public let message: String

  /// Creates an error about `file`.
  public init(file: String, jsonPath: String? = nil, reason: Reason, message: String) {
    self.file = file
    self.jsonPath = jsonPath
    self.reason = reason
    self.message = message
  }

  /// "storyboard FILE, at PATH: MESSAGE".
  public var description: String {
    let place = jsonPath.map { ", at \($0)" } ?? ""
    return "storyboard \(file)\(place): \(message)"
  }
}
