import KioskGraphics

/// How a presented controller covers the screen (`modalPresentationStyle`).
public enum ModalPresentationStyle: Sendable, Equatable {
  /// Covers the whole window; what was under it leaves the window until it is dismissed.
  case fullScreen
  /// Covers the whole window and leaves what is under it in place (for see-through
  /// content).
  case overFullScreen
  /// Covers the area of the presentation context (the first controller above the
  /// presenter with `definesPresentationContext`, else the root), which leaves the window.
  case currentContext
  /// Covers the area of the presentation context and leaves what is under it in place.
  case overCurrentContext
  /// A centred card (540 × 620 points, or `preferredContentSize`, smaller on small
  /// screens) over a dimmed window.
  case formSheet
  /// A card with an arrow pointing at `popoverPresentationController.sourceView`; a tap
  /// outside dismisses it. On a compact screen (narrower than 500 points) it is shown full
  /// screen instead.
  case popover
  /// A sheet rising from the bottom over a dimmed window, its top corners rounded, as
  /// UIKit's page sheet since iOS 13: as wide as the screen on a narrow one (below 744
  /// points), 704 points wide and centred on a wider one, 10 points below the safe area's
  /// top (20 on a wide one). Like a form sheet, it is dismissed by a swipe down unless the
  /// presented controller's `isModalInPresentation` is true or the presentation's delegate
  /// refuses.
  case pageSheet
  /// The style UIKit chooses: a page sheet (what the presentation controller's
  /// `presentationStyle` then reports).
  ///
  /// Where KioskKit differs: `modalPresentationStyle` defaults to `.fullScreen`, not
  /// `.automatic` as in UIKit since iOS 13 — a kiosk's screens are meant to fill the
  /// panel, and a sheet is asked for. Set `.automatic` or `.pageSheet` to get UIKit's sheet.
  case automatic
  /// A presentation of the app's own: the controller's `transitioningDelegate` supplies
  /// the `PresentationController` subclass that places it (and, optionally, animators). What
  /// is under it stays in the window unless that controller's `shouldRemovePresentersView`
  /// says otherwise.
  case custom
}

/// How a presented controller comes on screen and leaves (`modalTransitionStyle`).
public enum ModalTransitionStyle: Sendable, Equatable {
  /// Slides up from the bottom of the covered area; slides back down when dismissed.
  case coverVertical
  /// Fades in over what is under it; fades out when dismissed.
  case crossDissolve
}

extension ViewController {
  /// Presents `controller` modally, in the way its `modalPresentationStyle` and
  /// `modalTransitionStyle` say. `completion` runs once the transition is over (after the
  /// animation when `animated`).
  ///
  /// Full-screen styles and sheets are presented by the top of this controller's parent
  /// chain; `.currentContext` and `.overCurrentContext` by the controller that defines the
  /// presentation context. As in UIKit, a controller presents one controller at a time:
  /// when the presenting one already presents another, the request is refused with a
  /// logged warning and `completion` is not called (present from the top of the chain,
  /// `presentedViewController`, instead). Nothing happens either when `controller` is
  /// already presented or is a child, or when this controller's view is not in a window.
  ///
  /// Where KioskKit differs: a request made while the controller being presented or
  /// dismissed is still animating waits for the end of that transition and then goes on
  /// as above (UIKit refuses it), so `dismiss(animated:)` followed at once by
  /// `present(_:animated:)` presents the new controller once the old one is gone.
  ///
  /// ```swift
  /// let editor = RecipeEditorController()
  /// editor.modalPresentationStyle = .formSheet
  /// present(editor, animated: true)
  /// ```
  public func present(
    _ controller: ViewController, animated: Bool, completion: (() -> Void)? = nil
  ) {
    guard controller.presentingStorage == nil, controller.parent == nil,
      !isInParentChain(of: controller)
    else { return }
    let requested = controller.modalPresentationStyle
    let isContext = requested == .currentContext || requested == .overCurrentContext
    let holder = isContext ? presentationContextController : topOfParentChain
    if let already = holder.presentedStorage {
      if let busy = already.presentationStorage, busy.isTransitioning {
        busy.afterTransition.append { [weak self] in
          self?.present(controller, animated: animated, completion: completion)
        }
        return
      }
      uiLogger.warning(
        "present: \(type(of: controller)) not presented: \(type(of: holder)) already presents \(type(of: already)); present it from \(type(of: already)) instead"
      )
      return
    }
    if let busy = holder.presentationStorage, busy.isTransitioning {
      busy.afterTransition.append { [weak self] in
        self?.present(controller, animated: animated, completion: completion)
      }
      return
    }
    let presentation = controller.presentationForPresenting(from: holder, source: self)
    presentation.present(from: holder, source: self, animated: animated, completion: completion)
  }

  /// Dismisses the controller this one presented, with every controller presented above
  /// it (only the top one animates). Called on a presented controller that presents
  /// nothing, it asks its presenter to dismiss it. `completion` runs once the transition is
  /// over.
  ///
  /// ```swift
  /// doneButton.addTarget(self, action: { $0.dismiss(animated: true) }, for: .touchUpInside)
  /// ```
  public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
    let first: ViewController
    if let presented = presentedViewController {
      first = presented
    } else if let presented = nearestPresentedAncestor {
      first = presented
    } else {
      completion?()
      return
    }
    var chain: [PresentationController] = []
    var next: ViewController? = first
    while let controller = next, let presentation = controller.presentationStorage {
      if presentation.isTransitioning {
        presentation.afterTransition.append { [weak self] in
          self?.dismiss(animated: animated, completion: completion)
        }
        return
      }
      chain.append(presentation)
      next = controller.presentedStorage
    }
    guard let bottom = chain.first else {
      completion?()
      return
    }
    bottom.dismiss(chain: chain, animated: animated, completion: completion)
  }

  /// The controller this one (or its closest ancestor that presents) presented, if any.
  public var presentedViewController: ViewController? {
    var controller: ViewController? = self
    while let current = controller {
      if let presented = current.presentedStorage { return presented }
      controller = current.parent
    }
    return nil
  }

  /// The controller that presented this one (or its closest presented ancestor), if any:
  /// for a presentation in a context, the controller that defines the context.
  public var presentingViewController: ViewController? {
    nearestPresentedAncestor?.presentingStorage
  }

  /// The object that manages this controller's presentation, made on first use as in
  /// UIKit: set its `delegate` before presenting to hear of dismissals the user starts
  /// (a sheet swiped down) and to refuse them. `nil` for a controller that chooses its own
  /// presentation (an alert) until it is presented.
  public var presentationController: PresentationController? {
    if let presentationStorage { return presentationStorage }
    guard presentingStorage == nil, !(self is ChoosesOwnPresentation) else { return nil }
    if modalPresentationStyle == .popover { return popoverPresentationController }
    if modalPresentationStyle == .custom,
      let custom = transitioningDelegate?.presentationController(
        forPresented: self, presenting: nil, source: self)
    {
      presentationStorage = custom
      return custom
    }
    let presentation = PresentationController(presentedViewController: self)
    presentationStorage = presentation
    return presentation
  }

  /// The coordinator of the presentation or dismissal running now that involves this
  /// controller (presented or presenting, or a child of one), for animations alongside it
  /// and code that runs after it; `nil` when none runs.
  public var transitionCoordinator: ViewControllerTransitionCoordinator? {
    var controller: ViewController? = self
    while let current = controller {
      if let transition = current.presentationStorage?.activeTransition {
        return transition.coordinator
      }
      if let transition = current.presentedStorage?.presentationStorage?.activeTransition {
        return transition.coordinator
      }
      controller = current.parent
    }
    return nil
  }

  /// The popover presentation of this controller when its `modalPresentationStyle` is
  /// `.popover` (made on first use): set its `sourceView` and `sourceRect` before
  /// presenting. `nil` for other styles.
  ///
  /// ```swift
  /// picker.modalPresentationStyle = .popover
  /// picker.popoverPresentationController?.sourceView = colourButton
  /// present(picker, animated: true)
  /// ```
  public var popoverPresentationController: PopoverPresentationController? {
    if let popover = presentationStorage as? PopoverPresentationController { return popover }
    guard modalPresentationStyle == .popover, presentingStorage == nil else { return nil }
    let popover = PopoverPresentationController(presentedViewController: self)
    presentationStorage = popover
    return popover
  }

  // MARK: Finding the presenter

  /// The presentation this controller is about to get from `holder`: the one it chooses
  /// itself (an alert controller), the popover one the app set up, or a new one.
  private func presentationForPresenting(
    from holder: ViewController, source: ViewController
  ) -> PresentationController {
    if let chooser = self as? ChoosesOwnPresentation {
      let presentation = chooser.presentation(presentedFrom: holder)
      presentationStorage = presentation
      return presentation
    }
    if let existing = presentationStorage, existing.state == .idle,
      (existing is PopoverPresentationController) == (modalPresentationStyle == .popover)
    {
      return existing
    }
    if modalPresentationStyle == .custom,
      let custom = transitioningDelegate?.presentationController(
        forPresented: self, presenting: holder, source: source)
    {
      presentationStorage = custom
      return custom
    }
    let presentation =
      modalPresentationStyle == .popover
      ? PopoverPresentationController(presentedViewController: self)
      : PresentationController(presentedViewController: self)
    presentationStorage = presentation
    return presentation
  }

  /// The last ancestor in the parent chain (this controller when it has no parent).
  var topOfParentChain: ViewController {
    var controller = self
    while let parent = controller.parent { controller = parent }
    return controller
  }

  /// The first controller up the parent chain that defines a presentation context, or the
  /// top of the chain.
  var presentationContextController: ViewController {
    var controller = self
    while !controller.definesPresentationContext, let parent = controller.parent {
      controller = parent
    }
    return controller
  }

  /// This controller or its closest ancestor that is presented.
  private var nearestPresentedAncestor: ViewController? {
    var controller: ViewController? = self
    while let current = controller {
      if current.presentingStorage != nil { return current }
      controller = current.parent
    }
    return nil
  }

  /// Whether `controller` is this one or one of its ancestors.
  private func isInParentChain(of controller: ViewController) -> Bool {
    var current: ViewController? = self
    while let candidate = current {
      if candidate === controller { return true }
      current = candidate.parent
    }
    return false
  }
}
