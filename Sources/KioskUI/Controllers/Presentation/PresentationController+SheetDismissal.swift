import KioskGraphics

/// A sheet's own view: its top corners rounded (a page sheet's) and a pan that follows a
/// finger dragging it down, to dismiss it as UIKit's sheets are dismissed.
@MainActor
final class SheetWrapperView: View {
  weak var presentation: PresentationController?
  let dismissPan = PanGestureRecognizer()

  /// The pan begins only for a drag that goes down more than sideways, so that sideways
  /// swipes and controls inside the sheet keep theirs.
  override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    guard gestureRecognizer === dismissPan else {
      return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
    let moved = dismissPan.translation(in: self)
    return moved.y > 0 && moved.y >= abs(moved.x)
  }
}

extension PresentationController {
  /// How far (a fraction of the sheet's height) or how fast (points a second) a drag must
  /// go down for the sheet to leave when the finger lifts.
  static let sheetDismissFraction = 1.0 / 3
  static let sheetDismissSpeed = 800.0

  /// Gives a sheet's view the pan that drags it down (and its rounded top corners).
  func installSwipeToDismiss(on wrapper: View) {
    guard let sheet = wrapper as? SheetWrapperView else { return }
    sheet.presentation = self
    sheet.dismissPan.name = "sheet swipe to dismiss"
    sheet.dismissPan.addTarget(self) { presentation, pan in presentation.handleSheetPan(pan) }
    sheet.addGestureRecognizer(sheet.dismissPan)
    if presentationStyle == .pageSheet {
      sheet.layer.cornerRadius = Self.sheetCornerRadius
      sheet.layer.masksToBounds = true
    }
  }

  /// Whether the user may dismiss the presentation: the presented controller is not
  /// `isModalInPresentation` and the delegate agrees.
  var userMayDismiss: Bool {
    !presentedViewController.isModalInPresentation
      && (delegate?.presentationControllerShouldDismiss(self) ?? true)
  }

  /// A dismissal the user asked for (a swipe, a screen reader's escape): made, with the
  /// delegate told before and after, or refused with `didAttemptToDismiss`. Whether the
  /// presentation is going.
  @discardableResult
  func dismissByUser(mayDismiss: Bool? = nil) -> Bool {
    guard state == .presented else { return false }
    guard mayDismiss ?? userMayDismiss else {
      delegate?.presentationControllerDidAttemptToDismiss(self)
      return false
    }
    let delegate = self.delegate
    delegate?.presentationControllerWillDismiss(self)
    presentedViewController.dismiss(animated: true) { [self] in
      delegate?.presentationControllerDidDismiss(self)
    }
    return true
  }

  /// The sheet follows the finger down (a sheet that may not go gives a little, with
  /// growing resistance); when the finger lifts past a third of its height or fast, it
  /// goes, else it springs back.
  private func handleSheetPan(_ pan: PanGestureRecognizer) {
    guard state == .presented, let wrapperView else { return }
    let height = max(wrapperView.bounds.height, 1)
    let down = max(pan.translation(in: wrapperView.superview).y, 0)
    if pan.state == .began { sheetDragMayDismiss = userMayDismiss }
    let mayGo = sheetDragMayDismiss
    switch pan.state {
    case .began, .changed:
      let shown = mayGo ? down : ScrollView.stretch(down, height)
      wrapperView.transform = Transform(translationX: 0, y: shown)
      dimmingView?.alpha = max(0, 1 - shown / height)
    case .ended:
      let speed = pan.velocity(in: wrapperView.superview).y
      let far = down > height * Self.sheetDismissFraction
      let fast = speed > Self.sheetDismissSpeed && down > 0
      if far || fast, dismissByUser(mayDismiss: mayGo) { return }
      springBack()
    default:
      springBack()
    }
  }

  /// The sheet goes back up to where it rests.
  private func springBack() {
    View.animate(withDuration: 0.25) { [self] in
      wrapperView?.transform = .identity
      dimmingView?.alpha = 1
    }
  }
}
