import Dispatch
import KioskGraphics

/// The commit that turns a main-queue turn's changes into at most one frame per screen:
/// a layout pass, a display pass and a composite. Changes made during one turn of the main
/// queue are coalesced; the commit runs once at the end of the turn.
///
/// Apps rarely touch this: views call `setNeedsCommit()` for you. When commits run, where
/// deferred work goes and what time it is are the installed `RunLoopDriver`'s: the main
/// queue by default, a simulated loop in tests and on the virtual framebuffer.
@MainActor
public enum Transaction {
  /// The loop commits, deferred work and the clock go through (`install(_:)`).
  package private(set) static var runLoop: any RunLoopDriver = MainQueueRunLoop.shared

  /// Makes `loop` the one that runs deferred work, is asked for commits and tells the time,
  /// in place of the one before (the main queue at first).
  package static func install(_ loop: any RunLoopDriver) {
    runLoop = loop
  }

  /// Puts commits, deferred work and the clock back on the main queue and the real clock
  /// (the default), after a simulated loop had replaced them.
  package static func useMainQueue() {
    install(MainQueueRunLoop.shared)
  }

  /// Runs deferred work later (e.g. a completion that UIKit calls on a later turn), on the
  /// installed loop: the main queue by default.
  package static func scheduler(_ work: @escaping @MainActor () -> Void) {
    runLoop.schedule(work)
  }

  /// The time in seconds that animations and frames are measured against (monotonic), by
  /// the installed loop's clock.
  package static func clock() -> Double {
    runLoop.now
  }

  /// Whether a commit has been asked for and has not run yet.
  public private(set) static var isCommitPending = false

  /// How long the phases of the last commit took, in seconds.
  public struct Timings: Sendable, Equatable {
    /// The layout pass (autoresizing already happened when sizes were set).
    public var layout: Double = 0
    /// The display pass: `draw(_:)` into backing stores.
    public var display: Double = 0
    /// Compositing and handing frames to the outputs.
    public var composite: Double = 0

    /// Timings of the three phases, in seconds (all zero by default).
    public init(layout: Double = 0, display: Double = 0, composite: Double = 0) {
      self.layout = layout
      self.display = display
      self.composite = composite
    }
  }

  /// The phase timings of the most recent commit.
  public private(set) static var lastTimings = Timings()

  static var screens: [Screen] = []
  static var pendingDisplay: [Layer] = []
  private static var isCommitting = false
  private static var changedDuringCommit = false

  /// Asks for a commit at the end of this main-queue turn (once, however often it is called).
  public static func setNeedsCommit() {
    guard !isCommitPending else { return }
    // Changes made while committing (layout changing geometry, draw(_:) invalidating) are
    // mostly handled by the later passes of the same commit; flush() checks what is left.
    if isCommitting {
      changedDuringCommit = true
      return
    }
    isCommitPending = true
    runLoop.requestCommit()
  }

  /// Commits now: lays out, draws what was invalidated and composites every screen that
  /// changed. Safe to call when nothing is pending (it does nothing).
  public static func flush() {
    guard !isCommitting else { return }
    isCommitting = true
    defer { isCommitting = false }
    isCommitPending = false
    let start = monotonicSeconds()
    CommitObservers.commitWillBegin()
    LayoutEngine.updateConstraintsPass()
    for screen in screens { screen.layoutWindows() }
    Application.shared.layoutObservers.notify()
    let laidOut = monotonicSeconds()
    displayPendingLayers()
    let displayed = monotonicSeconds()
    for screen in screens { screen.compositeAndPresent() }
    lastTimings = Timings(
      layout: laidOut - start, display: displayed - laidOut,
      composite: monotonicSeconds() - displayed)
    // Completions of animations that ended or were interrupted during this turn.
    AnimationEngine.runFinishedCompletions()
    // A memory warning that waited for a transition runs once the transition is over.
    Application.shared.queueDeferredMemoryWarningIfSettled()
    if changedDuringCommit {
      changedDuringCommit = false
      let displayLeft = pendingDisplay.contains { $0.needsDisplay && $0.hostScreen != nil }
      if displayLeft || screens.contains(where: \.hasPendingWork) {
        isCommitting = false
        setNeedsCommit()
      }
    }
  }

  private static func displayPendingLayers() {
    guard !pendingDisplay.isEmpty else { return }
    var index = 0
    // draw(_:) may invalidate other layers; those are appended and drawn in the same pass.
    while index < pendingDisplay.count {
      let layer = pendingDisplay[index]
      index += 1
      // As in UIKit, a hidden view (or one in a hidden view) is not drawn while hidden: it
      // keeps `needsDisplay`, leaves the queue below, and is queued again when it shows
      // (`Layer.isHidden`'s observer), so it draws once, in the state it is shown in.
      if layer.hostScreen != nil, layer.isShownOrDrawnAhead { layer.displayIfNeeded() }
    }
    // Layers that are not on a screen keep waiting; they draw when they get there. A layer
    // whose view is gone has nothing to draw with: it leaves the queue (and memory).
    pendingDisplay.removeAll { layer in
      if layer.needsDisplay && layer.hostScreen == nil && layer.delegate != nil { return false }
      layer.isDisplayQueued = false
      return true
    }
  }

  static func enqueueDisplay(_ layer: Layer) {
    guard !layer.isDisplayQueued else { return }
    layer.isDisplayQueued = true
    pendingDisplay.append(layer)
    setNeedsCommit()
  }

  static func register(_ screen: Screen) {
    if !screens.contains(where: { $0 === screen }) { screens.append(screen) }
  }

  static func unregister(_ screen: Screen) {
    screens.removeAll { $0 === screen }
  }
}

/// Seconds from an arbitrary start, never going backwards.
public func monotonicSeconds() -> Double {
  Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
}

extension Transaction {
  /// Forgets every screen, pending draw, running animation and scheduled action, so that a
  /// new test application starts from nothing.
  package static func resetForTesting() {
    screens.removeAll()
    Screen.forgetConnectedScreensForTesting()
    GeometryGuard.resetForTesting()
    for layer in pendingDisplay { layer.isDisplayQueued = false }
    pendingDisplay.removeAll()
    isCommitPending = false
    AnimationEngine.animatingLayers.removeAll()
    AnimationEngine.finishedGroups.removeAll()
    AnimationEngine.contexts.removeAll()
    ScheduledAction.cancelAll()
    CommitObservers.removeAllForTesting()
  }
}
