extension ViewController {
  /// The `properties` the storyboard scene this controller was made from gives it (empty
  /// for a controller made in code). They are set before the storyboard hands the
  /// controller out, so they can be read from `viewDidLoad()` or any later point.
  public var storyboardProperties: StoryboardProperties {
    storyboardOrigin?.properties ?? StoryboardProperties()
  }

  /// `performSegue(withIdentifier:sender:)`: errors go to the storyboard's error handler,
  /// since UIKit's signature does not throw.
  func performStoryboardSegue(_ identifier: String, sender: Any?) {
    do {
      try runStoryboardSegue(identifier, sender: sender)
    } catch {
      Storyboard.errorHandler(error)
    }
  }

  /// The sequence of 001: make the destination, make the segue, `prepare(for:sender:)`,
  /// `perform()`.
  private func runStoryboardSegue(_ identifier: String, sender: Any?) throws(StoryboardError) {
    let (storyboard, segue) = try storyboardSegue(identifier)
    let spec = segue.spec
    if spec.kind == .unwind {
      try unwind(segue, in: storyboard, sender: sender)
      return
    }
    var anchor: View?
    if spec.kind == .popover {
      if let tag = spec.anchorTag {
        guard let tagged = view.viewWithTag(tag) else {
          throw storyboard.error(
            at: segue, .cannotPerform(identifier),
            "the popover segue \"\(identifier)\" is anchored to the view tagged \(tag), and the"
              + " view of \(type(of: self)) has no view with that tag")
        }
        anchor = tagged
      } else {
        anchor = sender as? View
      }
    }
    let destination = storyboard.instantiate(scene: spec.destination)
    switch spec.kind {
    case .present:
      if let style = spec.modalPresentationStyle { destination.modalPresentationStyle = style }
      if let style = spec.modalTransitionStyle { destination.modalTransitionStyle = style }
    case .popover:
      destination.modalPresentationStyle = .popover
      if let popover = destination.popoverPresentationController, let anchor {
        popover.sourceView = anchor
        popover.sourceRect = anchor.bounds
      }
    default:
      break
    }
    let storyboardSegue: StoryboardSegue
    if let custom = segue.customClass {
      storyboardSegue = custom.make(identifier, self, destination)
    } else {
      let animated = spec.animated
      storyboardSegue = StoryboardSegue(
        identifier: identifier, source: self, destination: destination
      ) { [self] in
        switch spec.kind {
        case .show: show(destination, sender: sender)
        case .showDetail: showDetailViewController(destination, sender: sender)
        case .present, .popover: present(destination, animated: animated)
        case .custom, .unwind: break
        }
      }
    }
    prepare(for: storyboardSegue, sender: sender)
    storyboardSegue.perform()
  }

  /// The storyboard of this controller and its segue `identifier`.
  private func storyboardSegue(
    _ identifier: String
  ) throws(StoryboardError) -> (Storyboard, ResolvedSegue) {
    guard let origin = storyboardOrigin else {
      throw StoryboardError(
        file: "(no storyboard)", reason: .unknownSegue(identifier),
        message: "\(type(of: self)) was not made from a storyboard, so it has no segue"
          + " \"\(identifier)\"")
    }
    let storyboard = origin.storyboard
    guard let segue = storyboard.segues[origin.scene]?[identifier] else {
      let known = storyboard.segues[origin.scene]?.keys.sorted() ?? []
      throw StoryboardError(
        file: storyboard.url.path, jsonPath: "segues", reason: .unknownSegue(identifier),
        message: "the scene \"\(origin.scene)\" has no segue \"\(identifier)\"; "
          + (known.isEmpty
            ? "it has no segues" : "its segues are \(known.joined(separator: ", "))"))
    }
    return (storyboard, segue)
  }
}

extension Storyboard {
  /// An error about `segue`, placed at its entry in the file.
  func error(
    at segue: ResolvedSegue, _ reason: StoryboardError.Reason, _ message: String
  ) -> StoryboardError {
    StoryboardError(
      file: url.path, jsonPath: "segues[\(segue.index)]", reason: reason, message: message)
  }

  /// Makes `control` fire the segue `segueIdentifier` of `controller` when it sends
  /// `controlEvents` (by default `.primaryActionTriggered`: a button's tap, a switch's
  /// flip), with the control as the sender. As for a segue Interface Builder connects to a
  /// control, `controller.shouldPerformSegue(withIdentifier:sender:)` is asked first; a
  /// `false` stops the segue. The control holds the controller weakly.
  ///
  /// ```swift
  /// override func viewDidLoad() {
  ///   super.viewDidLoad()
  ///   Storyboard.connect(addButton, to: "addRecipe", in: self)
  /// }
  /// ```
  public static func connect(
    _ control: Control, to segueIdentifier: String, in controller: ViewController,
    for controlEvents: Control.Event = .primaryActionTriggered
  ) {
    control.addTarget(
      controller,
      action: { controller, sender in
        guard controller.shouldPerformSegue(withIdentifier: segueIdentifier, sender: sender)
        else { return }
        controller.performSegue(withIdentifier: segueIdentifier, sender: sender)
      }, for: controlEvents)
  }
}
