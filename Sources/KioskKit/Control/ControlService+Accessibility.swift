import FoundationEssentials
import Glibc
import KioskControl
import KioskUI

extension ControlService {
  /// The accessibility requests: the tree, live settings, the reader, speech.
  func handleAccessibility(_ request: ControlRequest) -> ControlReply {
    guard let accessibility else {
      return .error("\(request.name) is not available: the app runs no accessibility service")
    }
    switch request {
    case .accessibility:
      return .ok(AccessibilityService.treeLines(screens: Screen.screens))
    case .accessibilitySet(let assignments):
      do {
        return .ok(try accessibility.set(assignments))
      } catch {
        return .error(error.description)
      }
    case .screenReader(let on):
      if on { accessibility.startReader(by: .control) } else { accessibility.stopReader() }
      return .ok(Array(accessibility.statusLines.prefix(1)))
    case .speech:
      return .ok(accessibility.speechLines())
    default:
      return .error("not an accessibility request")
    }
  }

  /// `status json`'s `accessibility` object.
  static func accessibilityObject(_ service: AccessibilityService) -> [String: Any] {
    [
      "screen_reader": service.isReaderRunning,
      "started_by": service.startedBy.map { $0.rawValue as Any } ?? JSONNull(),
      "mode": service.options.screenReader.rawValue,
      "headset": service.headsetPlugged.map { $0 as Any } ?? JSONNull(),
      "speech": service.speechStatusText,
    ]
  }
}
