import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A drawer on the right of the container, with a dimming view of its own that fades in and
/// out alongside the transition; it logs its hooks.
@MainActor
final class DrawerPresentation: PresentationController {
  let dimming = View()
  var hooks: [String] = []

  override var frameOfPresentedViewInContainerView: Rect {
    guard let bounds = containerView?.bounds else { return .zero }
    return Rect(x: bounds.width - 120, y: 0, width: 120, height: bounds.height)
  }

  override func presentationTransitionWillBegin() {
    hooks.append("willBegin coordinator:\(presentedViewController.transitionCoordinator != nil)")
    guard let containerView else { return }
    dimming.backgroundColor = Color(white: 0, alpha: 0.5)
    dimming.frame = containerView.bounds
    dimming.alpha = 0
    containerView.insertSubview(dimming, at: 0)
    presentedViewController.transitionCoordinator?.animate(
      alongsideTransition: { _ in self.dimming.alpha = 1 },
      completion: { coordinator in self.hooks.append("alongside done \(!coordinator.isCancelled)") }
    )
  }
  override func presentationTransitionDidEnd(_ completed: Bool) {
    hooks.append("didEnd \(completed)")
    if !completed { dimming.removeFromSuperview() }
  }
  override func dismissalTransitionWillBegin() {
    hooks.append("dismissWillBegin")
    presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
      self.dimming.alpha = 0
    })
  }
  override func dismissalTransitionDidEnd(_ completed: Bool) {
    hooks.append("dismissDidEnd \(completed)")
  }
  override func containerViewDidLayoutSubviews() {
    if hooks.last != "layout" { hooks.append("layout") }
  }
}

/// Slides the presented view in from the right edge and out again; logs what it is told.
@MainActor
final class SlideAnimator: ViewControllerAnimatedTransitioning {
  var ended: [Bool] = []
  var duration = 0.4
  /// Set by the delegate: whether it animates a presentation or a dismissal.
  var presenting = true

  func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?)
    -> Double
  { duration }

  func animateTransition(using context: any ViewControllerContextTransitioning) {
    let container = context.containerView
    // Linear, so that a fraction of the transition is that fraction of the way.
    if presenting, let view = context.view(forKey: .to),
      let to = context.viewController(forKey: .to)
    {
      let final = context.finalFrame(for: to)
      container.addSubview(view)
      view.frame = final.offsetBy(dx: container.bounds.width - final.minX, dy: 0)
      View.animate(
        withDuration: duration, options: .curveLinear, animations: { view.frame = final },
        completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    } else if !presenting, let view = context.view(forKey: .from) {
      View.animate(
        withDuration: duration, options: .curveLinear,
        animations: { view.center.x += container.bounds.width - view.frame.minX },
        completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    }
  }

  func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

/// Gives the drawer, the animator and (when set) an interaction controller.
@MainActor
final class DrawerTransitions: ViewControllerTransitioningDelegate {
  let animator = SlideAnimator()
  var interaction: PercentDrivenInteractiveTransition?
  var drawer: DrawerPresentation?
  var custom = true

  func presentationController(
    forPresented presented: ViewController, presenting: ViewController?, source: ViewController
  ) -> PresentationController? {
    let drawer = DrawerPresentation(presentedViewController: presented, presenting: presenting)
    self.drawer = drawer
    return drawer
  }
  func animationController(
    forPresented presented: ViewController, presenting: ViewController, source: ViewController
  ) -> (any ViewControllerAnimatedTransitioning)? {
    animator.presenting = true
    return custom ? animator : nil
  }
  func animationController(forDismissed dismissed: ViewController)
    -> (any ViewControllerAnimatedTransitioning)?
  {
    animator.presenting = false
    return custom ? animator : nil
  }
  func interactionControllerForPresentation(
    using animator: any ViewControllerAnimatedTransitioning
  ) -> (any ViewControllerInteractiveTransitioning)? { interaction }
  func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning)
    -> (any ViewControllerInteractiveTransitioning)?
  { interaction }
}

/// UIKit's custom presentations: a `PresentationController` subclass from the transitioning
/// delegate, animators, and percent-driven interactive transitions that finish or go back.
@MainActor
struct CustomPresentationTests {
  private func drawer(on stage: PresentationStage, transitions: DrawerTransitions)
    -> PresentationProbe
  {
    let b = stage.controller("B", style: .custom)
    b.transitioningDelegate = transitions
    return b
  }

  /// A stage whose drawer transitions a percent-driven interaction drives.
  private func interactiveStage() throws -> (
    PresentationStage, DrawerTransitions, PercentDrivenInteractiveTransition
  ) {
    let transitions = DrawerTransitions()
    let interaction = PercentDrivenInteractiveTransition()
    transitions.interaction = interaction
    return (try PresentationStage(), transitions, interaction)
  }

  /// The presented view's place on screen as it is shown now (mid-animation included).
  private func shownMinX(_ controller: ViewController) -> Double {
    let view = controller.view
    guard let wrapper = view.superview else { return .nan }
    return wrapper.layer.presented.position.x - wrapper.layer.presented.bounds.width / 2
  }

  @Test func aCustomPresentationControllerPlacesTheViewAndAddsItsOwnViews() throws {
    let stage = try PresentationStage()
    let transitions = DrawerTransitions()
    transitions.custom = false
    let b = drawer(on: stage, transitions: transitions)
    var completed = 0
    stage.root.present(b, animated: true) { completed += 1 }
    let drawer = try #require(transitions.drawer)
    #expect(b.presentationController === drawer)
    #expect(drawer.presentationStyle == .custom)
    #expect(drawer.hooks.contains("willBegin coordinator:true"))
    stage.app.advance(by: 1)
    #expect(completed == 1)
    #expect(drawer.hooks.contains("didEnd true"))
    #expect(drawer.hooks.contains("alongside done true"))
    #expect(drawer.hooks.contains("layout"))
    #expect(b.transitionCoordinator == nil)
    #expect(b.view.convert(b.view.bounds, to: nil) == Rect(x: 180, y: 0, width: 120, height: 200))
    // What is under a custom presentation stays (shouldRemovePresentersView is false), dimmed.
    #expect(stage.root.view.window === stage.app.window)
    #expect(drawer.dimming.alpha == 1 && drawer.dimming.superview === drawer.containerView)
    let snapshot = stage.app.snapshot()
    #expect(snapshot.pixel(x: 250, y: 100) == Color(hex: 0xff3b30))
    #expect(snapshot.pixel(x: 50, y: 100) != Color(hex: 0x007aff))
    stage.root.dismiss(animated: true)
    stage.app.advance(by: 1)
    #expect(drawer.hooks.suffix(2) == ["dismissWillBegin", "dismissDidEnd true"])
    #expect(drawer.dimming.window == nil)
    #expect(stage.app.snapshot().pixel(x: 250, y: 100) == Color(hex: 0x007aff))
  }

  @Test func anAnimatorRunsThePresentationAndTheDismissal() throws {
    let stage = try PresentationStage()
    let transitions = DrawerTransitions()
    let b = drawer(on: stage, transitions: transitions)
    var completed = 0
    stage.root.present(b, animated: true) { completed += 1 }
    // The animator put the view in the container, off the right edge, sliding in.
    #expect(b.view.superview?.superview === transitions.drawer?.containerView)
    stage.app.advance(by: 0.2)
    let halfway = shownMinX(b)
    #expect(halfway > 180 && halfway < 300)
    #expect(completed == 0)
    stage.app.advance(by: 0.4)
    #expect(completed == 1 && transitions.animator.ended == [true])
    #expect(b.view.convert(b.view.bounds, to: nil).minX == 180)
    stage.root.dismiss(animated: true)
    stage.app.advance(by: 0.2)
    #expect(shownMinX(b) > 180 && stage.root.presentedViewController === b)
    stage.app.advance(by: 0.4)
    #expect(stage.root.presentedViewController == nil && b.view.window == nil)
    #expect(transitions.animator.ended == [true, true])
  }

  @Test func aPercentDrivenPresentationFollowsTheFingerAndFinishes() throws {
    let (stage, transitions, interaction) = try interactiveStage()
    let b = drawer(on: stage, transitions: transitions)
    var completed = 0
    b.loadViewIfNeeded()
    stage.log.entries = []
    stage.root.present(b, animated: true) { completed += 1 }
    #expect(b.transitionCoordinator?.isInteractive == true)
    interaction.update(0.25)
    stage.app.advance(by: 0.5)  // held: time alone does not move it
    #expect(abs(shownMinX(b) - (180 + 120 * 0.75)) < 0.5)
    interaction.update(0.5)
    stage.app.advance(by: 0.05)
    #expect(abs(shownMinX(b) - 240) < 0.5)
    // The drawer's dimming fades alongside, on the same clock (half way on its curve too).
    #expect(abs(transitions.drawer!.dimming.layer.presented.opacity - 0.5) < 0.01)
    #expect(completed == 0 && stage.root.presentedViewController === b)
    interaction.completionSpeed = 2
    interaction.finish()
    // The other half of 0.4 s at twice the speed: 0.1 s.
    stage.app.advance(by: 0.07)
    #expect(completed == 0)
    stage.app.advance(by: 0.1)
    #expect(completed == 1 && transitions.animator.ended == [true])
    #expect(b.view.convert(b.view.bounds, to: nil).minX == 180)
    #expect(transitions.drawer?.hooks.contains("didEnd true") == true)
    #expect(stage.log.take() == ["B.wA", "B.dA"])
  }

  @Test func aCancelledPresentationGoesBackAndUndoesTheAppearance() throws {
    let (stage, transitions, interaction) = try interactiveStage()
    let b = drawer(on: stage, transitions: transitions)
    var completed = 0
    stage.root.present(b, animated: true) { completed += 1 }
    var interactionEnded: [Bool] = []
    b.transitionCoordinator?.notifyWhenInteractionChanges {
      interactionEnded.append($0.isCancelled)
    }
    interaction.update(0.6)
    stage.app.advance(by: 0.05)
    stage.log.entries = []
    b.flags = []
    interaction.cancel()
    #expect(interactionEnded == [true])
    stage.app.advance(by: 0.1)
    // Running back: 0.24 s of the way remain, then it ends.
    #expect(stage.root.presentedViewController === b && shownMinX(b) > 180 + 120 * 0.4)
    stage.app.advance(by: 0.3)
    #expect(completed == 0 && transitions.animator.ended == [false])
    #expect(stage.root.presentedViewController == nil && b.presentingViewController == nil)
    #expect(b.view.window == nil && transitions.drawer?.containerView == nil)
    #expect(stage.log.take() == ["B.wD", "B.dD"])
    #expect(transitions.drawer?.hooks.contains("didEnd false") == true)
    #expect(transitions.drawer?.hooks.contains("alongside done false") == true)
    #expect(stage.app.snapshot().pixel(x: 250, y: 100) == Color(hex: 0x007aff))
    // It can be presented again, all the way.
    transitions.interaction = nil
    stage.root.present(b, animated: true) { completed += 1 }
    stage.app.advance(by: 1)
    #expect(completed == 1 && stage.root.presentedViewController === b)
  }

  @Test func aCancelledFullScreenPresentationLeavesThePresenterInTheWindow() throws {
    let (stage, transitions, interaction) = try interactiveStage()
    let b = stage.controller("B", style: .fullScreen)
    b.transitioningDelegate = transitions
    b.loadViewIfNeeded()
    stage.log.entries = []
    stage.root.present(b, animated: true)
    interaction.update(0.3)
    interaction.cancel()
    stage.app.advance(by: 1)
    #expect(stage.log.take() == ["A.wD", "B.wA", "B.wD", "B.dD", "A.wA", "A.dA"])
    #expect(b.flags == ["B.wA presented", "B.wD presented", "B.dD presented"])
    #expect(stage.root.view.window === stage.app.window && b.view.window == nil)
    #expect(stage.app.window.subviews.count == 1)
  }

  @Test func aCancelledDismissalKeepsThePresentationAndCoversThePresenterAgain() throws {
    let stage = try PresentationStage()
    let transitions = DrawerTransitions()
    let b = stage.controller("B", style: .fullScreen)
    b.transitioningDelegate = transitions
    stage.root.present(b, animated: true)
    stage.app.advance(by: 1)
    #expect(stage.root.view.window == nil)  // full screen: the presenter left the window
    let interaction = PercentDrivenInteractiveTransition()
    transitions.interaction = interaction
    stage.log.entries = []
    var dismissed = 0
    b.dismiss(animated: true) { dismissed += 1 }
    #expect(stage.root.view.window === stage.app.window)  // back under the sliding view
    interaction.update(0.5)
    stage.app.advance(by: 0.05)
    #expect(abs(shownMinX(b) - 150) < 0.5)
    interaction.cancel()
    stage.app.advance(by: 1)
    #expect(dismissed == 0 && transitions.animator.ended == [true, false])
    #expect(stage.root.presentedViewController === b && b.view.window === stage.app.window)
    #expect(stage.root.view.window == nil)
    // As a cancelled interactive pop: the one that was appearing turns back first.
    #expect(stage.log.take() == ["B.wD", "A.wA", "A.wD", "A.dD", "B.wA", "B.dA"])
    // The view that slid is back where it rests (its start value is in the model again).
    #expect(b.view.convert(b.view.bounds, to: nil) == Rect(x: 0, y: 0, width: 300, height: 200))
    #expect(stage.app.snapshot().pixel(x: 150, y: 100) == Color(hex: 0xff3b30))
    transitions.interaction = nil
    b.dismiss(animated: true) { dismissed += 1 }
    stage.app.advance(by: 1)
    #expect(dismissed == 1 && stage.root.presentedViewController == nil)
    #expect(stage.root.view.window === stage.app.window)
  }

  @Test func aHeldTransitionAsksForNoFrames() throws {
    let (stage, transitions, interaction) = try interactiveStage()
    let b = drawer(on: stage, transitions: transitions)
    stage.root.present(b, animated: true)
    interaction.update(0.3)
    stage.app.advance(by: 0.1)
    let refreshes = stage.app.output.refreshesDelivered
    stage.app.advance(by: 0.5)
    #expect(stage.app.output.refreshesDelivered == refreshes)
    interaction.update(0.4)
    stage.app.advance(by: 0.1)
    #expect(stage.app.output.refreshesDelivered == refreshes + 1)
    interaction.finish()
    stage.app.advance(by: 1)
    #expect(stage.root.presentedViewController === b)
  }
}
