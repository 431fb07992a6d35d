import FoundationEssentials
import Glibc
import Synchronization

/// A sink that writes speech to a RIFF WAV file (16-bit mono PCM) instead of a sound card:
/// for tests, and for a kiosk told to record its speech (a `--speech-output=FILE.wav` style
/// option). Every utterance is appended; the header's sizes are brought up to date after each
/// one, so the file is a valid WAV between utterances.
///
/// A file has no playback to cut short: `discard` keeps what an interrupted utterance wrote.
public final class WAVFileSink: AudioSink, @unchecked Sendable {
  /// The file written.
  public let path: String
  private let lock = Mutex(())
  private var descriptor: Int32 = -1
  private var dataBytes = 0

  /// A sink writing to `path` (created, or emptied if it exists, by `open`).
  public init(path: String) {
    self.path = path
  }

  deinit { close() }

  public var name: String { "WAV file \(path)" }

  /// Samples written so far.
  public var samplesWritten: Int {
    lock.withLock { _ in dataBytes / 2 }
  }

  public func open(sampleRate: Int) throws(SpeechError) {
    try lock.withLock { _ throws(SpeechError) in
      if descriptor >= 0 { Glibc.close(descriptor) }
      descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        throw .audioFailed("cannot write \(path): \(String(cString: strerror(errno)))")
      }
      dataBytes = 0
      try writeAll(Self.header(sampleRate: sampleRate, dataBytes: 0), at: nil)
    }
  }

  public func write(_ samples: UnsafeBufferPointer<Int16>) throws(SpeechError) {
    try lock.withLock { _ throws(SpeechError) in
      guard descriptor >= 0 else { throw .audioFailed("\(name) is not open") }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(samples.count * 2)
      for sample in samples {
        let value = UInt16(bitPattern: sample)
        bytes.append(UInt8(value & 0xFF))
        bytes.append(UInt8(value >> 8))
      }
      try writeAll(bytes, at: nil)
      dataBytes += bytes.count
    }
  }

  public func finishUtterance() throws(SpeechError) {
    try lock.withLock { _ throws(SpeechError) in
      try updateSizes()
    }
  }

  public func discard() {}

  public func close() {
    lock.withLock { _ in
      guard descriptor >= 0 else { return }
      try? updateSizes()
      Glibc.close(descriptor)
      descriptor = -1
    }
  }

  /// Writes the RIFF and data sizes into the header (a WAV's sizes come before its data).
  private func updateSizes() throws(SpeechError) {
    guard descriptor >= 0 else { return }
    try writeAll(Self.littleEndian(UInt32(36 + dataBytes)), at: 4)
    try writeAll(Self.littleEndian(UInt32(dataBytes)), at: 40)
  }

  /// Writes `bytes` at the end of the file, or at `offset`.
  private func writeAll(_ bytes: [UInt8], at offset: Int?) throws(SpeechError) {
    var done = 0
    while done < bytes.count {
      let result = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        let start = base + done
        let count = bytes.count - done
        if let offset { return pwrite(descriptor, start, count, off_t(offset + done)) }
        return Glibc.write(descriptor, start, count)
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw .audioFailed("cannot write \(path): \(String(cString: strerror(errno)))")
      }
      done += result
    }
  }

  /// The 44-byte header of a 16-bit mono PCM WAV.
  static func header(sampleRate: Int, dataBytes: Int) -> [UInt8] {
    var header: [UInt8] = Array("RIFF".utf8)
    header += littleEndian(UInt32(36 + dataBytes))
    header += Array("WAVEfmt ".utf8)
    header += littleEndian(UInt32(16))  // the size of the format chunk
    header += littleEndian(UInt16(1))  // PCM
    header += littleEndian(UInt16(1))  // one channel
    header += littleEndian(UInt32(sampleRate))
    header += littleEndian(UInt32(sampleRate * 2))  // bytes a second
    header += littleEndian(UInt16(2))  // bytes a frame
    header += littleEndian(UInt16(16))  // bits a sample
    header += Array("data".utf8)
    header += littleEndian(UInt32(dataBytes))
    return header
  }

  private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
  }
}
