/// Arbitrates between the gesture recognizers that touches reach, and decides what the
/// touched views see. One per application; the touch router hands it every event.
///
/// A touch that begins joins the recognizers of its view and of the view's ancestors
/// (those enabled that want it). Each event goes to those recognizers first, then to the
/// views, unless a recognizer holds the view's touches back (`delaysTouchesBegan`,
/// `delaysTouchesEnded`) or took them (`cancelsTouchesInView`). A recognizer asking to
/// begin or recognize waits for the recognizers it requires to fail, and fails if one of
/// them recognizes, if another one at work prevents it, or if its view or delegate say no;
/// once it is through, the recognizers sharing touches with it fail unless a delegate
/// lets them recognize simultaneously. Recognizers in a final state go back to `possible`
/// when the last touch of their sequence has ended.
@MainActor
final class GestureArena {
  /// The recognizers taking part, in the order they joined.
  private(set) var recognizers: [GestureRecognizer] = []
  /// Touches whose delivery to their view waits for recognizers, in the order held.
  var heldTouches: [Touch] = []
  /// Cancellations for views, delivered at the next safe point.
  var queuedCancellations: [(view: View, touches: Set<Touch>)] = []
  /// The groups of touches by view that deliveries to views reuse.
  var viewGroups = TouchGroups()
  private var queuedActions: [(recognizer: GestureRecognizer, state: GestureRecognizer.State)] =
    []
  /// Above zero while recognizers are being handed an event.
  private var dispatchDepth = 0
  private var isDraining = false
  /// An event for deliveries outside the router's own (released and cancelled touches).
  let makeEvent: @MainActor () -> Event

  init(makeEvent: @escaping @MainActor () -> Event) {
    self.makeEvent = makeEvent
  }

  // MARK: Events

  /// Hands one event to the recognizers, then to the views.
  func deliver(
    began: [Touch], moved: [Touch], ended: [Touch], cancelled: [Touch], event: Event
  ) {
    dispatchDepth += 1
    for touch in began { attachRecognizers(to: touch) }
    deliverToRecognizers(began, event) { $0.touchesBegan($1, with: $2) }
    deliverToRecognizers(moved, event) { $0.touchesMoved($1, with: $2) }
    deliverToRecognizers(ended, event) { $0.touchesEnded($1, with: $2) }
    deliverToRecognizers(cancelled, event) { $0.touchesCancelled($1, with: $2) }
    if !ended.isEmpty || !cancelled.isEmpty {
      // (Both lists searched in place: joining them would allocate on every lifted finger.)
      func isFinished(_ touch: Touch) -> Bool {
        ended.contains(touch) || cancelled.contains(touch)
      }
      for recognizer in recognizers where recognizer.liveTouches.contains(where: isFinished) {
        recognizer.lastCentroid = GestureRecognizer.centroid(of: recognizer.liveTouches)
        recognizer.liveTouches.removeAll(where: isFinished)
      }
    }
    dispatchDepth -= 1
    deliverToViews(began: began, moved: moved, ended: ended, cancelled: cancelled, event: event)
    settle()
  }

  /// The touch joins the recognizers of its view and the view's ancestors up to the window.
  private func attachRecognizers(to touch: Touch) {
    var current = touch.view
    while let view = current {
      for recognizer in view.attachedGestureRecognizers where recognizer.isEnabled {
        guard recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
        else { continue }
        touch.recognizers.append(recognizer)
        if recognizer.arena !== self {
          recognizer.arena = self
          recognizers.append(recognizer)
        }
        recognizer.liveTouches.append(touch)
        recognizer.sequenceTouches.append(touch)
      }
      if view is Window { break }
      current = view.superview
    }
  }

  private func deliverToRecognizers(
    _ touches: [Touch], _ event: Event,
    _ handler: (GestureRecognizer, Set<Touch>, Event) -> Void
  ) {
    guard !touches.isEmpty else { return }
    for recognizer in recognizers where recognizer.isEnabled && !recognizer.currentState.isFinal {
      // A recognizer reset or ignoring meanwhile no longer has the touch.
      let mine = touches.filter { recognizer.liveTouches.contains($0) }
      guard !mine.isEmpty else { continue }
      handler(recognizer, Set(mine), event)
      drain()
    }
  }

  // MARK: States

  /// A recognizer set its state.
  func request(_ newState: GestureRecognizer.State, from recognizer: GestureRecognizer) {
    switch (recognizer.currentState, newState) {
    case (.possible, .began), (.possible, .ended):
      if recognizer.pendingState == nil {
        recognizer.pendingState = newState
      } else if recognizer.pendingState == .began && newState == .ended {
        recognizer.pendingEnd = true
      }
      attemptRecognition(recognizer)
    case (.possible, .failed), (.possible, .cancelled):
      fail(recognizer)
    case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
      (.began, .cancelled), (.changed, .cancelled):
      transition(recognizer, to: newState)
    case (.began, .failed), (.changed, .failed):
      transition(recognizer, to: .cancelled)
    default:
      break  // `changed` before beginning is waiting; a final state holds until the reset
    }
    if dispatchDepth == 0 && !isDraining { settle() }
  }

  /// `isEnabled` was turned off: a gesture at work is cancelled, one undecided fails.
  func disable(_ recognizer: GestureRecognizer) {
    if recognizer.currentState.isInProgress {
      transition(recognizer, to: .cancelled)
    } else if recognizer.currentState == .possible {
      fail(recognizer)
    }
    if dispatchDepth == 0 && !isDraining { settle() }
  }

  /// The recognizer left its view: it stops at once, without actions.
  func remove(_ recognizer: GestureRecognizer) {
    recognizers.removeAll { $0 === recognizer }
    queuedActions.removeAll { $0.recognizer === recognizer }
    recognizer.arena = nil
    recognizer.clearSequence()
    if dispatchDepth == 0 && !isDraining { settle() }
  }

  private func transition(_ recognizer: GestureRecognizer, to state: GestureRecognizer.State) {
    recognizer.currentState = state
    queuedActions.append((recognizer, state))
  }

  private func fail(_ recognizer: GestureRecognizer) {
    recognizer.pendingState = nil
    recognizer.pendingEnd = false
    recognizer.currentState = .failed
  }

  /// Lets a waiting transition through if nothing stands in its way.
  private func attemptRecognition(_ recognizer: GestureRecognizer) {
    guard let target = recognizer.pendingState, recognizer.currentState == .possible else {
      return
    }
    switch requirementStatus(of: recognizer) {
    case .waiting: return
    case .failed: return fail(recognizer)
    case .clear: break
    }
    if isPrevented(recognizer) || !shouldBegin(recognizer) { return fail(recognizer) }
    recognizer.pendingState = nil
    transition(recognizer, to: target)
    for other in recognizers where other !== recognizer && other.currentState == .possible {
      if requires(other, toFail: recognizer) || prevents(recognizer, other) { fail(other) }
    }
    if recognizer.cancelsTouchesInView { cancelViewTouches(of: recognizer) }
    if target == .began && recognizer.pendingEnd {
      recognizer.pendingEnd = false
      transition(recognizer, to: .ended)
    }
  }

  private enum RequirementStatus { case clear, waiting, failed }

  private func requirementStatus(of recognizer: GestureRecognizer) -> RequirementStatus {
    var status = RequirementStatus.clear
    for other in recognizers where other !== recognizer && requires(recognizer, toFail: other) {
      switch other.currentState {
      case .began, .changed, .ended: return .failed
      case .possible: status = .waiting
      case .failed, .cancelled: break
      }
    }
    // Required recognizers that no touch reached are not part of this gesture: as failed.
    return status
  }

  private func requires(_ recognizer: GestureRecognizer, toFail other: GestureRecognizer) -> Bool {
    recognizer.failureRequirements.contains { $0.recognizer === other }
      || recognizer.shouldRequireFailure(of: other)
      || other.shouldBeRequiredToFail(by: recognizer)
      || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
      || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
  }

  /// Whether a recognizer already at work (or recognized) keeps `recognizer` from beginning.
  private func isPrevented(_ recognizer: GestureRecognizer) -> Bool {
    recognizers.contains { other in
      other !== recognizer && (other.currentState.isInProgress || other.currentState == .ended)
        && prevents(other, recognizer)
    }
  }

  /// Whether `winner`, recognizing, makes `other` fail: they share a touch, no delegate lets
  /// them recognize together, and both agree that one prevents the other.
  private func prevents(_ winner: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
    guard winner.sequenceTouches.contains(where: other.sequenceTouches.contains) else {
      return false
    }
    let simultaneous =
      winner.delegate?.gestureRecognizer(winner, shouldRecognizeSimultaneouslyWith: other) == true
      || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: winner)
        == true
    return !simultaneous && winner.canPrevent(other) && other.canBePrevented(by: winner)
  }

  /// The recognizer's view, the views its touches landed on (as in UIKit: a button
  /// keeps a superview's single tap from beating its own action; a slider keeps a scroll
  /// view's pan off its thumb) and the delegate may each refuse.
  private func shouldBegin(_ recognizer: GestureRecognizer) -> Bool {
    guard recognizer.view?.gestureRecognizerShouldBegin(recognizer) ?? true else { return false }
    var asked: [View] = []
    for touch in recognizer.sequenceTouches {
      guard let view = touch.view, view !== recognizer.view, !asked.contains(where: { $0 === view })
      else { continue }
      asked.append(view)
      if !view.gestureRecognizerShouldBegin(recognizer) { return false }
    }
    return recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true
  }

  // MARK: Settling

  /// Runs what state changes set off, then resets the recognizers that are done.
  private func settle() {
    drain()
    sweep()
  }

  /// Until nothing more happens: waiting recognizers whose requirements settled go on,
  /// held touches reach their views, cancellations and actions are delivered.
  private func drain() {
    guard !isDraining else { return }
    isDraining = true
    defer { isDraining = false }
    var progressed = true
    while progressed {
      progressed = false
      for recognizer in recognizers where recognizer.isWaitingToRecognize {
        attemptRecognition(recognizer)
        if !recognizer.isWaitingToRecognize { progressed = true }
      }
      if deliverQueuedCancellations() { progressed = true }
      // Within an event, held touches wait for its view pass, which brings them up to date.
      if dispatchDepth == 0 && releaseHeldTouches() { progressed = true }
      if !queuedActions.isEmpty {
        let batch = queuedActions
        queuedActions.removeAll()
        for (recognizer, state) in batch { recognizer.sendActions(for: state) }
        progressed = true
      }
    }
  }

  /// Recognizers in a final state with no touch down go back to `possible`.
  private func sweep() {
    for recognizer in recognizers
    where recognizer.currentState.isFinal && recognizer.liveTouches.isEmpty {
      recognizer.arena = nil
      recognizer.clearSequence()
    }
    recognizers.removeAll { $0.arena !== self }
    heldTouches.removeAll { $0.viewDelivery == .done || $0.viewDelivery == .delivered }
  }
}
