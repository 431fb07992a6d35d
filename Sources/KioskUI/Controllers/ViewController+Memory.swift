extension ViewController {
  /// Every controller created and not yet released, so that a memory warning reaches them
  /// all (on screen, deep in a stack, in a hidden tab), held weakly.
  private static var live: [WeakViewController] = []
  private static var liveCountAfterPruning = 0

  static func register(_ controller: ViewController) {
    live.append(WeakViewController(controller))
    // Released controllers leave empty entries behind; sweep them now and then.
    if live.count > 2 * liveCountAfterPruning + 16 {
      live.removeAll { $0.controller == nil }
      liveCountAfterPruning = live.count
    }
  }

  /// Sends `didReceiveMemoryWarning()` to every controller alive, in creation order.
  static func sendMemoryWarning() {
    live.removeAll { $0.controller == nil }
    liveCountAfterPruning = live.count
    for entry in live { entry.controller?.didReceiveMemoryWarning() }
  }
}

@MainActor
private struct WeakViewController {
  weak var controller: ViewController?

  init(_ controller: ViewController) {
    self.controller = controller
  }
}
