import Dispatch
import FoundationEssentials
import Glibc
import KioskUI

/// SIGTERM and SIGINT end the process cleanly: `stop` is called with the signal's name
/// (the runtime's stop path, which exits).
@MainActor
enum ExitOnSignal {
  private static var sources: [DispatchSourceSignal] = []

  static func install(_ stop: @escaping @MainActor (String) -> Void) {
    for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler {
        MainActor.assumeIsolated { stop(name) }
      }
      source.resume()
      sources.append(source)
    }
  }
}
