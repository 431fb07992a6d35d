import KioskGraphics

/// A controller that picks its own presentation when it is presented (an alert controller
/// does: a card, a bottom sheet or a popover).
@MainActor
protocol ChoosesOwnPresentation: ViewController {
  /// The presentation to use when `holder` presents this controller.
  func presentation(presentedFrom holder: ViewController) -> PresentationController
}

extension AlertController: ChoosesOwnPresentation {
  /// An alert is a centred card; an action sheet a popover on a regular-width screen when
  /// the app gave it a source, else a sheet at the bottom.
  func presentation(presentedFrom holder: ViewController) -> PresentationController {
    loadViewIfNeeded()
    guard preferredStyle == .actionSheet else {
      contentView?.mode = .alert
      return AlertPresentationController(alert: self)
    }
    if holder.traitCollection.horizontalSizeClass == .regular {
      if let popover = presentationStorage as? PopoverPresentationController,
        popover.presentingViewController == nil, popover.hasSource
      {
        contentView?.mode = .popover
        updatePopoverContentSize()
        popover.outsideTapDismissal = { [weak self] in self?.popoverDismissedFromOutside() }
        return popover
      }
      uiLogger.warning(
        "AlertController: an action sheet on a regular-width screen is a popover: set popoverPresentationController.sourceView (and sourceRect) or barButtonItem; shown from the bottom instead"
      )
    }
    contentView?.mode = .sheet
    return AlertPresentationController(alert: self)
  }
}

/// How an alert or a bottom action sheet is presented: over the whole window, which it
/// dims, the card centred (in the part of the window above the on-screen keyboard, which
/// moves it up while a text field is edited) or the sheet at the bottom. The alert controller's
/// view is the card or sheet itself.
@MainActor
final class AlertPresentationController: PresentationController {
  private unowned let alert: AlertController

  init(alert: AlertController) {
    self.alert = alert
    super.init(presentedViewController: alert, presenting: nil)
  }

  private var isActionSheet: Bool { alert.contentView?.mode == .sheet }

  override func adaptedStyle(in window: Window) -> ModalPresentationStyle { .overFullScreen }

  /// An alert comes in as UIKit's does: a little larger (1.2 times) and shrinking to its
  /// size as it fades in; it leaves by fading alone. A bottom sheet slides up and down.
  override func adjustTransitionState(shown: Bool, appearing: Bool) {
    guard !isActionSheet, appearing, let wrapperView else { return }
    wrapperView.transform = shown ? .identity : Transform(scaleX: 1.2, y: 1.2)
  }

  /// The dimmed window behind: a tap on it does nothing for an alert, and triggers the
  /// cancel action of a sheet.
  override func makeDimmingView() -> View? {
    let dimming = View(frame: .zero)
    dimming.backgroundColor = Color(white: 0, alpha: AlertMetrics.dimmingAlpha)
    if isActionSheet {
      dimming.addGestureRecognizer(
        TapGestureRecognizer { [weak alert] _ in alert?.outsideSheetTapped() })
    }
    return dimming
  }

  /// The card's frame: centred above the keyboard, or at the bottom of the screen.
  override func wrapperFrame(in bounds: Rect) -> Rect {
    guard let container, let content = alert.contentView else { return .zero }
    let margin = AlertMetrics.screenMargin
    if isActionSheet {
      let width = max(min(bounds.width, bounds.height) - 2 * margin, 0)
      let top = bounds.minY + AlertMetrics.sheetTopMargin
      let bottom = bounds.maxY - margin
      let height = min(content.naturalSize(width: width).height, max(bottom - top, 0))
      return Rect(
        x: (bounds.midX - width / 2).rounded(), y: bottom - height, width: width, height: height)
    }
    // Reading the guide makes the container lay out again as the keyboard moves.
    let keyboardTop = container.keyboardLayoutGuide.layoutFrame.minY
    let area = Rect(
      x: bounds.minX, y: bounds.minY, width: bounds.width,
      height: max(min(bounds.maxY, keyboardTop) - bounds.minY, 0))
    let width = min(AlertMetrics.alertWidth, max(bounds.width - 2 * margin, 0))
    let height = min(content.naturalSize(width: width).height, max(area.height - 2 * margin, 0))
    return Rect(
      x: (area.midX - width / 2).rounded(), y: (area.midY - height / 2).rounded(), width: width,
      height: height)
  }
}
