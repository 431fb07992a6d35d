/// The scroll view's own recognizer that decides when touches reach the content, after
/// UIKit's: it holds them back (`delaysTouchesBegan`) and fails, which lets them through,
/// once the finger has rested about 150 ms without the pan beginning or when it lifts
/// first. A pan that begins meanwhile makes it fail with the touches taken, so the content
/// never sees them. It recognizes, swallowing the touches, when the touch stopped a glide
/// or the scroll view refuses them (`touchesShouldBegin(_:with:in:)`); it never keeps the
/// pan from beginning.
@MainActor
final class ScrollViewTouchDelayRecognizer: GestureRecognizer {
  /// How long a resting finger is held back from the content.
  static let delay = 0.15

  private var deadline: ScheduledAction?

  required init() {
    super.init()
    delaysTouchesBegan = true
    name = "scroll view touch delay"
  }

  private var scrollView: ScrollView? { view as? ScrollView }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard let scrollView, state == .possible else { return }
    if scrollView.touchesDidBegin(touches) {
      state = .recognized
    } else if !scrollView.delaysContentTouches {
      release(with: event)
    } else if deadline == nil {
      deadline = ScheduledAction.after(Self.delay) { [weak self] in
        guard let self, self.state == .possible else { return }
        self.release(with: nil)
      }
    }
  }

  override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    if state == .possible { release(with: event) }
  }

  override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    if state == .possible { state = .failed }
  }

  override func reset() {
    super.reset()
    deadline?.cancel()
    deadline = nil
    scrollView?.touchSequenceDidEnd()
  }

  /// Never makes another recognizer fail: the pan may begin after this one swallowed the
  /// touch that stopped a glide.
  override func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { false }

  /// Lets the touches through (by failing) unless the scroll view refuses them for their
  /// view, in which case they are swallowed.
  private func release(with event: Event?) {
    guard let scrollView else { return }
    var byView: [ObjectIdentifier: (view: View, touches: Set<Touch>)] = [:]
    for touch in sequenceTouches {
      guard let view = touch.view, view !== scrollView else { continue }
      byView[ObjectIdentifier(view), default: (view, [])].touches.insert(touch)
    }
    let refused = byView.values.contains { entry in
      !scrollView.touchesShouldBegin(entry.touches, with: event, in: entry.view)
    }
    state = refused ? .recognized : .failed
  }
}
