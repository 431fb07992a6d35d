import KioskGraphics

extension Control {
  // MARK: Target-action

  /// Calls `action` with `target` whenever one of `controlEvents` happens. The control
  /// holds `target` weakly: once the target is gone, the action is not called again.
  ///
  /// ```swift
  /// button.addTarget(self, action: { $0.save() }, for: .touchUpInside)
  /// ```
  public func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping @MainActor (Target) -> Void, for controlEvents: Event
  ) {
    addRegistration(target: target, events: controlEvents) { object, _ in
      if let target = object as? Target { action(target) }
    }
  }

  /// Calls `action` with `target` and the control that sent the event whenever one of
  /// `controlEvents` happens (target held weakly).
  ///
  /// ```swift
  /// slider.addTarget(self, action: { $0.volumeChanged($1) }, for: .valueChanged)
  /// ```
  public func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping @MainActor (Target, Control) -> Void,
    for controlEvents: Event
  ) {
    addRegistration(target: target, events: controlEvents) { object, sender in
      if let target = object as? Target { action(target, sender) }
    }
  }

  /// Calls a method of `target` without arguments whenever one of `controlEvents` happens
  /// (target held weakly).
  ///
  /// ```swift
  /// button.addTarget(self, action: SettingsController.save, for: .touchUpInside)
  /// ```
  public func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping @MainActor (Target) -> () -> Void,
    for controlEvents: Event
  ) {
    addRegistration(target: target, events: controlEvents) { object, _ in
      if let target = object as? Target { action(target)() }
    }
  }

  /// Calls a method of `target` taking the sending control whenever one of
  /// `controlEvents` happens (target held weakly).
  public func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping @MainActor (Target) -> (Control) -> Void,
    for controlEvents: Event
  ) {
    addRegistration(target: target, events: controlEvents) { object, sender in
      if let target = object as? Target { action(target)(sender) }
    }
  }

  private func addRegistration(
    target: AnyObject, events: Event, invoke: @escaping @MainActor (AnyObject, Control) -> Void
  ) {
    guard !events.isEmpty else { return }
    registrations.append(
      ActionRegistration(kind: .target(invoke: invoke), events: events, target: target))
  }

  /// Stops calling `target`'s actions for `controlEvents` (`nil`: every target's).
  public func removeTarget(_ target: AnyObject?, for controlEvents: Event = .allEvents) {
    for registration in registrations {
      guard case .target = registration.kind else { continue }
      if let target, registration.target !== target { continue }
      registration.events.subtract(controlEvents)
    }
    pruneRegistrations()
  }

  /// The targets of the control's target-actions that are still alive.
  public var allTargets: [AnyObject] {
    var targets: [AnyObject] = []
    for registration in registrations {
      guard let target = registration.target, !targets.contains(where: { $0 === target })
      else { continue }
      targets.append(target)
    }
    return targets
  }

  /// Every event some action or target-action is registered for.
  public var allControlEvents: Event {
    registrations.filter { !$0.isDead }.reduce(into: Event()) { $0.formUnion($1.events) }
  }

  // MARK: Actions

  /// Performs `action` whenever one of `controlEvents` happens. An action with the same
  /// identifier that was added before no longer answers those events.
  public func addAction(_ action: Action, for controlEvents: Event) {
    guard !controlEvents.isEmpty else { return }
    removeAction(identifiedBy: action.identifier, for: controlEvents)
    registrations.append(
      ActionRegistration(kind: .action(action), events: controlEvents, target: nil))
  }

  /// Stops performing `action` for `controlEvents`.
  public func removeAction(_ action: Action, for controlEvents: Event) {
    removeAction(identifiedBy: action.identifier, for: controlEvents)
  }

  /// Stops performing the action with `identifier` for `controlEvents`.
  public func removeAction(identifiedBy identifier: Action.Identifier, for controlEvents: Event) {
    for registration in registrations where registration.action?.identifier == identifier {
      registration.events.subtract(controlEvents)
    }
    pruneRegistrations()
  }

  /// Calls `body` with each action registered and the events it answers, in the order they
  /// were added.
  public func enumerateActions(_ body: (Action, Event) -> Void) {
    for registration in registrations {
      if let action = registration.action { body(action, registration.events) }
    }
  }

  // MARK: Sending

  /// Performs every action and calls every target-action registered for any of
  /// `controlEvents`, in the order they were added; each at most once.
  public func sendActions(for controlEvents: Event) {
    guard !registrations.isEmpty else { return }
    // A handler may add or remove registrations: walk the table as it was.
    let table = registrations
    for registration in table where !registration.events.isDisjoint(with: controlEvents) {
      switch registration.kind {
      case .target(let invoke):
        if let target = registration.target { invoke(target, self) }
      case .action(let action):
        action.perform(from: self)
      }
    }
    if table.contains(where: \.isDead) { pruneRegistrations() }
  }

  /// Performs `action` as if this control had sent it.
  public func sendAction(_ action: Action) {
    action.perform(from: self)
  }

  private func pruneRegistrations() {
    registrations.removeAll { $0.isDead || $0.events.isEmpty }
  }
}
