import Foundation

/// One check-in.
struct Visit: Codable, Equatable {
  var name: String
  var party: Int
  var time: Date
}

/// The visits, kept in `visits.json` in the app's state directory (`/var/lib/kiosk` under
/// the service), so a restart or an update loses none. Without a folder (it could not be
/// made) the book keeps them in memory only and says so once.
@MainActor
final class VisitorBook {
  private(set) var visits: [Visit] = []
  let file: URL?

  init(folder: String?) {
    file = folder.map { URL(fileURLWithPath: $0).appendingPathComponent("visits.json") }
    guard let file else {
      print("check-in: no state directory; visits are kept in memory only")
      return
    }
    guard FileManager.default.fileExists(atPath: file.path) else { return }  // a new book
    do {
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      visits = try decoder.decode([Visit].self, from: Data(contentsOf: file))
    } catch {
      // A damaged book is kept aside, not overwritten: someone may want it.
      let aside = file.appendingPathExtension("damaged")
      try? FileManager.default.moveItem(at: file, to: aside)
      print("check-in: \(file.path) could not be read (\(error)); moved to \(aside.path)")
    }
  }

  /// Everyone checked in: the parties' sizes added up.
  var visitorCount: Int { visits.reduce(0) { $0 + $1.party } }

  /// Adds a visit and writes the book (atomically: a power cut leaves the old or the new).
  func add(_ visit: Visit) {
    visits.append(visit)
    guard let file else { return }
    do {
      let encoder = JSONEncoder()
      encoder.dateEncodingStrategy = .iso8601
      try encoder.encode(visits).write(to: file, options: .atomic)
    } catch {
      print("check-in: could not write \(file.path): \(error)")
    }
  }
}
