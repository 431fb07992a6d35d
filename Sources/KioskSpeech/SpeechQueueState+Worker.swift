import FoundationEssentials

extension SpeechQueueState {
  /// The worker thread: takes the next utterance, synthesises it and writes it to the sink,
  /// until the queue is shut down or speech turns off.
  func runWorker(synthesizer: any SpeechSynthesizer, sink: any AudioSink) {
    guard open(sink, sampleRate: synthesizer.sampleRate) else { return }
    while let (next, generation) = waitForNext() {
      speak(next, generation: generation, synthesizer: synthesizer, sink: sink)
    }
    // A hung call leaves its worker behind (abandoned); only a worker that came back closes.
    if locked({ call == nil }) { sink.close() }
  }

  /// Opens the sink once, before the first utterance; a failure turns speech off.
  private func open(_ sink: any AudioSink, sampleRate: Int) -> Bool {
    guard begin(sink.name) else { return false }
    do {
      try sink.open(sampleRate: sampleRate)
      return end()
    } catch {
      locked {
        call = nil
        turnOffLocked(error.description)
      }
      return false
    }
  }

  /// Waits for an utterance to speak (and speech to be on and not paused); nil when the
  /// worker is to stop.
  private func waitForNext() -> (PendingUtterance, UInt64)? {
    locked {
      while !isShutDown, status.isOn, pending.isEmpty || isPaused {
        condition.wait()
      }
      guard !isShutDown, status.isOn, let next = pending.removeNext() else { return nil }
      current = next.utterance
      recordLocked(next.utterance)
      return (next, generation)
    }
  }

  /// Speaks one utterance, chunk by chunk, stopping at the first chunk after an
  /// interruption.
  private func speak(
    _ next: PendingUtterance, generation: UInt64, synthesizer: any SpeechSynthesizer,
    sink: any AudioSink
  ) {
    var firstSample = true
    var failure: SpeechError?
    guard begin(synthesizer.name) else { return }
    do throws(SpeechError) {
      try synthesizer.synthesize(next.utterance.text, language: next.utterance.language) {
        samples in
        guard waitWhilePaused(generation: generation),
          progress(to: sink.name, generation: generation)
        else {
          return false
        }
        do throws(SpeechError) {
          try sink.write(samples)
        } catch {
          failure = error
          return false
        }
        if firstSample {
          firstSample = false
          let latency = ContinuousClock.now - next.requestedAt
          locked { lastFirstSampleLatency = latency }
        }
        return progress(to: synthesizer.name, generation: generation)
      }
    } catch {
      // One language without a voice: that utterance is not heard; the others still are.
      if case .voiceNotFound = error {
        logger?.warning("Speech: \(error)")
      } else {
        failure = error
      }
    }
    finish(generation: generation, failure: failure, sink: sink)
  }
}
