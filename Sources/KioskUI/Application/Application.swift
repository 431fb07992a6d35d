import KioskGraphics

/// What an app tells KioskKit about itself: it builds the first screen when launching.
/// Optional methods have default implementations.
@MainActor
public protocol ApplicationDelegate: AnyObject {
  /// Creates the delegate; `Application.main` does this first at launch.
  init()
  /// The app's main window; the delegate creates it when there is no main storyboard.
  var window: Window? { get set }
  /// Launching is done: build the interface here. Return `false` if the app cannot start.
  func application(
    _ application: Application, didFinishLaunchingWithOptions options: [String: String]
  )
    -> Bool
  /// The system is short of memory: release what can be rebuilt.
  func applicationDidReceiveMemoryWarning(_ application: Application)
}

extension ApplicationDelegate {
  public func application(
    _ application: Application, didFinishLaunchingWithOptions options: [String: String]
  ) -> Bool { true }
  public func applicationDidReceiveMemoryWarning(_ application: Application) {}
}

/// The running app: the end of the responder chain and the owner of the delegate.
/// `Application.main` (in KioskKit) creates it, picks a backend and runs the main loop.
@MainActor
public final class Application: Responder {
  /// The app object of this process.
  public private(set) static var shared = Application()

  /// The app's delegate.
  public var delegate: ApplicationDelegate?

  /// Creates the shared application (the runtime does this once).
  public override init() {
    super.init()
  }

  /// Makes `application` the shared one (the runtime and test harness do this).
  public static func install(_ application: Application) {
    shared = application
  }

  /// The visible windows of every screen, back to front.
  public var windows: [Window] { Transaction.screens.flatMap(\.windows) }

  /// The key window, if any.
  public var keyWindow: Window? { windows.last { $0.isKeyWindow } }

  /// The runtime's answer to user activity: wakes a blanked display and says whether the
  /// event should be swallowed (not delivered to the app): it woke the display, or the
  /// display stays off (outside a display schedule's hours when a touch does not wake it).
  public var userActivityHandler: (@MainActor () -> Bool)?

  /// Input backends call this for every touch-down or key press. Returns `true` when the
  /// event woke a blanked display, or met one that stays off, and must not reach the app.
  public func noteUserActivity() -> Bool {
    userActivityHandler?() ?? false
  }

  /// The runtime's switch for the display: `true` blanks it, `false` wakes it.
  public var blankingHandler: (@MainActor (Bool) -> Void)?

  /// Switches the display off or on now (the control interface's `blank` and `unblank`).
  public func setDisplayBlanked(_ blanked: Bool) {
    blankingHandler?(blanked)
  }

  /// How typing behaves: when the on-screen keyboard shows, its languages, key repeat. The
  /// runtime sets it from the `[input]` configuration.
  public var keyboardSettings = KeyboardSettings() {
    didSet { if oldValue != keyboardSettings { keyboardSettingsDidChange?() } }
  }

  /// Whether a hardware keyboard is attached: the input backend sets it as keyboards come
  /// and go. With `input.on-screen-keyboard = auto` the on-screen keyboard shows only while
  /// none is.
  public var isHardwareKeyboardAttached = false {
    didSet {
      if oldValue != isHardwareKeyboardAttached { keyboardSettingsDidChange?() }
    }
  }

  /// The text input system (Keyboard/TextInputSystem.swift), made on first use; from then
  /// on it hears of changes of the two properties above.
  private(set) lazy var textInputSystem: TextInputSystem = {
    let system = TextInputSystem()
    self.keyboardSettingsDidChange = { [weak system] in system?.settingsDidChange() }
    return system
  }()

  /// The text input system's hook for changes of the two properties above.
  var keyboardSettingsDidChange: (@MainActor () -> Void)?

  /// A short name for what the screen shows now, e.g. "recipes-add-keyboard-ru": on the
  /// virtual framebuffer with `--output`, each PNG is named after it (`NAME.png`, then
  /// `NAME-2.png`…; `screen-NN.png` while it is `nil`). Apps that tour themselves set it.
  public var screenName: String?

  private let touchRouter = TouchRouter()

  /// Where scans go (Scanning/Application+Scans.swift).
  let scanDelivery = ScanDelivery()

  /// The accessibility settings (Accessibility.settings). Changing them passes the new
  /// traits down every window: views and controllers whose traits changed get
  /// `traitCollectionDidChange(_:)` (Application+AccessibilitySettings.swift); a new zoom
  /// scale reaches every screen.
  public var accessibilitySettings = AccessibilitySettings() {
    // Setting the same settings again (a reload of an unchanged file) walks no view.
    willSet {
      if newValue != accessibilitySettings {
        traitsBeforeSettingsChange = noteTraitsOfAllWindows()
      }
    }
    didSet {
      guard oldValue != accessibilitySettings else { return }
      if oldValue.zoomScale != accessibilitySettings.zoomScale {
        for screen in Transaction.screens { screen.syncZoomScale() }
      }
      settingsDidChangeTraits()
    }
  }
  /// The traits of every view in a window before the settings change being made.
  var traitsBeforeSettingsChange: TraitSnapshot?
  /// The app-wide inactivity timer (Application+IdleTimeout.swift).
  lazy var inactivityTimer = InactivityTimer()
  /// Who hears accessibility notifications.
  var accessibilityObservers = AccessibilityObservers()
  /// The running screen reader, which sees touches and key presses before the app
  /// (`nil`: none runs).
  public var accessibilityInputFilter: (any AccessibilityInputFilter)?
  /// What watches input for the gesture or key that starts and stops the screen reader: it
  /// sees touches and key presses before `accessibilityInputFilter`, whether a reader runs
  /// or not, and swallows only what it uses. Separate from the filter so that
  /// `Accessibility.isScreenReaderRunning` stays false while only the shortcut listens.
  public var accessibilityShortcutFilter: (any AccessibilityInputFilter)?

  /// Delivers one input frame of touch changes on `screen` (in screen points): input
  /// backends and the test harness call this. A touch-down that wakes a blanked display is
  /// swallowed with the rest of its gesture.
  ///
  /// Every touch counts as activity for `idleTimeout`, whoever takes it (a screen reader
  /// included). On a magnified screen (Zoom), Zoom's pan gesture takes its fingers and the
  /// other touches are mapped from the glass to the content before anything sees them.
  public func sendTouches(_ samples: [TouchSample], on screen: Screen) {
    let time = Transaction.clock()
    // The warning leaves after this delivery: the touch that answers it lands on it.
    let answersWarning = inactivityTimer.noteActivity()
    defer { if answersWarning { inactivityTimer.dismissWarning() } }
    var samples = samples
    if screen.zoomRenderer != nil || screen.zoomPanTracker.isBusy {
      samples = screen.zoomInput(samples)
      if samples.isEmpty { return }
    }
    if let shortcut = accessibilityShortcutFilter,
      shortcut.filterTouches(samples, on: screen, at: time)
    {
      return
    }
    if let filter = accessibilityInputFilter {
      // The routers tell the display blanker of activity; input the reader takes never
      // reaches them, so it is told here (a touch that wakes the display goes no further).
      if samples.contains(where: { $0.phase == .began }), noteUserActivity() { return }
      if filter.filterTouches(samples, on: screen, at: time) { return }
    }
    touchRouter.send(samples, on: screen, at: time, application: self)
  }

  /// Delivers touches as `sendTouches(_:on:)` does, but past `accessibilityInputFilter`:
  /// the screen reader taps an element's activation point this way when the element has no
  /// `accessibilityActivate()` of its own (a double tap on a plain control).
  public func sendTouchesBypassingAccessibilityFilter(_ samples: [TouchSample], on screen: Screen) {
    touchRouter.send(samples, on: screen, at: Transaction.clock(), application: self)
  }

  private let pressRouter = PressRouter()

  /// Who hears that a commit laid out the windows (Application+LayoutObservers.swift).
  var layoutObservers = LayoutObservers()

  /// A memory warning waiting for a transition to end: the action that delivers it anyway
  /// once it has waited too long (Application+MemoryWarning.swift).
  var deferredMemoryWarning: ScheduledAction?
  /// Called when a memory warning has run its whole sequence (a deferred one, later than
  /// `simulateMemoryWarning()` returned): the runtime logs the RSS it gave back.
  package var didHandleMemoryWarning: (@MainActor () -> Void)?
  /// Whether the deferred warning is queued to run after the commit that ended a transition.
  var deferredMemoryWarningIsQueued = false

  /// Delivers key changes from a hardware keyboard: a key going down goes to the key
  /// window's first responder, else to the key window, else to the application, and up the
  /// responder chain from there; its later phases go to the same responder. Input backends
  /// and tests call this. A key press that wakes a blanked display is swallowed, up to its
  /// key-up.
  ///
  /// ```swift
  /// let a = Key(keyCode: 30, characters: "a")
  /// Application.shared.sendPresses([PressSample(phase: .began, key: a)])
  /// ```
  public func sendPresses(_ samples: [PressSample]) {
    let time = Transaction.clock()
    // Every key counts as activity for `idleTimeout`, a screen reader's keys included.
    if inactivityTimer.noteActivity() { inactivityTimer.dismissWarning() }
    if let shortcut = accessibilityShortcutFilter, shortcut.filterPresses(samples, at: time) {
      return
    }
    if let filter = accessibilityInputFilter {
      if samples.contains(where: { $0.phase == .began }), noteUserActivity() { return }
      if filter.filterPresses(samples, at: time) { return }
    }
    pressRouter.send(samples, at: time, application: self)
  }

  /// Delivers key changes as `sendPresses(_:)` does, but past `accessibilityInputFilter`:
  /// the screen reader hands on this way the keys of a frame it does not use itself.
  public func sendPressesBypassingAccessibilityFilter(_ samples: [PressSample]) {
    pressRouter.send(samples, at: Transaction.clock(), application: self)
  }

  /// Where a new key press goes first.
  var pressTarget: Responder {
    guard let window = keyWindow else { return self }
    return window.firstResponder ?? window
  }

  /// A view left its window: its touches (and its subviews') are cancelled, and a first
  /// responder among them resigns.
  func viewDidLeaveWindow(_ view: View) {
    touchRouter.cancelTouches(within: view, at: Transaction.clock(), application: self)
    resignFirstResponders(in: view)
  }

  private func resignFirstResponders(in view: View) {
    var responders: [Responder] = [view]
    if let controller = view.owningViewController { responders.append(controller) }
    for responder in responders
    where responder.firstResponderWindow != nil && responder.firstResponderWindow !== view.window {
      _ = responder.resignFirstResponder()
      responder.clearFirstResponder()
    }
    for subview in view.subviews { resignFirstResponders(in: subview) }
  }

  /// The launch sequence without a main storyboard: creates the delegate, keeps it, and
  /// calls `application(_:didFinishLaunchingWithOptions:)`, where the delegate builds its
  /// window, sets the root view controller and calls `makeKeyAndVisible()`. Returns whether
  /// the delegate agreed to launch. `Application.main` calls it.
  package func launch(
    _ delegateType: ApplicationDelegate.Type, options: [String: String] = [:]
  ) -> Bool {
    let delegate = delegateType.init()
    self.delegate = delegate
    return delegate.application(self, didFinishLaunchingWithOptions: options)
  }

  /// The launch sequence with a main storyboard (001): creates the delegate, a window on
  /// the main screen (which becomes the delegate's `window`), loads the storyboard file at
  /// `mainStoryboard`, makes its initial controller the window's root, calls
  /// `application(_:didFinishLaunchingWithOptions:)` (where the delegate can configure that
  /// controller) and makes the window key and visible. Returns whether the delegate agreed
  /// to launch; a storyboard that cannot be loaded, or has no initial scene, throws.
  /// `Application.main` calls it for `--main-storyboard`.
  package func launch(
    _ delegateType: ApplicationDelegate.Type, mainStoryboard: String,
    options: [String: String] = [:]
  ) throws(StoryboardError) -> Bool {
    let delegate = delegateType.init()
    self.delegate = delegate
    let window = Window(screen: .main)
    delegate.window = window
    let storyboard = try Storyboard.loadMain(path: mainStoryboard)
    window.rootViewController = storyboard.instantiateInitialViewController()
    guard delegate.application(self, didFinishLaunchingWithOptions: options) else { return false }
    window.makeKeyAndVisible()
    return true
  }
}
