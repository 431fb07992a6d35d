/// Turns key samples into `Press` objects and delivers them: a new press goes to the key
/// window's first responder (else the key window, else the application), which keeps it
/// until it ends; handlers not overridden pass presses up the responder chain.
@MainActor
final class PressRouter {
  private var active: [Int: Press] = [:]
  /// Keys whose press woke a blanked display: swallowed until they go up.
  private var swallowed: Set<Int> = []

  func send(_ samples: [PressSample], at time: Double, application: Application) {
    var began = PressGroups()
    var changed = PressGroups()
    var ended = PressGroups()
    var cancelled = PressGroups()
    for sample in samples {
      let code = sample.key.keyCode
      switch sample.phase {
      case .began:
        // A key already down (another keyboard, a lost key-up) stays one press.
        guard active[code] == nil, !swallowed.contains(code) else { continue }
        if application.noteUserActivity() {
          swallowed.insert(code)
          continue
        }
        let press = Press(key: sample.key, timestamp: time)
        let target = application.pressTarget
        press.responder = target
        active[code] = press
        began.add(press, for: target)
      case .changed:
        guard let press = active[code] else { continue }
        press.phase = .changed
        press.timestamp = time
        changed.add(press, for: press.responder ?? application.pressTarget)
      case .ended, .cancelled:
        if swallowed.remove(code) != nil { continue }
        guard let press = active.removeValue(forKey: code) else { continue }
        press.phase = sample.phase
        press.timestamp = time
        let target = press.responder ?? application.pressTarget
        if sample.phase == .ended {
          ended.add(press, for: target)
        } else {
          cancelled.add(press, for: target)
        }
      }
    }
    let event = Event(type: .presses, timestamp: time)
    event.allPresses = Set(active.values).union(ended.allPresses).union(cancelled.allPresses)
    for (responder, presses) in began.groups { responder.pressesBegan(presses, with: event) }
    for (responder, presses) in changed.groups { responder.pressesChanged(presses, with: event) }
    for (responder, presses) in ended.groups { responder.pressesEnded(presses, with: event) }
    for (responder, presses) in cancelled.groups {
      responder.pressesCancelled(presses, with: event)
    }
  }
}

/// Presses grouped by the responder they go to, in the order the responders first appear.
@MainActor
private struct PressGroups {
  private(set) var groups: [(responder: Responder, presses: Set<Press>)] = []

  mutating func add(_ press: Press, for responder: Responder) {
    if let index = groups.firstIndex(where: { $0.responder === responder }) {
      groups[index].presses.insert(press)
    } else {
      groups.append((responder, [press]))
    }
  }

  var allPresses: Set<Press> { Set(groups.flatMap(\.presses)) }
}
