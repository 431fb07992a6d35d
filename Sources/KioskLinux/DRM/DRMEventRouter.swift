import Dispatch

/// The one reader of a DRM device's events, shared by every output on the device: the
/// kernel queues the flip events of all CRTCs on the one file descriptor, so two screens on
/// one card (HDMI and DSI on one GPU) need one reader that hands each event to the output
/// whose CRTC flipped.
@MainActor
final class DRMEventRouter {
  let device: DRMDevice
  /// The outputs on the device and the pipes they drive (weak: an output owns its router).
  private var outputs: [(pipe: DRMPipe, output: WeakOutput)] = []
  private var source: DispatchSourceRead?

  private struct WeakOutput {
    weak var value: DRMOutput?
  }

  init(device: DRMDevice) {
    self.device = device
  }

  isolated deinit {
    source?.cancel()
  }

  /// The pipes that outputs on this device drive now: a new output must take another
  /// connector, CRTC and plane.
  var pipesInUse: [DRMPipe] {
    outputs.filter { $0.output.value?.isLive ?? false }.map(\.pipe)
  }

  /// Whether an output other than `output` still uses the device (then DRM master stays).
  func hasLiveOutput(besides output: DRMOutput) -> Bool {
    outputs.contains { $0.output.value.map { $0 !== output && $0.isLive } ?? false }
  }

  /// Sends `output` the events of `crtc` from now on; the first output starts the reading.
  func add(_ output: DRMOutput, pipe: DRMPipe) {
    outputs.removeAll { $0.output.value == nil }
    outputs.append((pipe, WeakOutput(value: output)))
    guard source == nil, device.fileDescriptor >= 0 else { return }
    let source = DispatchSource.makeReadSource(fileDescriptor: device.fileDescriptor, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.readEvents() }
    }
    source.resume()
    self.source = source
  }

  /// Stops reading (the card is gone, or every output shut down).
  func stop() {
    source?.cancel()
    source = nil
  }

  /// Reads the waiting events and hands each output the latest of its CRTC. A failed read is
  /// every output's failure (the card may be gone).
  func readEvents() {
    let events: [DRMFlipEvent]
    do {
      events = try device.readFlipEvents()
    } catch {
      for entry in outputs { entry.output.value?.eventsFailed(error) }
      return
    }
    guard !events.isEmpty else { return }
    for entry in outputs {
      // Kernels before 4.12 stamp no CRTC (0): with one output, every event is its own.
      // The latest event of a CRTC is the one that counts (a flip completes once).
      let latest =
        outputs.count == 1 ? events.last : events.last { $0.crtc == entry.pipe.crtc }
      if let latest { entry.output.value?.flipEventArrived(latest) }
    }
  }
}
