import KioskGraphics
import KioskSpeech
import KioskUI

/// VoiceOver's model for KioskKit: a focus that moves through the accessibility tree by
/// touch and by keypad, spoken through a `SpeechOutput`.
///
/// ```swift
/// let reader = ScreenReader(speech: speechOutput, defaultLanguage: "de")
/// reader.start(on: Application.shared)   // speaks the first element
/// // … touches and keys now go to the reader first …
/// reader.stop()
/// ```
///
/// While it runs it is the application's `accessibilityInputFilter`: touches are gestures
/// (explore, flick to the next element, double tap to activate, …; see `ReaderGesture`)
/// and never reach the app, except on elements with `allowsDirectInteraction`; keypad keys
/// move the focus (see `KeypadCommand`), and keys it does not use go on to the app. It
/// listens to `Accessibility.post(notification:argument:)` and draws a focus ring around
/// the focused element in a window of its own.
///
/// Where KioskKit differs from VoiceOver: a single tap focuses what is under the finger
/// at once (rather than after the double-tap interval), so a double tap on an element
/// activates that element, and one on empty space activates the focus; the trait words
/// are English whatever the element's language; the boundary sound is left to
/// `boundaryFeedback`.
@MainActor
public final class ScreenReader {
  /// Where what it says goes.
  public let speech: any SpeechOutput
  /// What it says of an element (and in which language).
  public var describer: ElementDescriber
  /// Called when a flick or arrow finds no element beyond the focus (VoiceOver plays its
  /// boundary sound; KioskKit has no earcons yet, so a runtime can hook a sound here).
  public var boundaryFeedback: (@MainActor () -> Void)?
  /// How many times navigation hit the first or last element (for tests and logs).
  public internal(set) var boundariesHit = 0

  /// The application it runs on (`nil` while stopped).
  public private(set) weak var application: Application?
  /// The screen whose elements it reads.
  public internal(set) var screen: Screen?
  /// The element the reader is on.
  public internal(set) weak var focusedElement: (any AccessibilityNode)? {
    didSet { if oldValue !== focusedElement { isAdjustingFocus = false } }
  }
  /// Whether the keypad's arrows turn the focused adjustable element rather than move the
  /// focus (Enter on it starts this, Enter or Escape ends it; see `KeypadCommand`).
  public internal(set) var isAdjustingFocus = false
  /// The window the focus ring is drawn in (while running).
  public private(set) var focusRingWindow: FocusRingWindow?

  var gestureTracker = ReaderGestureTracker()
  /// Fires `exploreDelay` after a finger comes down alone, so that a resting finger
  /// explores without moving.
  var holdTimer: ScheduledAction?
  /// Fingers going straight to the app (they came down on a direct-interaction element).
  var directFingers: Set<Int> = []
  /// Keys whose press the reader used: their later phases are swallowed too.
  var consumedKeys: Set<Int> = []
  /// The focused element's value when last spoken or looked at.
  var lastValue: String?
  /// The focus as each of the last screens was left, oldest first (see `returnFocus`).
  var screenTrail: [LeftFocus] = []
  private var notificationToken: Int?
  private var layoutToken: Int?

  /// A reader speaking through `speech`; elements without a language of their own are
  /// spoken in `defaultLanguage`.
  public init(speech: any SpeechOutput, defaultLanguage: String = "en") {
    self.speech = speech
    self.describer = ElementDescriber(defaultLanguage: defaultLanguage)
  }

  /// Whether it runs.
  public var isRunning: Bool { application != nil }

  /// Starts reading `screen` (the main screen by default) of `application`: takes its
  /// touches and keys first, listens to its notifications, and speaks the first element
  /// ("Screen reader on" when there is none).
  public func start(on application: Application, screen: Screen? = nil) {
    if isRunning { stop() }
    let screen = screen ?? Screen.main
    self.application = application
    self.screen = screen
    application.accessibilityInputFilter = self
    notificationToken = application.addAccessibilityObserver { [weak self] notification, argument in
      self?.handle(notification, argument: argument)
    }
    layoutToken = application.addLayoutObserver { [weak self] in self?.layoutDidCommit() }
    focusRingWindow = FocusRingWindow(screen: screen)
    if let first = elements.first {
      moveFocus(to: first)
    } else {
      speak("Screen reader on", interrupting: true)
    }
  }

  /// Stops: the app gets its touches and keys again, notifications are no longer heard,
  /// and the focus ring goes.
  public func stop() {
    guard let application else { return }
    if application.accessibilityInputFilter === self { application.accessibilityInputFilter = nil }
    if let notificationToken { application.removeAccessibilityObserver(notificationToken) }
    if let layoutToken { application.removeLayoutObserver(layoutToken) }
    notificationToken = nil
    layoutToken = nil
    focusRingWindow?.hideRing()
    focusRingWindow = nil
    focusedElement = nil
    gestureTracker = ReaderGestureTracker()
    holdTimer?.cancel()
    holdTimer = nil
    directFingers = []
    consumedKeys = []
    self.application = nil
  }

  /// The elements of the screen in reading order (the focus ring's window left out).
  public var elements: [any AccessibilityNode] {
    guard let screen else { return [] }
    return AccessibilityTree.elements(on: screen)
  }

  // MARK: Focus

  /// Moves the focus to `node`: scrolls it into view when it is inside a scroll view, puts
  /// the ring around it and (with `speaking`) says it, cutting off what was being said.
  public func moveFocus(to node: any AccessibilityNode, speaking: Bool = true) {
    focusedElement = node
    lastValue = node.accessibilityValue
    scrollIntoView(node)
    // Zoom follows the focus (nothing happens unless the screen is magnified).
    screen?.zoom(toShow: node.accessibilityFrame)
    updateFocusRing()
    if speaking { speakElement(node) }
  }

  /// Takes the focus off any element and hides the ring.
  public func clearFocus() {
    focusedElement = nil
    lastValue = nil
    updateFocusRing()
  }

  /// Says `node` (its description, then its hint), cutting off what was being said.
  public func speakElement(_ node: any AccessibilityNode) {
    for utterance in describer.utterances(for: node, interrupting: true) {
      speech.speak(utterance)
    }
  }

  /// Says `text` in the default language.
  func speak(
    _ text: String, priority: SpeechPriority = .normal, interrupting: Bool,
    language: String? = nil
  ) {
    speech.speak(
      Utterance(
        text, language: language ?? describer.defaultLanguage, priority: priority,
        interrupts: interrupting))
  }

  /// The ring around the focus, or none.
  func updateFocusRing() {
    guard let ringWindow = focusRingWindow else { return }
    if let focus = focusedElement, isReachable(focus) {
      ringWindow.show(around: focus.accessibilityFrame)
    } else {
      ringWindow.hideRing()
    }
  }

  /// Scrolls every scroll view that holds `node` so that it shows, innermost first.
  func scrollIntoView(_ node: any AccessibilityNode) {
    var parent = node.accessibilityParent
    while let current = parent {
      if let scrollView = current as? ScrollView, let window = scrollView.window {
        let frame = node.accessibilityFrame.offsetBy(dx: -window.frame.minX, dy: -window.frame.minY)
        scrollView.scrollRectToVisible(scrollView.convert(frame, from: nil), animated: false)
      }
      parent = current.accessibilityParent
    }
  }

  /// Whether `node` is still on screen for the reader: a view in a window, visible, or an
  /// element of such a view. (A cheap test, made at every commit; the tree is not walked.)
  func isReachable(_ node: any AccessibilityNode) -> Bool {
    if let view = node as? View { return view.isVisibleToAccessibility }
    var parent = node.accessibilityParent
    while let current = parent {
      if let view = current as? View { return view.isVisibleToAccessibility }
      if current.accessibilityElementsHidden { return false }
      parent = current.accessibilityParent
    }
    return false
  }

  /// After each commit's layout: the ring follows its element, an element that left the
  /// screen gives the focus to the first element, and a new value is spoken.
  func layoutDidCommit() {
    guard isRunning else { return }
    guard let focus = focusedElement, isReachable(focus) else {
      if focusedElement != nil || focusRingWindow?.isHidden == false {
        if let first = elements.first { moveFocus(to: first) } else { clearFocus() }
      }
      return
    }
    updateFocusRing()
    let value = focus.accessibilityValue
    guard value != lastValue else { return }
    lastValue = value
    if let value, !value.isEmpty, !focus.accessibilityTraits.contains(.updatesFrequently) {
      speak(value, priority: .low, interrupting: false, language: describer.language(of: focus))
    }
  }
}
