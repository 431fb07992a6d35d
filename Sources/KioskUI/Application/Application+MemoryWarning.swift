import KioskGraphics

#if canImport(Glibc)
  import Glibc  // dlsym
#endif

extension Application {
  /// The longest a memory warning waits for a transition to end (a finger can hold an edge
  /// swipe for as long as it likes).
  static let maximumMemoryWarningDelay = 5.0

  /// Sends a memory warning through the app, as the memory-pressure source does. In this
  /// order, on the main actor:
  ///
  /// 1. the delegate's `applicationDidReceiveMemoryWarning(_:)`;
  /// 2. `didReceiveMemoryWarning()` of every view controller alive, on screen or not
  ///    (containers before their children), whose default releases the view of a
  ///    controller that is not in a window;
  /// 3. the backing stores of layers that are not on screen (views kept out of a window,
  ///    hidden views) are released, to be drawn again when shown;
  /// 4. the font caches are emptied;
  /// 5. freed memory goes back to the system (`malloc_trim`).
  ///
  /// A warning that comes during a transition (a push or pop, a presentation or dismissal,
  /// a tab switch, a page turn, any `View.animate` that ends by itself) waits until the
  /// transition is over, at most five seconds, and then runs once however many came.
  public func simulateMemoryWarning() {
    if isTransitionRunning {
      deferMemoryWarning()
    } else {
      receiveMemoryWarning()
    }
  }

  /// Whether something is moving that a warning must not cut into.
  private var isTransitionRunning: Bool {
    AnimationEngine.hasAnimationsThatEnd || ViewController.isAnyControllerInTransition
  }

  private func deferMemoryWarning() {
    guard deferredMemoryWarning == nil else { return }
    deferredMemoryWarning = ScheduledAction.after(Self.maximumMemoryWarningDelay) {
      [weak self] in
      self?.receiveMemoryWarning()
    }
  }

  /// After a commit: a deferred warning whose transition is over runs on the next turn
  /// (outside the commit), or waits again if another transition has started by then.
  func queueDeferredMemoryWarningIfSettled() {
    guard deferredMemoryWarning != nil, !deferredMemoryWarningIsQueued, !isTransitionRunning
    else { return }
    deferredMemoryWarningIsQueued = true
    Transaction.scheduler { [weak self] in
      guard let self else { return }
      self.deferredMemoryWarningIsQueued = false
      guard self.deferredMemoryWarning != nil, !self.isTransitionRunning else { return }
      self.receiveMemoryWarning()
    }
  }

  /// The whole sequence, now.
  private func receiveMemoryWarning() {
    deferredMemoryWarning?.cancel()
    deferredMemoryWarning = nil
    delegate?.applicationDidReceiveMemoryWarning(self)
    ViewController.sendMemoryWarning()
    BackingStoreRegistry.releaseOffscreen()
    // The kept drawing contexts may hold backing stores of layers that are gone.
    Layer.reusableContexts.removeAll()
    FontCaches.purge()
    Self.returnFreedMemoryToSystem()
    didHandleMemoryWarning?()
  }

  /// Gives the pages of freed heap memory back to the kernel (glibc's `malloc_trim(0)`).
  /// Large backing stores come from the heap once glibc has raised its mmap threshold, and
  /// without a trim their pages stay with the process after `free()`. `malloc_trim` is a
  /// glibc extension that the Glibc module does not export: it is looked up once, and with
  /// another C library nothing happens.
  package static func returnFreedMemoryToSystem() {
    _ = MallocTrim.function?(0)
  }
}

@MainActor
private enum MallocTrim {
  typealias Function = @convention(c) (Int) -> Int32

  static let function: Function? = {
    #if canImport(Glibc)
      guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "malloc_trim")
      else { return nil }
      return unsafeBitCast(symbol, to: Function.self)
    #else
      return nil
    #endif
  }()
}
