import Foundation

/// A 16-bit PCM WAV file as QEMU's `wav` audio backend writes what a guest plays: its
/// samples (channels mixed to one), read chunk by chunk. QEMU writes the RIFF and data
/// sizes when it closes the file; when they are missing (zero), the data runs to the end.
struct WAVAudio {
  let sampleRate: Int
  let samples: [Int16]

  init(contentsOf url: URL) throws {
    let bytes = [UInt8](try Data(contentsOf: url))
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
    guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46],
      bytes[8..<12] == [0x57, 0x41, 0x56, 0x45]
    else { throw QEMUError("\(url.path) is not a WAV file (\(bytes.count) bytes)") }
    var offset = 12
    var format: (channels: Int, rate: Int, bits: Int)?
    while offset + 8 <= bytes.count {
      let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      let size = u32(offset + 4)
      let body = offset + 8
      if id == "fmt ", body + 16 <= bytes.count {
        format = (u16(body + 2), u32(body + 4), u16(body + 14))
      } else if id == "data" {
        guard let format, format.bits == 16, format.channels > 0 else {
          throw QEMUError("\(url.path): not 16-bit PCM (\(String(describing: format)))")
        }
        let end = size == 0 || body + size > bytes.count ? bytes.count : body + size
        let frameBytes = 2 * format.channels
        var mixed: [Int16] = []
        mixed.reserveCapacity((end - body) / frameBytes)
        var frame = body
        while frame + frameBytes <= end {
          var sum = 0
          for channel in 0..<format.channels {
            sum += Int(Int16(truncatingIfNeeded: u16(frame + 2 * channel)))
          }
          mixed.append(Int16(sum / format.channels))
          frame += frameBytes
        }
        sampleRate = format.rate
        samples = mixed
        return
      }
      offset = body + size + (size & 1)
    }
    throw QEMUError("\(url.path) has no data chunk")
  }

  /// Seconds of audio.
  var duration: Double { Double(samples.count) / Double(max(sampleRate, 1)) }

  /// The loudest sample's magnitude.
  var peak: Int { samples.map { abs(Int($0)) }.max() ?? 0 }

  /// Seconds of the audio in windows of `window` seconds whose RMS is at least `threshold`.
  func audibleSeconds(window: Double, threshold: Double) -> Double {
    let size = max(Int(window * Double(sampleRate)), 1)
    var audible = 0
    var start = 0
    while start + size <= samples.count {
      var energy = 0.0
      for sample in samples[start..<start + size] { energy += Double(sample) * Double(sample) }
      if (energy / Double(size)).squareRoot() >= threshold { audible += 1 }
      start += size
    }
    return Double(audible) * window
  }
}
