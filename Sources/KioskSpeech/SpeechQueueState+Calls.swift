import FoundationEssentials

extension SpeechQueueState {
  /// Marks the start of a call into `component`; false when speech went off meanwhile.
  func begin(_ component: String) -> Bool {
    locked {
      guard status.isOn, !isShutDown else { return false }
      call = Call(component: component, since: .now)
      // The watchdog sleeps while no call is under way.
      condition.broadcast()
      return true
    }
  }

  /// Marks the end of a call; false when speech went off meanwhile (the watchdog gave up on
  /// the call: this worker is abandoned and must stop).
  func end() -> Bool {
    locked {
      call = nil
      return status.isOn && !isShutDown
    }
  }

  /// Marks progress: a call into `component` starts now. False when the utterance of
  /// `generation` is to stop (interrupted, speech off).
  func progress(to component: String, generation: UInt64? = nil) -> Bool {
    locked {
      guard status.isOn, !isShutDown, generation.map({ $0 == self.generation }) ?? true else {
        return false
      }
      call = Call(component: component, since: .now)
      return true
    }
  }

  /// Holds the utterance of `generation` while speech is paused (no call is under way then,
  /// so the watchdog does not count the pause). False when it is to stop.
  func waitWhilePaused(generation: UInt64) -> Bool {
    locked {
      let held = call
      while isPaused, generation == self.generation, status.isOn, !isShutDown {
        call = nil
        condition.wait()
      }
      guard generation == self.generation, status.isOn, !isShutDown else { return false }
      if let held { call = Call(component: held.component, since: .now) }
      return true
    }
  }

  /// After an utterance: lets it play out, or drops the rest of it when it was interrupted;
  /// a failure of the synthesiser or the sink turns speech off.
  func finish(generation: UInt64, failure: SpeechError?, sink: any AudioSink) {
    let interrupted: Bool? = locked {
      call = nil
      guard status.isOn, !isShutDown else { return nil }
      if let failure {
        turnOffLocked(failure.description)
        return nil
      }
      return generation != self.generation
    }
    defer { locked { current = nil } }
    guard let interrupted, begin(sink.name) else { return }
    if interrupted {
      sink.discard()
    } else {
      do {
        try sink.finishUtterance()
      } catch {
        locked { turnOffLocked(error.description) }
      }
    }
    _ = end()
  }

  /// The watchdog thread: turns speech off when a call into the synthesiser or the sink has
  /// made no progress for `deadline`. The hung thread cannot be stopped; it is left behind,
  /// and what comes after is dropped rather than piled up behind it.
  func runWatchdog() {
    locked {
      while !isShutDown, status.isOn {
        guard let call else {
          condition.wait()
          continue
        }
        let due = call.since + deadline
        let now = ContinuousClock.now
        if now >= due {
          turnOffLocked("\(call.component) did not answer within \(deadlineText)")
          return
        }
        condition.wait(until: due + .milliseconds(1))
      }
    }
  }
}
