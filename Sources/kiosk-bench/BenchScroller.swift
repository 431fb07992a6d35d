import CAllocCounter
import KioskGraphics
import KioskKit
import KioskVirtual

/// Scrolls a scroll view down by setting its offset, a frame at a time, as a finger's drag
/// does; the grid's and the self-sizing table's figures are taken the same way.
@MainActor
struct BenchScroller {
  let view: ScrollView
  let loop: SimulatedRunLoop
  private var y = 0.0

  init(_ view: ScrollView, loop: SimulatedRunLoop) {
    self.view = view
    self.loop = loop
  }

  /// One frame: the content moves `step` points and the frame is composited.
  mutating func scroll(by step: Double) {
    y += step
    view.contentOffset = Point(x: 0, y: y)
    loop.runUntilIdle()
  }

  /// 120 frames of 7 pt: the cells the screen needs made, the pool filled.
  mutating func warm() {
    for _ in 0..<120 { scroll(by: 7) }
  }

  /// The median time of `frames` frames moving `step` points each (7: new content comes
  /// in every so often; 0.25: none comes or goes).
  mutating func medianFrame(of frames: Int, step: Double) -> Double {
    var copy = self
    let result = median(of: frames) { timed { copy.scroll(by: step) } }
    self = copy
    return result
  }

  /// Heap allocations per frame over `count` frames moving `step` points (after one frame
  /// not counted, so one-time growth is left out).
  mutating func allocations(perFrameOver count: Int, step: Double) -> Double {
    scroll(by: step)
    kiosk_alloc_counter_start()
    for _ in 0..<count { scroll(by: step) }
    return Double(kiosk_alloc_counter_stop()) / Double(count)
  }
}
