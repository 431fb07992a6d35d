/// Actions: closures called at every change of a recognizer's state.
extension GestureRecognizer {
  /// Removes the actions added for `target` (`nil`: every action).
  public func removeTarget(_ target: AnyObject?) {
    if let target {
      actions.removeAll { $0.target === target }
    } else {
      actions.removeAll()
    }
  }

  /// Calls the actions for the state just entered.
  func sendActions(for state: State) {
    actions.removeAll { $0.hasTarget && $0.target == nil }
    stateForActions = state
    defer { stateForActions = nil }
    for action in actions {
      guard action.hasTarget else {
        action.perform(nil, self)
        continue
      }
      guard let target = action.target else { continue }
      action.perform(target, self)
    }
  }
}

/// One action of a recognizer: a closure, with the target it belongs to (held weakly).
struct GestureAction {
  let hasTarget: Bool
  weak var target: AnyObject?
  let perform: @MainActor (AnyObject?, GestureRecognizer) -> Void

  init(target: AnyObject?, perform: @escaping @MainActor (AnyObject?, GestureRecognizer) -> Void) {
    self.hasTarget = target != nil
    self.target = target
    self.perform = perform
  }
}

/// The initializers and the method that give a recognizer actions, with the recognizer's own
/// class (`Self`) in the action's closure: `PanGestureRecognizer(target: self) { $0.move($1) }`
/// hands `move` a `PanGestureRecognizer`. They live on this protocol rather than on the
/// class because Swift 6.2 compilers leave a class member's `Self` in a closure parameter
/// unresolved at the call site ("cannot convert value of type 'Self'"), while in a protocol
/// extension `Self` is the caller's static type on every compiler, Debian's Swift 6.2 (which
/// builds the arm64 package) included. Every ``GestureRecognizer`` conforms; nothing else
/// needs to.
@MainActor public protocol GestureRecognizerTargetActions: GestureRecognizer {
  /// Creates a recognizer without actions.
  init()
}

extension GestureRecognizer: GestureRecognizerTargetActions {}

extension GestureRecognizerTargetActions {
  /// Creates a recognizer that calls `action` at every change of its state (for a discrete
  /// gesture: when it is recognized).
  ///
  /// ```swift
  /// view.addGestureRecognizer(TapGestureRecognizer { tap in select(at: tap.location(in: view)) })
  /// ```
  public init(action: @escaping @MainActor (Self) -> Void) {
    self.init()
    actions.append(
      GestureAction(target: nil) { _, recognizer in
        if let recognizer = recognizer as? Self { action(recognizer) }
      })
  }

  /// Creates a recognizer that calls `action` with `target` (held weakly) and itself at
  /// every change of its state.
  ///
  /// ```swift
  /// let tap = TapGestureRecognizer(target: self, action: { $0.cardTapped($1) })
  /// ```
  public init<Target: AnyObject>(
    target: Target, action: @escaping @MainActor (Target, Self) -> Void
  ) {
    self.init()
    addTarget(target, action: action)
  }

  /// Adds an action: `action` is called with `target` and this recognizer at every change
  /// of state, as long as `target` lives (it is held weakly).
  ///
  /// ```swift
  /// swipe.addTarget(self, action: { controller, _ in controller.showNextPage() })
  /// ```
  public func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping @MainActor (Target, Self) -> Void
  ) {
    actions.append(
      GestureAction(target: target) { target, recognizer in
        if let target = target as? Target, let recognizer = recognizer as? Self {
          action(target, recognizer)
        }
      })
  }
}
