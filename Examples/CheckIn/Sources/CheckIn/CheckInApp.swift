import Foundation
import KioskKit

/// The app's own options: `--venue` and `--max-party`, also `[checkin] venue` and
/// `max-party` in kiosk.toml and `KIOSK_CHECKIN_VENUE`, `KIOSK_CHECKIN_MAX_PARTY`.
struct CheckInOptions: AppConfigurationTable {
  @Option(help: "The venue the welcome screen names.")
  var venue = "the front desk"

  @Option(help: "The largest party one check-in may hold.")
  var maxParty = 8

  static let configurationTable = "checkin"
  static let configurationKeys: [AppConfigurationKey] = [
    AppConfigurationKey("venue", .text),
    AppConfigurationKey("max-party", .integer(1...50)),
  ]
}

/// The app: a navigation stack from the main storyboard (welcome → form → confirmation),
/// the visitor book under the service's state directory, and `kioskctl checkin-count`.
@main
final class CheckInApp: ApplicationDelegate {
  var window: Window?
  /// The visits of this app's life, kept in its state directory.
  let book: VisitorBook

  required init() {
    book = VisitorBook(folder: try? Application.shared.stateDirectory)
    let book = self.book
    Storyboard.register(WelcomeController.self) { WelcomeController() }
    Storyboard.register(CheckInFormController.self) { CheckInFormController(book: book) }
    Storyboard.register(ConfirmationController.self) { ConfirmationController() }
  }

  /// The main storyboard, a resource of the package.
  static var mainStoryboard: String? {
    Bundle.module.path(forResource: "Main", ofType: "storyboard.json", inDirectory: "Resources")
  }

  static func main() {
    Application.main(CheckInApp.self, options: CheckInOptions.self, mainStoryboard: mainStoryboard)
  }

  func application(_ app: Application, didFinishLaunchingWithOptions _: [String: String]) -> Bool {
    let book = self.book
    do {
      try app.addControlCommand("checkin-count", help: "Visitors checked in, and parties") {
        _ in ["visitors: \(book.visitorCount)", "check-ins: \(book.visits.count)"]
      }
      try app.addStatusLine("checked in") { "\(book.visitorCount)" }
    } catch {
      print("check-in: \(error)")
    }
    return true
  }
}

/// The options as the app runs with them; the defaults where it was started without them
/// (a test that builds a controller itself, or launches without `options:`).
@MainActor
var currentOptions: CheckInOptions {
  if let options = Application.shared.options(CheckInOptions.self) { return options }
  do {
    return try CheckInOptions.parse([])
  } catch {
    // Every option has a default: an empty command line always parses.
    preconditionFailure("CheckInOptions' defaults do not parse: \(error)")
  }
}
