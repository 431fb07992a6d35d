import KioskGraphics

/// Manages one part of an interface: loads its view when first needed, learns when the
/// view appears and disappears, and holds child controllers. The semantics of UIKit's
/// `UIViewController`.
///
/// Subclass it, build the view in `loadView()` or `viewDidLoad()`, and put the controller
/// on screen as a window's `rootViewController` or as the child of a container.
///
/// ```swift
/// final class ClockController: ViewController {
///   private let label = Label(frame: Rect(x: 20, y: 20, width: 300, height: 40))
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     title = "Clock"
///     view.addSubview(label)
///   }
///   override func viewWillAppear(_ animated: Bool) {
///     super.viewWillAppear(animated)
///     label.text = Clock.now
///   }
/// }
/// window.rootViewController = ClockController()
/// window.makeKeyAndVisible()
/// ```
@MainActor
open class ViewController: Responder {
  var loadedView: View?
  var isLoadingView = false
  var appearanceState = AppearanceState.disappeared
  var appearanceIsAnimated = false
  /// The children the current appearance transition was forwarded to; they end with it.
  var forwardedAppearanceChildren: [ViewController] = []
  /// Whether the current appearance transition began because the view entered or left a
  /// visible window (and so ends when that move is done).
  var windowOwnsAppearanceTransition = false
  var movingToParent = false
  var movingFromParent = false
  var navigationItemStorage: NavigationItem?
  var tabBarItemStorage: TabBarItem?
  /// The controller this one presents (it holds the presentation: a context, or the top
  /// of its parent chain).
  var presentedStorage: ViewController?
  /// The controller that holds this one's presentation.
  weak var presentingStorage: ViewController?
  /// This controller's presentation, made before it is presented (or by
  /// `popoverPresentationController`) and dropped once it is dismissed.
  var presentationStorage: PresentationController?
  /// The traits last passed down to this controller and its overrides for children.
  var traitState = TraitState()
  /// The storyboard scene this controller was made from, if any.
  var storyboardOrigin: StoryboardOrigin?
  /// Whether the controller is in editing mode (`isEditing`).
  var editingState = false
  /// The Edit/Done item, once asked for.
  var editButtonItemStorage: BarButtonItem?

  /// Turns editing mode on or off and makes `editButtonItem` say "Done" or "Edit".
  /// Override it to make the content follow (call `super`); `TableViewController` turns
  /// its table's editing on and off.
  open func setEditing(_ editing: Bool, animated: Bool) {
    editingState = editing
    updateEditButtonItem()
  }

  /// How this controller covers the screen when it is presented: `.fullScreen` (the
  /// default) replaces what is under it, the `over` styles and the sheets leave it in
  /// place. Set it before calling `present(_:animated:completion:)`.
  open var modalPresentationStyle = ModalPresentationStyle.fullScreen
  /// How this controller comes on screen when presented (and leaves when dismissed):
  /// `.coverVertical` (the default) slides up from the bottom, `.crossDissolve` fades.
  open var modalTransitionStyle = ModalTransitionStyle.coverVertical
  /// Supplies custom animators, interaction controllers and (for `.custom`) the
  /// presentation controller when this controller is presented or dismissed. Held weakly,
  /// as in UIKit: keep the delegate alive yourself.
  open weak var transitioningDelegate: (any ViewControllerTransitioningDelegate)?
  /// Whether the controller, while presented as a sheet or a popover, refuses to be
  /// dismissed by the user (a swipe down, a tap outside, a screen reader's escape): a
  /// sheet gives a little and springs back, and the presentation's delegate hears
  /// `presentationControllerDidAttemptToDismiss`.
  /// `dismiss(animated:)` still dismisses it. The default is `false`. Set it while the user
  /// has unsaved changes, as UIKit's documentation suggests.
  open var isModalInPresentation = false
  /// Whether a `.currentContext` or `.overCurrentContext` presentation from this
  /// controller or one of its descendants covers only this controller's view. With no
  /// such controller above the presenter, the presentation covers the root's area.
  open var definesPresentationContext = false
  /// Whether a presentation in this controller's context uses this controller's
  /// `modalTransitionStyle` instead of the presented controller's own.
  open var providesPresentationContextTransitionStyle = false

  /// The controllers this one contains, in the order they were added (`addChild(_:)`).
  public internal(set) var children: [ViewController] = []
  /// The container this controller is a child of, if any.
  public internal(set) weak var parent: ViewController?
  /// Whether this controller is appearing because it is being presented (true only during
  /// that transition).
  public internal(set) var isBeingPresented = false
  /// Whether this controller is disappearing because it is being dismissed (true only
  /// during that transition).
  public internal(set) var isBeingDismissed = false

  /// Creates a controller; its view is loaded when first needed.
  public override init() {
    super.init()
    ViewController.register(self)
  }

  // MARK: The view

  /// The view this controller manages. Reading it the first time loads it: `loadView()`,
  /// then `viewDidLoad()`. Set it in `loadView()` to use a view of your own.
  public var view: View {
    get {
      if let loadedView { return loadedView }
      if !isLoadingView {
        loadViewIfNeeded()
        if let loadedView { return loadedView }
      }
      // loadView() read `view` before setting one: it gets the default view.
      let view = makeDefaultView()
      setView(view)
      return view
    }
    set { setView(newValue) }
  }

  /// The view if it is loaded, without loading it.
  public var viewIfLoaded: View? { loadedView }

  /// Whether the view is loaded.
  public var isViewLoaded: Bool { loadedView != nil }

  /// Loads the view now if it is not loaded yet (`loadView()`, then `viewDidLoad()`).
  public func loadViewIfNeeded() {
    guard loadedView == nil, !isLoadingView else { return }
    isLoadingView = true
    loadView()
    // A loadView() that set no view gets the default one rather than leaving `view` empty.
    if loadedView == nil { setView(makeDefaultView()) }
    isLoadingView = false
    viewDidLoad()
  }

  /// Creates the view and assigns it to `view`. The default makes the view of the
  /// controller's storyboard scene when the scene has one (its subviews and constraints),
  /// else a plain white view the size of the screen; either stretches with its superview.
  /// Override to build the view yourself, without calling `super`.
  open func loadView() {
    view = storyboardOrigin?.views?.makeView(for: self) ?? makeDefaultView()
  }

  /// Called once the view is loaded (each time it is loaded). Override to add subviews and
  /// set things up; call `super`.
  open func viewDidLoad() {}

  /// Called before the view is released to save memory, while it is still loaded (and not
  /// in a window): the place to read what the view holds that the controller must keep
  /// (a scroll position, text typed in). The default does nothing.
  open func viewWillUnload() {}

  /// Called after the view was released to save memory. Drop your references to its
  /// subviews here if you keep any; the next access to `view` loads it again (`loadView()`,
  /// `viewDidLoad()`), and `viewDidLoad()` should rebuild it from the controller's state.
  /// The default does nothing.
  open func viewDidUnload() {}

  /// Called when the system is short of memory, for every controller alive: on screen,
  /// deep in a navigation stack, in an unselected tab, under a presented controller, the
  /// child of a container (containers before their children). Release what you can
  /// rebuild (caches, images) and call `super`.
  ///
  /// The default releases the view of a controller whose view is loaded and not in a
  /// window: `viewWillUnload()`, the view leaves its superview and is released with its
  /// subviews' backing stores, then `viewDidUnload()`; `isViewLoaded` becomes false. A
  /// child whose view is inside its container's view goes when the container's view does,
  /// not before. Visible controllers keep their views.
  ///
  /// To keep the view even off screen (a video that must not stop, a view that is costly
  /// to build), override without calling `super`:
  ///
  /// ```swift
  /// final class CameraController: ViewController {
  ///   override func didReceiveMemoryWarning() {
  ///     // No super: the live view stays loaded when another screen covers it.
  ///     recentFrames.removeAll()
  ///   }
  /// }
  /// ```
  open func didReceiveMemoryWarning() {
    releaseViewIfOffScreen()
  }

  private func makeDefaultView() -> View {
    let view = View(frame: Screen.main.bounds)
    view.backgroundColor = .white
    view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    return view
  }

  private func setView(_ newView: View) {
    guard newView !== loadedView else { return }
    if let old = loadedView, old.owningViewController === self { old.owningViewController = nil }
    loadedView = newView
    newView.owningViewController?.loadedView = nil
    newView.owningViewController = self
  }

  // MARK: Layout

  /// Called in a layout pass just before the view's `layoutSubviews()`. The default does
  /// nothing.
  open func viewWillLayoutSubviews() {}

  /// Brings the constraints of the controller's view up to date, in the update-constraints
  /// pass after `view.setNeedsUpdateConstraints()` (after the view's own
  /// `updateConstraints()`). The default does nothing; an override calls `super` last.
  open func updateViewConstraints() {}

  /// Called in a layout pass just after the view's `layoutSubviews()`: the place to lay out
  /// children's views. The default does nothing.
  open func viewDidLayoutSubviews() {}

  // MARK: Safe area and margins (ViewController+SafeArea.swift)

  /// Insets added to the view's safe area, on top of what it inherits: room for content of
  /// the app's own that covers this controller's view (a footer, a bezel that hides part
  /// of the panel). Children's views inherit the result. The default is zero; negative
  /// edges count as zero.
  open var additionalSafeAreaInsets = EdgeInsets.zero {
    didSet {
      guard additionalSafeAreaInsets != oldValue else { return }
      loadedView?.setNeedsLayout()
    }
  }

  /// Whether the view's layout margins are at least `systemMinimumLayoutMargins` (the
  /// default, `true`).
  open var viewRespectsSystemMinimumLayoutMargins = true {
    didSet {
      if oldValue != viewRespectsSystemMinimumLayoutMargins { loadedView?.setNeedsLayout() }
    }
  }

  /// Called in a layout pass after the view's safe area changed, before its
  /// `layoutSubviews()`. The default does nothing.
  open func viewSafeAreaInsetsDidChange() {}

  /// Called in a layout pass after the view's layout margins in effect changed, before its
  /// `layoutSubviews()`. The default does nothing.
  open func viewLayoutMarginsDidChange() {}

  // MARK: Appearance (called by the appearance state machine; override, call super)

  /// The view is about to be added to a visible window (or is otherwise about to appear).
  open func viewWillAppear(_ animated: Bool) {}
  /// The view is in a visible window and any animation that brought it there is done.
  open func viewDidAppear(_ animated: Bool) {}
  /// The view is about to leave the visible window.
  open func viewWillDisappear(_ animated: Bool) {}
  /// The view has left the visible window.
  open func viewDidDisappear(_ animated: Bool) {}

  /// Whether this container passes its own appearance callbacks on to the children whose
  /// views are in its view (the default, `true`). Return `false` to call
  /// `beginAppearanceTransition(_:animated:)` and `endAppearanceTransition()` on the
  /// children yourself.
  open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

  // MARK: Containment (called by containers; override, call super)

  /// Called when the controller is about to get a new parent (`nil`: it is being removed).
  /// `addChild(_:)` calls it with the new parent; a container calls it with `nil` before
  /// removing a child.
  open func willMove(toParent parent: ViewController?) {
    if parent == nil, self.parent != nil { movingFromParent = true }
  }

  /// Called when the controller got a new parent (`nil`: it was removed). A container
  /// calls it after adding the child and its view; `removeFromParent()` calls it with
  /// `nil`.
  open func didMove(toParent parent: ViewController?) {
    if parent != nil { movingToParent = false }
  }

  /// The size this controller would like its view to have, for a container, a form sheet
  /// or a popover that sizes it. Setting it tells the parent (and the presentation).
  open var preferredContentSize = Size.zero {
    didSet {
      guard preferredContentSize != oldValue else { return }
      parent?.preferredContentSizeDidChange(forChildContentContainer: self)
      presentationStorage?.presentedContentSizeDidChange()
    }
  }

  /// A child's `preferredContentSize` changed. The default does nothing; a container that
  /// sizes its children by their wishes overrides it.
  open func preferredContentSizeDidChange(forChildContentContainer container: ViewController) {}

  // MARK: Traits, size changes and showing (ViewController+Traits.swift, +Showing.swift)

  /// Called when this controller's `traitCollection` changed (the screen turned, or a
  /// container changed its override), with the collection it had before. Override to
  /// adapt the layout; call `super`.
  open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

  /// Called before the size of this controller's view changes because the screen is turned
  /// or resized: `size` is the new size. Add animations and completions to `coordinator`
  /// to run with the change. The default passes the change on to the children (with the
  /// sizes `size(forChildContentContainer:withParentContainerSize:)` gives) and to the
  /// presented controller; call `super`.
  open func viewWillTransition(
    to size: Size, with coordinator: ViewControllerTransitionCoordinator
  ) {
    forwardViewWillTransition(to: size, with: coordinator)
  }

  /// The size `container` (a child) gets when this controller's view becomes `parentSize`.
  /// The default is `parentSize`; a container that lays children out in parts of its view
  /// returns the part.
  open func size(
    forChildContentContainer container: ViewController, withParentContainerSize parentSize: Size
  ) -> Size {
    parentSize
  }

  /// Shows `controller` in the way the containers around this one see fit: a split view
  /// shows it in its primary column, and with no container that handles it, it is presented
  /// modally. Containers override it; others call it.
  open func show(_ controller: ViewController, sender: Any?) {
    showInContainer(controller, sender: sender)
  }

  /// Shows `controller` as the detail of a master–detail interface: a split view around this
  /// controller makes it its secondary (the content shown when collapsed); with no container
  /// that handles it, it is presented modally. Containers override it; others call it.
  open func showDetailViewController(_ controller: ViewController, sender: Any?) {
    showDetailInContainer(controller, sender: sender)
  }

  // MARK: Storyboards and segues (ViewController+Segues.swift)

  /// The storyboard this controller was made from; `nil` for a controller made in code.
  public var storyboard: Storyboard? { storyboardOrigin?.storyboard }

  /// Fires the segue `identifier` that starts at this controller's scene in its storyboard:
  /// makes the destination, calls `prepare(for:sender:)`, then performs the segue. Unlike a
  /// control connected with `Storyboard.connect(_:to:in:)`, this does not ask
  /// `shouldPerformSegue(withIdentifier:sender:)` first (as in UIKit). A segue the
  /// storyboard does not have, or cannot perform, goes to `Storyboard.errorHandler`.
  ///
  /// ```swift
  /// addButton.addTarget(self, action: { $0.performSegue(withIdentifier: "add", sender: $1) },
  ///   for: .touchUpInside)
  /// ```
  open func performSegue(withIdentifier identifier: String, sender: Any?) {
    performStoryboardSegue(identifier, sender: sender)
  }

  /// Whether the segue `identifier`, triggered by a control connected with
  /// `Storyboard.connect(_:to:in:)`, should fire. The default is `true`; return `false` to
  /// stop it (a form that is not filled in, say). Not asked for
  /// `performSegue(withIdentifier:sender:)`.
  open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
    true
  }

  /// A segue from this controller is about to be performed: its destination exists, its
  /// view is not loaded yet. Hand the destination what it needs here (the selected item, a
  /// delegate); tell segues apart by `segue.identifier`. The default does nothing.
  ///
  /// ```swift
  /// override func prepare(for segue: StoryboardSegue, sender: Any?) {
  ///   if segue.identifier == "showRecipe", let detail = segue.destination as? RecipeController {
  ///     detail.recipe = selectedRecipe
  ///   }
  /// }
  /// ```
  open func prepare(for segue: StoryboardSegue, sender: Any?) {}

  // MARK: Titles and bar items

  /// A short name for the screen: the title a navigation bar or a tab shows unless their
  /// items have titles of their own.
  open var title: String? {
    didSet {
      navigationItemStorage?.controllerTitle = title
      tabBarItemStorage?.controllerTitle = title
    }
  }

  /// What a navigation bar shows while this controller is on top of a navigation stack:
  /// its title (the controller's `title` unless set), bar button items and back button.
  open var navigationItem: NavigationItem {
    if let item = navigationItemStorage { return item }
    let item = NavigationItem()
    item.controllerTitle = title
    navigationItemStorage = item
    return item
  }

  /// What a tab bar shows for this controller when it is a tab: a title (the controller's
  /// `title` unless set), an image and a badge.
  open var tabBarItem: TabBarItem {
    get {
      if let item = tabBarItemStorage { return item }
      let item = TabBarItem()
      item.controllerTitle = title
      tabBarItemStorage = item
      return item
    }
    set {
      newValue.controllerTitle = title
      tabBarItemStorage = newValue
    }
  }

  // MARK: Responder chain

  /// The next responder: for a presented controller, the controller that presented it;
  /// otherwise the superview of this controller's view (for a window's root controller,
  /// the window). Touches and presses the view does not handle pass through the
  /// controller on their way up.
  open override var next: Responder? {
    presentingStorage ?? loadedView?.superview
  }

  override var responderWindow: Window? { loadedView?.window }
}

/// A controller's place in the appearance cycle.
enum AppearanceState {
  case disappeared, appearing, appeared, disappearing
}
