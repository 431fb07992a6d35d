import KioskGraphics

/// Keeps the text input being edited above the on-screen keyboard: the scroll views around
/// it get a bottom inset as tall as the part the keyboard covers, and scroll the input into
/// view above it. The insets it added are taken back when the keyboard moves or goes.
@MainActor
final class KeyboardAvoidance {
  private var adjustments: [(view: ScrollView, inset: Double)] = []

  /// Takes back the insets added before, then, with a keyboard at `keyboardFrame` (screen
  /// points; `nil` while none is shown), gives each scroll view around `input` that the
  /// keyboard covers an inset and scrolls `input` into view.
  func makeRoom(around input: View?, below keyboardFrame: Rect?, animated: Bool) {
    restore()
    guard let keyboardFrame, let view = input, let window = view.window else { return }
    var ancestor = view.superview
    while let current = ancestor {
      if let scrollView = current as? ScrollView, scrollView.window === window {
        let inScreen = scrollView.convert(scrollView.bounds, to: window).offsetBy(
          dx: window.frame.minX, dy: window.frame.minY)
        let overlap = inScreen.maxY - keyboardFrame.minY
        if overlap > 0 {
          inset(scrollView, by: overlap, revealing: view, animated: animated)
        }
      }
      ancestor = current.superview
    }
  }

  private func inset(
    _ scrollView: ScrollView, by overlap: Double, revealing view: View, animated: Bool
  ) {
    scrollView.contentInset.bottom += overlap
    adjustments.append((scrollView, overlap))
    let rect = view.convert(view.bounds, to: scrollView).insetBy(dx: 0, dy: -8)
    let visibleHeight = scrollView.bounds.height - overlap
    var offset = scrollView.contentOffset
    if rect.maxY > offset.y + visibleHeight { offset.y = rect.maxY - visibleHeight }
    if rect.minY < offset.y { offset.y = rect.minY }
    if offset != scrollView.contentOffset {
      scrollView.setContentOffset(offset, animated: animated)
    }
  }

  private func restore() {
    for adjustment in adjustments {
      adjustment.view.contentInset.bottom = max(
        adjustment.view.contentInset.bottom - adjustment.inset, 0)
    }
    adjustments.removeAll()
  }
}
