import KioskGraphics
import KioskKit

/// Auto Layout through the public API: 200 views in rows of ten with four constraints each
/// (800), solved from scratch and after one constant changes, against the reference
/// scene's full frame measured in the same run.
struct AutoLayoutFigures {
  var fullFrameMs = 0.0
  var views = 0
  var constraints = 0
  /// Activating every constraint and laying the window out.
  var fromScratchMs = 0.0
  /// One view's height constant changed and the window laid out again.
  var afterOneConstantMs = 0.0
  /// The width every view shares changed: all 200 views move.
  var everyViewMovingMs = 0.0
  /// Whether the last layout put the last view where the constraints say (a check that
  /// the figures measure a real solve).
  var solvedAsExpected = false

  var dictionary: [String: Any] {
    [
      "auto_layout_views": views,
      "auto_layout_constraints": constraints,
      "auto_layout_from_scratch_ms": fromScratchMs,
      "auto_layout_after_one_constant_ms": afterOneConstantMs,
      "auto_layout_every_view_moving_ms": everyViewMovingMs,
    ]
  }

  func printTable() {
    func ms(_ v: Double) -> String { String(format: "%.3f ms", v) }
    section("auto layout: \(views) views, \(constraints) constraints, public API")
    let check = solvedAsExpected ? "" : "; THE LAYOUT WAS WRONG"
    row(
      "(z) constraints activated and solved", ms(fromScratchMs),
      String(format: "%.2f full frames", fromScratchMs / fullFrameMs) + check,
      measured: fromScratchMs)
    row(
      "(aa) one view's constant changed, laid out", ms(afterOneConstantMs),
      String(format: "%.3f full frames", afterOneConstantMs / fullFrameMs),
      measured: afterOneConstantMs)
    row(
      "    … a constant every view follows", ms(everyViewMovingMs),
      String(format: "all %d views move; %.3f full frames", views, everyViewMovingMs / fullFrameMs))
  }
}

/// Measures `AutoLayoutFigures`.
@MainActor
struct AutoLayoutMeasurements {
  let frames: Int
  let fullFrameMs: Double
  static let columns = 10
  static let rows = 20

  func run() throws -> AutoLayoutFigures {
    var figures = AutoLayoutFigures()
    figures.fullFrameMs = fullFrameMs
    let (screen, _, loop) = try makeBenchScreen()
    let window = Window(screen: screen)
    window.makeKeyAndVisible()
    loop.runUntilIdle()
    var last: (views: [View], constraints: [LayoutConstraint])?
    figures.fromScratchMs = median(of: max(frames / 6, 5)) {
      if let last {
        LayoutConstraint.deactivate(last.constraints)
        for view in last.views { view.removeFromSuperview() }
      }
      let views = (0..<(Self.columns * Self.rows)).map { _ in View() }
      for view in views {
        view.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(view)
      }
      let constraints = Self.constraints(for: views, in: window)
      last = (views, constraints)
      return timed {
        LayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
      }
    }
    guard let (views, constraints) = last else { return figures }
    figures.views = views.count
    figures.constraints = constraints.count
    // The last view's height: one view moves.
    let height = constraints[constraints.count - 1]
    var step = 0
    figures.afterOneConstantMs = median(of: max(frames, 20)) {
      step += 1
      return timed {
        height.constant = 20 + Double(step % 8)
        window.layoutIfNeeded()
      }
    }
    // The first view's width: every view in the grid follows it.
    let width = constraints[2]
    figures.everyViewMovingMs = median(of: max(frames, 20)) {
      step += 1
      return timed {
        width.constant = 40 + Double(step % 8)
        window.layoutIfNeeded()
      }
    }
    let lastView = views[views.count - 1]
    figures.solvedAsExpected =
      abs(lastView.frame.width - width.constant) < 0.001
      && abs(lastView.frame.height - height.constant) < 0.001
      && abs(lastView.frame.minX - Double(Self.columns - 1) * (width.constant + 4)) < 0.001
      && abs(lastView.frame.minY - Double(Self.rows - 1) * 24) < 0.001
    loop.runUntilIdle()
    return figures
  }

  /// Each view: after the one before it in its row (or at the window's leading edge), in
  /// its row's place, as wide as the first view (the first: 40 pt), 20 pt high.
  static func constraints(for views: [View], in window: Window) -> [LayoutConstraint] {
    var result: [LayoutConstraint] = []
    for (index, view) in views.enumerated() {
      let column = index % columns
      let row = index / columns
      result.append(
        column == 0
          ? view.leadingAnchor.constraint(equalTo: window.leadingAnchor)
          : view.leadingAnchor.constraint(equalTo: views[index - 1].trailingAnchor, constant: 4))
      result.append(
        view.topAnchor.constraint(equalTo: window.topAnchor, constant: Double(row) * 24))
      result.append(
        index == 0
          ? view.widthAnchor.constraint(equalToConstant: 40)
          : view.widthAnchor.constraint(equalTo: views[0].widthAnchor))
      result.append(view.heightAnchor.constraint(equalToConstant: 20))
    }
    return result
  }
}
