import Foundation

/// Waits (up to `timeout`) until `condition` holds, checking every few milliseconds: the
/// queue speaks on its own thread.
@MainActor
func eventually(timeout: Duration = .seconds(60), _ condition: () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let end = clock.now + timeout
  while clock.now < end {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return condition()
}

/// A new empty folder under the temporary directory.
func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "kiosk-speech-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// The 16-bit mono samples of a WAV file written by `WAVFileSink`, and its sample rate; nil
/// when the header is not a 16-bit mono PCM WAV whose sizes match the file.
func readWAV(_ url: URL) throws -> (sampleRate: Int, samples: [Int16])? {
  let data = [UInt8](try Data(contentsOf: url))
  guard data.count >= 44, Array(data[0..<4]) == Array("RIFF".utf8),
    Array(data[8..<16]) == Array("WAVEfmt ".utf8), Array(data[36..<40]) == Array("data".utf8)
  else { return nil }
  func number(_ offset: Int, _ size: Int) -> Int {
    (0..<size).reduce(0) { $0 | Int(data[offset + $1]) << (8 * $1) }
  }
  guard number(20, 2) == 1, number(22, 2) == 1, number(34, 2) == 16,
    number(4, 4) == data.count - 8, number(40, 4) == data.count - 44
  else { return nil }
  let samples = stride(from: 44, to: data.count - 1, by: 2).map {
    Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
  }
  return (number(24, 4), samples)
}

/// The root mean square of `samples`: 0 for silence, about 5,000 for speech at espeak-ng's
/// level.
func rms(_ samples: [Int16]) -> Double {
  guard !samples.isEmpty else { return 0 }
  let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
  return (sum / Double(samples.count)).squareRoot()
}

/// The deadline for queues whose tests hold a synthesiser on purpose: the whole suite runs
/// these beside a thousand main-actor tests on two cores, where a held call waited over
/// 90 s for the test to release it and tripped the default 5 s deadline.
let patientDeadline = Duration.seconds(600)
