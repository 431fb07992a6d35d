/// What the touched views see, after the recognizers had their say.
extension GestureArena {
  /// Delivers an event's touches to their views: held back while an undecided recognizer
  /// delays them, not at all once a recognizer took them.
  func deliverToViews(
    began: [Touch], moved: [Touch], ended: [Touch], cancelled: [Touch], event: Event
  ) {
    // Taken out while in use: a handler that delivers touches gets groups of its own.
    var groups = viewGroups
    viewGroups = TouchGroups()
    defer {
      groups.reset()
      viewGroups = groups
    }
    for touch in began where touch.viewDelivery == .pending {
      if isClaimed(touch) {
        touch.viewDelivery = .done
      } else if holdsBegan(touch) {
        heldTouches.append(touch)
      } else if let view = touch.view {
        touch.viewDelivery = .delivered
        groups.add(touch, for: view)
      }
    }
    for (view, touches) in groups.groups { view.touchesBegan(touches, with: event) }

    groups.reset()
    for touch in moved {
      if touch.viewDelivery == .delivered, let view = touch.view {
        groups.add(touch, for: view)
      } else if touch.viewDelivery == .pending {
        touch.heldMoved = true
      }
    }
    for (view, touches) in groups.groups { view.touchesMoved(touches, with: event) }

    groups.reset()
    for touch in ended {
      if touch.viewDelivery == .delivered {
        if holdsEnded(touch) {
          touch.viewDelivery = .endingHeld
          heldTouches.append(touch)
        } else if let view = touch.view {
          touch.viewDelivery = .done
          groups.add(touch, for: view)
        }
      } else if touch.viewDelivery == .pending {
        touch.heldEnd = .ended
      }
    }
    for (view, touches) in groups.groups { view.touchesEnded(touches, with: event) }

    groups.reset()
    for touch in cancelled {
      switch touch.viewDelivery {
      case .delivered, .endingHeld:
        touch.viewDelivery = .done
        if let view = touch.view { groups.add(touch, for: view) }
      case .pending:
        touch.viewDelivery = .done  // the view never saw it begin
      case .done:
        break
      }
    }
    for (view, touches) in groups.groups { view.touchesCancelled(touches, with: event) }
  }

  /// Whether a recognizer already at work took this new touch from its view (a second
  /// finger joining a pan in progress).
  private func isClaimed(_ touch: Touch) -> Bool {
    touch.recognizers.contains {
      $0.arena === self && $0.currentState.isInProgress && $0.cancelsTouchesInView
        && $0.liveTouches.contains(touch)
    }
  }

  /// Whether an undecided recognizer keeps the view from seeing `touch` begin.
  func holdsBegan(_ touch: Touch) -> Bool {
    touch.recognizers.contains {
      $0.delaysTouchesBegan && isUndecided($0, about: touch)
    }
  }

  /// Whether an undecided recognizer keeps the view from hearing that `touch` ended.
  func holdsEnded(_ touch: Touch) -> Bool {
    touch.recognizers.contains {
      $0.delaysTouchesEnded && isUndecided($0, about: touch)
    }
  }

  private func isUndecided(_ recognizer: GestureRecognizer, about touch: Touch) -> Bool {
    recognizer.arena === self && recognizer.isEnabled && recognizer.currentState == .possible
      && recognizer.sequenceTouches.contains(touch)
  }

  /// The recognizer began or recognized: its touches leave their views (those the views
  /// have get `touchesCancelled` at the next safe point, held ones are dropped).
  func cancelViewTouches(of recognizer: GestureRecognizer) {
    var groups = TouchGroups()
    for touch in recognizer.sequenceTouches {
      switch touch.viewDelivery {
      case .pending:
        touch.viewDelivery = .done
      case .delivered, .endingHeld:
        touch.viewDelivery = .done
        if let view = touch.view { groups.add(touch, for: view) }
      case .done:
        break
      }
    }
    queuedCancellations += groups.groups
  }

  /// Delivers the cancellations recognizers caused; returns whether there were any.
  func deliverQueuedCancellations() -> Bool {
    guard !queuedCancellations.isEmpty else { return false }
    let batch = queuedCancellations
    queuedCancellations.removeAll()
    let event = makeEvent()
    for (view, touches) in batch { view.touchesCancelled(touches, with: event) }
    return true
  }

  /// Hands held touches to their views once no recognizer holds them any more, replaying
  /// what happened meanwhile in order; returns whether any was released.
  func releaseHeldTouches() -> Bool {
    var released = false
    for touch in heldTouches {
      switch touch.viewDelivery {
      case .pending where !holdsBegan(touch):
        released = true
        replay(touch)
      case .endingHeld where !holdsEnded(touch):
        released = true
        touch.viewDelivery = .done
        send(touch, as: .ended)
      default:
        break
      }
    }
    heldTouches.removeAll { $0.viewDelivery == .done || $0.viewDelivery == .delivered }
    return released
  }

  private func replay(_ touch: Touch) {
    touch.viewDelivery = .delivered
    send(touch, as: .began)
    if touch.heldMoved && touch.viewDelivery == .delivered { send(touch, as: .moved) }
    guard touch.viewDelivery == .delivered, let end = touch.heldEnd else { return }
    if end == .ended && holdsEnded(touch) {
      touch.viewDelivery = .endingHeld
    } else {
      touch.viewDelivery = .done
      send(touch, as: end)
    }
  }

  /// Delivers one touch to its view as it was in `phase`.
  private func send(_ touch: Touch, as phase: Touch.Phase) {
    guard let view = touch.view else { return }
    let current = touch.phase
    touch.phase = phase
    defer { touch.phase = current }
    let event = makeEvent()
    switch phase {
    case .began: view.touchesBegan([touch], with: event)
    case .moved, .stationary: view.touchesMoved([touch], with: event)
    case .ended: view.touchesEnded([touch], with: event)
    case .cancelled: view.touchesCancelled([touch], with: event)
    }
  }

  /// Lifted touches still held from views that `matches` picks (they left the window): the
  /// views that have them get `touchesCancelled`, the others never see them.
  func cancelHeldTouches(where matches: (Touch) -> Bool) {
    var groups = TouchGroups()
    for touch in heldTouches where matches(touch) {
      if touch.viewDelivery == .endingHeld, let view = touch.view {
        groups.add(touch, for: view)
      }
      touch.viewDelivery = .done
    }
    heldTouches.removeAll { $0.viewDelivery == .done }
    guard !groups.groups.isEmpty else { return }
    let event = makeEvent()
    for (view, touches) in groups.groups { view.touchesCancelled(touches, with: event) }
  }
}
