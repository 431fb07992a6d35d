import KioskGraphics
#if compiler(>=6.3)
  import FoundationEssentials
#else
  // Swift 6.2 (the arm64 package's): NotificationCenter is Foundation's there
  // (KioskBase/NotificationMessages.swift).
  import Foundation
  import KioskBase
#endif

/// Shows and hides the on-screen keyboard's window: slides the keyboard in and out (it
/// takes taps while it slides), keeps it at the bottom of a screen that changes size,
/// posts UIKit's keyboard notifications, and lays out again the views that read
/// `keyboardLayoutGuide`.
@MainActor
final class KeyboardPresenter {
  private(set) var keyboardWindow: KeyboardWindow?
  /// Whether the keyboard is on screen (or sliding in).
  private(set) var isKeyboardVisible = false
  /// The keyboard's frame in screen points while it is shown.
  private(set) var keyboardFrame = Rect.zero
  /// Called where the keyboard's frame changes (inside the slide's animation, or at once),
  /// so what it covers can make room; `animated` says whether that may animate too.
  var keyboardDidMove: (@MainActor (_ animated: Bool) -> Void)?

  /// How long the keyboard takes to slide in or out, in seconds, and its curve.
  static let animationDuration = 0.25
  static let animationCurve = AnimationCurve.easeInOut

  /// Makes the keyboard window on `screen` unless it is already there.
  func prepareWindow(on screen: Screen) {
    if keyboardWindow == nil || keyboardWindow?.screen !== screen {
      keyboardWindow?.isHidden = true
      keyboardWindow = KeyboardWindow(screen: screen)
    }
  }

  /// The keyboard's frame for the screen's current size.
  private func targetFrame(on screen: Screen) -> Rect {
    let bounds = screen.bounds
    let height = OnScreenKeyboardView.height(
      screenHeight: bounds.height,
      candidateBar: keyboardWindow?.keyboardView.showsCandidateBar ?? false)
    return Rect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
  }

  /// Puts the shown keyboard where the screen's size and its keys want it (no slide).
  func layout() {
    guard let keyboardWindow, isKeyboardVisible else { return }
    let frame = targetFrame(on: keyboardWindow.screen)
    guard frame != keyboardFrame else { return }
    let old = keyboardFrame
    keyboardFrame = frame
    keyboardWindow.keyboardView.frame = frame
    post(Responder.KeyboardWillChangeFrameMessage.self, from: old, to: frame, duration: 0)
    post(Responder.KeyboardDidChangeFrameMessage.self, from: old, to: frame, duration: 0)
    keyboardDidMove?(false)
  }

  /// Slides the keyboard in (the window made by `prepareWindow(on:)`); a keyboard already
  /// shown only takes its new frame.
  func show(animated: Bool) {
    guard let keyboardWindow else { return }
    if isKeyboardVisible {
      layout()
      keyboardDidMove?(animated)
      return
    }
    isKeyboardVisible = true
    let end = targetFrame(on: keyboardWindow.screen)
    let begin = end.offsetBy(dx: 0, dy: end.height)
    keyboardFrame = end
    let view = keyboardWindow.keyboardView
    View.performWithoutAnimation { view.frame = begin }
    keyboardWindow.isHidden = false
    keyboardWindow.frameObserver = { [weak self] in self?.layout() }
    let duration = animated ? Self.animationDuration : 0
    // UIKit's order: the frame change around the showing.
    post(Responder.KeyboardWillChangeFrameMessage.self, from: begin, to: end, duration: duration)
    post(Responder.KeyboardWillShowMessage.self, from: begin, to: end, duration: duration)
    animate(duration: duration) {
      view.frame = end
      self.keyboardDidMove?(false)
      self.layoutGuideViewsNeedLayout()
    } completion: { [weak self] in
      guard let self, self.isKeyboardVisible else { return }
      self.post(
        Responder.KeyboardDidChangeFrameMessage.self, from: begin, to: end, duration: duration)
      self.post(Responder.KeyboardDidShowMessage.self, from: begin, to: end, duration: duration)
    }
  }

  /// Slides the keyboard out; its window hides when the slide ends.
  func hide(animated: Bool) {
    guard isKeyboardVisible, let keyboardWindow else { return }
    isKeyboardVisible = false
    let view = keyboardWindow.keyboardView
    view.cancelAllKeys()
    let begin = view.frame
    let end = begin.offsetBy(dx: 0, dy: begin.height)
    keyboardFrame = .zero
    let duration = animated ? Self.animationDuration : 0
    post(Responder.KeyboardWillChangeFrameMessage.self, from: begin, to: end, duration: duration)
    post(Responder.KeyboardWillHideMessage.self, from: begin, to: end, duration: duration)
    animate(duration: duration) {
      view.frame = end
      self.keyboardDidMove?(false)
      self.layoutGuideViewsNeedLayout()
    } completion: { [weak self, weak keyboardWindow] in
      guard let self else { return }
      if !self.isKeyboardVisible { keyboardWindow?.isHidden = true }
      self.post(
        Responder.KeyboardDidChangeFrameMessage.self, from: begin, to: end, duration: duration)
      self.post(Responder.KeyboardDidHideMessage.self, from: begin, to: end, duration: duration)
    }
  }

  private func animate(
    duration: Double, _ changes: @escaping () -> Void, completion: @escaping () -> Void
  ) {
    if duration > 0 {
      // The keyboard takes taps while it slides, as UIKit's does: a fast typist's first key
      // must not fall through to the app while the animation runs.
      View.animate(
        withDuration: duration, delay: 0, options: [.curveEaseInOut, .allowUserInteraction],
        animations: changes, completion: { _ in completion() })
    } else {
      View.performWithoutAnimation(changes)
      Transaction.scheduler { completion() }
    }
  }

  private func post<Message: KeyboardMessage>(
    _ message: Message.Type, from begin: Rect, to end: Rect, duration: Double
  ) {
    NotificationCenter.default.post(
      message.init(
        KeyboardChange(
          startFrame: begin, endFrame: end, animationDuration: duration,
          animationCurve: Self.animationCurve)))
  }

  // MARK: Views that follow the keyboard

  /// Views that read `keyboardLayoutGuide` lay out again when the keyboard moves.
  private var layoutGuideViews: [WeakView] = []

  func noteLayoutGuideUse(by view: View) {
    layoutGuideViews.removeAll { $0.view == nil }
    if !layoutGuideViews.contains(where: { $0.view === view }) {
      layoutGuideViews.append(WeakView(view: view))
    }
  }

  private func layoutGuideViewsNeedLayout() {
    for entry in layoutGuideViews {
      entry.view?.setNeedsLayout()
      entry.view?.layoutIfNeeded()
    }
  }
}
