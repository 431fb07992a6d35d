import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A view whose content asks for a size, as a label's text does.
private final class ContentSizedView: View {
  var contentSize = Size(width: 80, height: 20) {
    didSet { invalidateIntrinsicContentSize() }
  }
  override var intrinsicContentSize: Size { contentSize }
}

/// Counts the update-constraints and layout passes, in the order they come.
private final class ConstraintUpdateRecorder: View {
  var events: [String] = []
  let inner = View()
  lazy var width = inner.widthAnchor.constraint(equalToConstant: 10)

  override func updateConstraints() {
    events.append("update")
    width.constant = 40
    super.updateConstraints()
  }

  override func layoutSubviews() {
    events.append("layout \(inner.frame.width)")
    super.layoutSubviews()
  }
}

/// Auto Layout through UIKit's API: anchors, guides, intrinsic sizes with hugging and
/// compression resistance, the update-constraints pass, fitting sizes, animated
/// constants, and constraints following views as they move between trees.
@MainActor @Suite struct AutoLayoutTests {
  private func constrained<V: View>(_ view: V) -> V {
    view.translatesAutoresizingMaskIntoConstraints = false
    return view
  }

  @Test func edgesPinnedToTheSuperviewFollowItsSize() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let container = View(frame: Rect(x: 10, y: 10, width: 200, height: 100))
    let child = constrained(View())
    app.window.addSubview(container)
    container.addSubview(child)
    LayoutConstraint.activate([
      child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 8),
      child.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -8),
      child.topAnchor.constraint(equalTo: container.topAnchor, constant: 4),
      child.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -4),
    ])
    app.runUntilIdle()
    #expect(child.frame == Rect(x: 8, y: 4, width: 184, height: 92))
    #expect(container.constraints.count == 4)
    // The container keeps its own frame (it translates its mask): a new one re-solves.
    container.frame = Rect(x: 0, y: 0, width: 300, height: 50)
    app.runUntilIdle()
    #expect(child.frame == Rect(x: 8, y: 4, width: 284, height: 42))
  }

  @Test func siblingsCentresAndMultipliersAcrossLevels() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let card = constrained(View())
    let title = constrained(View())
    let button = constrained(View())
    app.window.addSubview(card)
    card.addSubview(title)
    app.window.addSubview(button)
    LayoutConstraint.activate([
      card.centerXAnchor.constraint(equalTo: app.window.centerXAnchor),
      card.topAnchor.constraint(equalTo: app.window.topAnchor, constant: 20),
      card.widthAnchor.constraint(equalTo: app.window.widthAnchor, multiplier: 0.5),
      card.heightAnchor.constraint(equalToConstant: 100),
      title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
      title.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
      title.widthAnchor.constraint(equalToConstant: 50),
      title.heightAnchor.constraint(equalToConstant: 20),
      // From the window's level to a view inside the card: the card's origin is in it.
      button.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 5),
      button.topAnchor.constraint(equalTo: card.bottomAnchor, constant: 8),
      button.widthAnchor.constraint(equalTo: title.widthAnchor, multiplier: 2),
      button.heightAnchor.constraint(equalTo: title.heightAnchor),
    ])
    app.runUntilIdle()
    #expect(card.frame == Rect(x: 100, y: 20, width: 200, height: 100))
    #expect(title.frame == Rect(x: 10, y: 10, width: 50, height: 20))
    #expect(button.frame == Rect(x: 165, y: 128, width: 100, height: 20))
  }

  @Test func marginsAndSafeAreaGuides() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let controller = ViewController()
    app.window.rootViewController = controller
    controller.additionalSafeAreaInsets = EdgeInsets(top: 30, left: 0, bottom: 10, right: 0)
    controller.view.layoutMargins = EdgeInsets(top: 5, left: 16, bottom: 5, right: 24)
    let field = constrained(View())
    let footer = constrained(View())
    controller.view.addSubview(field)
    controller.view.addSubview(footer)
    let margins = controller.view.layoutMarginsGuide
    let safe = controller.view.safeAreaLayoutGuide
    LayoutConstraint.activate([
      field.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
      field.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
      field.topAnchor.constraint(equalTo: safe.topAnchor),
      field.heightAnchor.constraint(equalToConstant: 44),
      footer.leftAnchor.constraint(equalTo: safe.leftAnchor),
      footer.rightAnchor.constraint(equalTo: safe.rightAnchor),
      footer.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
      footer.heightAnchor.constraint(equalToConstant: 20),
    ])
    app.runUntilIdle()
    let layoutMargins = controller.view.layoutMarginsGuide.layoutFrame
    #expect(field.frame.minX == layoutMargins.minX && field.frame.maxX == layoutMargins.maxX)
    #expect(field.frame.minY == 30)
    #expect(footer.frame == Rect(x: 0, y: 270, width: 400, height: 20))
    // A change of the safe area moves what is pinned to it in the same pass.
    controller.additionalSafeAreaInsets = EdgeInsets(top: 50, left: 0, bottom: 0, right: 0)
    app.runUntilIdle()
    #expect(field.frame.minY == 50)
    #expect(footer.frame.maxY == 300)
  }

  @Test func theViewThatHugsLeastTakesTheRoomAndTheOneThatResistsLeastGivesIt() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let row = View(frame: Rect(x: 0, y: 0, width: 300, height: 40))
    app.window.addSubview(row)
    let name = constrained(ContentSizedView())
    let price = constrained(ContentSizedView())
    name.contentSize = Size(width: 100, height: 20)
    price.contentSize = Size(width: 60, height: 20)
    row.addSubview(name)
    row.addSubview(price)
    name.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
    LayoutConstraint.activate([
      name.leadingAnchor.constraint(equalTo: row.leadingAnchor),
      price.leadingAnchor.constraint(equalTo: name.trailingAnchor, constant: 10),
      price.trailingAnchor.constraint(equalTo: row.trailingAnchor),
      name.topAnchor.constraint(equalTo: row.topAnchor),
      price.topAnchor.constraint(equalTo: row.topAnchor),
    ])
    app.runUntilIdle()
    #expect(name.frame.width == 230)
    #expect(price.frame.width == 60)
    #expect(name.frame.height == 20)
    // Too little room: the name, resisting less, is compressed; the price keeps its width.
    name.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
    name.contentSize = Size(width: 280, height: 20)
    app.runUntilIdle()
    #expect(price.frame.width == 60)
    #expect(name.frame.width == 230)
    // Room again: a content size that shrinks is followed.
    name.setContentHuggingPriority(.required, for: .horizontal)
    price.setContentHuggingPriority(.defaultLow, for: .horizontal)
    name.contentSize = Size(width: 50, height: 20)
    app.runUntilIdle()
    #expect(name.frame.width == 50)
    #expect(price.frame.width == 240)
  }

  @Test func aContradictionIsLoggedAndOneConstraintIsBroken() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let box = constrained(View())
    box.accessibilityIdentifier = "box"
    app.window.addSubview(box)
    let reportsBefore = LayoutEngine.unsatisfiableReports
    let wide = box.widthAnchor.constraint(equalToConstant: 100)
    let narrow = box.widthAnchor.constraint(equalToConstant: 50)
    narrow.identifier = "narrow"
    LayoutConstraint.activate([
      wide, narrow, box.heightAnchor.constraint(equalToConstant: 10),
      box.leftAnchor.constraint(equalTo: app.window.leftAnchor),
      box.topAnchor.constraint(equalTo: app.window.topAnchor),
    ])
    app.runUntilIdle()
    #expect(LayoutEngine.unsatisfiableReports == reportsBefore + 1)
    let report = LayoutEngine.lastUnsatisfiableReport ?? ""
    #expect(report.hasPrefix("Unable to simultaneously satisfy constraints."))
    #expect(report.contains("'narrow' box.width == 50.0"), "\(report)")
    #expect(box.frame.width == 100)
    #expect(narrow.isActive)
    // The one kept wins once the other goes.
    wide.isActive = false
    app.runUntilIdle()
    #expect(box.frame.width == 50)
  }

  /// A constant moved in place until it contradicts a required bound: logged and kept at
  /// 999 as at activation; moved back within the bound, it is required again.
  @Test func aConstantThatComesToContradictIsLoggedAndHoldsAgainOnceItCan() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let box = constrained(View())
    app.window.addSubview(box)
    let width = box.widthAnchor.constraint(equalToConstant: 100)
    LayoutConstraint.activate([
      width, box.widthAnchor.constraint(lessThanOrEqualToConstant: 200),
      box.heightAnchor.constraint(equalToConstant: 10),
      box.leftAnchor.constraint(equalTo: app.window.leftAnchor),
      box.topAnchor.constraint(equalTo: app.window.topAnchor),
    ])
    app.runUntilIdle()
    let reportsBefore = LayoutEngine.unsatisfiableReports
    width.constant = 150
    app.runUntilIdle()
    #expect(box.frame.width == 150)
    #expect(LayoutEngine.unsatisfiableReports == reportsBefore)
    width.constant = 300
    app.runUntilIdle()
    #expect(box.frame.width == 200)
    #expect(LayoutEngine.unsatisfiableReports == reportsBefore + 1)
    width.constant = 120
    app.runUntilIdle()
    #expect(box.frame.width == 120)
    width.constant = 250
    app.runUntilIdle()
    #expect(box.frame.width == 200)
    #expect(LayoutEngine.unsatisfiableReports == reportsBefore + 2)
  }

  @Test func aConstantChangedInsideAnimateMovesTheViewAnimated() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let panel = constrained(View())
    app.window.addSubview(panel)
    let top = panel.topAnchor.constraint(equalTo: app.window.topAnchor, constant: 300)
    LayoutConstraint.activate([
      top, panel.leadingAnchor.constraint(equalTo: app.window.leadingAnchor),
      panel.widthAnchor.constraint(equalToConstant: 400),
      panel.heightAnchor.constraint(equalToConstant: 100),
    ])
    app.runUntilIdle()
    #expect(panel.frame.minY == 300)
    top.constant = 200
    View.animate(withDuration: 0.3) { app.window.layoutIfNeeded() }
    // The model is there at once; what is on screen moves there over the duration.
    #expect(panel.frame.minY == 200)
    app.advance(by: 0.15)
    let midway = panel.layer.presented.position.y
    #expect(midway > 251 && midway < 349, "\(midway)")
    app.advance(by: 0.3)
    #expect(panel.layer.presented.position.y == 250)
  }

  @Test func updateConstraintsRunsBeforeLayoutAndOnlyWhenAsked() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = ConstraintUpdateRecorder(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    app.window.addSubview(view)
    view.inner.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(view.inner)
    LayoutConstraint.activate([
      view.width, view.inner.heightAnchor.constraint(equalToConstant: 10),
      view.inner.leftAnchor.constraint(equalTo: view.leftAnchor),
      view.inner.topAnchor.constraint(equalTo: view.topAnchor),
    ])
    app.runUntilIdle()
    #expect(view.events == ["layout 10.0"])
    view.setNeedsUpdateConstraints()
    #expect(view.needsUpdateConstraints())
    app.runUntilIdle()
    #expect(view.events == ["layout 10.0", "update", "layout 40.0"])
    #expect(!view.needsUpdateConstraints())
    app.runUntilIdle()
    #expect(view.events.count == 3)
  }

  @Test func fittingSizeComesFromTheContentsConstraints() throws {
    let cell = View(frame: Rect(x: 0, y: 0, width: 320, height: 10))
    let title = constrained(ContentSizedView())
    let detail = constrained(ContentSizedView())
    title.contentSize = Size(width: 120, height: 22)
    detail.contentSize = Size(width: 200, height: 18)
    cell.addSubview(title)
    cell.addSubview(detail)
    LayoutConstraint.activate([
      title.topAnchor.constraint(equalTo: cell.topAnchor, constant: 8),
      title.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 16),
      detail.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
      detail.leadingAnchor.constraint(equalTo: title.leadingAnchor),
      detail.trailingAnchor.constraint(lessThanOrEqualTo: cell.trailingAnchor, constant: -16),
      cell.bottomAnchor.constraint(equalTo: detail.bottomAnchor, constant: 8),
    ])
    let compressed = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
    #expect(compressed == Size(width: 232, height: 60))
    let atWidth = cell.systemLayoutSizeFitting(
      Size(width: 320, height: 0), withHorizontalFittingPriority: .required,
      verticalFittingPriority: .fittingSizeLevel)
    #expect(atWidth == Size(width: 320, height: 60))
    // Measuring moves nothing.
    #expect(cell.frame == Rect(x: 0, y: 0, width: 320, height: 10))
    #expect(title.frame == .zero)
  }

  @Test func aCustomGuideSpacesViewsEqually() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let left = constrained(View())
    let right = constrained(View())
    app.window.addSubview(left)
    app.window.addSubview(right)
    let gap = LayoutGuide()
    app.window.addLayoutGuide(gap)
    #expect(app.window.layoutGuides.count == 1)
    LayoutConstraint.activate([
      left.leadingAnchor.constraint(equalTo: app.window.leadingAnchor, constant: 20),
      left.widthAnchor.constraint(equalToConstant: 100),
      right.trailingAnchor.constraint(equalTo: app.window.trailingAnchor, constant: -20),
      right.widthAnchor.constraint(equalTo: left.widthAnchor),
      gap.leadingAnchor.constraint(equalTo: left.trailingAnchor),
      gap.trailingAnchor.constraint(equalTo: right.leadingAnchor),
      left.topAnchor.constraint(equalTo: app.window.topAnchor),
      right.topAnchor.constraint(equalTo: app.window.topAnchor),
      left.heightAnchor.constraint(equalToConstant: 10),
      right.heightAnchor.constraint(equalToConstant: 10),
      gap.topAnchor.constraint(equalTo: app.window.topAnchor),
      gap.heightAnchor.constraint(equalToConstant: 10),
    ])
    app.runUntilIdle()
    #expect(gap.layoutFrame == Rect(x: 120, y: 0, width: 160, height: 10))
    #expect(right.frame.minX == 280)
    let held = app.window.constraints.count
    app.window.removeLayoutGuide(gap)
    // Its four constraints went with it.
    #expect(app.window.constraints.count == held - 4)
    #expect(!app.window.constraints.contains { $0.firstItem === gap || $0.secondItem === gap })
  }

  @Test func constraintsFollowViewsBetweenTrees() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    // Built before it is in a window, as in viewDidLoad.
    let card = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    let badge = constrained(View())
    card.addSubview(badge)
    LayoutConstraint.activate([
      badge.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -4),
      badge.topAnchor.constraint(equalTo: card.topAnchor, constant: 4),
      badge.widthAnchor.constraint(equalToConstant: 20),
      badge.heightAnchor.constraint(equalToConstant: 20),
    ])
    card.layoutIfNeeded()
    #expect(badge.frame == Rect(x: 176, y: 4, width: 20, height: 20))
    app.window.addSubview(card)
    let toWindow = card.topAnchor.constraint(equalTo: app.window.topAnchor, constant: 50)
    card.translatesAutoresizingMaskIntoConstraints = false
    LayoutConstraint.activate([
      toWindow, card.leftAnchor.constraint(equalTo: app.window.leftAnchor),
      card.widthAnchor.constraint(equalToConstant: 100),
      card.heightAnchor.constraint(equalToConstant: 100),
    ])
    app.runUntilIdle()
    #expect(card.frame == Rect(x: 0, y: 50, width: 100, height: 100))
    #expect(badge.frame.minX == 76)
    // Removed: what reached outside the card is deactivated, what is inside goes with it.
    card.removeFromSuperview()
    #expect(!toWindow.isActive)
    // The card holds the badge's two and its own size; the badge its size.
    #expect(card.constraints.count == 4 && badge.constraints.count == 2)
    LayoutConstraint.deactivate(card.constraints.filter { $0.secondItem == nil })
    card.translatesAutoresizingMaskIntoConstraints = true
    card.frame = Rect(x: 0, y: 0, width: 60, height: 60)
    card.layoutIfNeeded()
    #expect(badge.frame.minX == 36)
  }

  @Test func contentPinnedAboveTheKeyboardSlidesWithIt() throws {
    let (app, field) = try appWithTextField()
    let send = constrained(View())
    app.window.addSubview(send)
    LayoutConstraint.activate([
      send.bottomAnchor.constraint(equalTo: app.window.keyboardLayoutGuide.topAnchor, constant: -8),
      send.trailingAnchor.constraint(equalTo: app.window.trailingAnchor, constant: -20),
      send.widthAnchor.constraint(equalToConstant: 100),
      send.heightAnchor.constraint(equalToConstant: 44),
    ])
    app.runUntilIdle()
    #expect(send.frame == Rect(x: 904, y: 548, width: 100, height: 44))
    field.becomeFirstResponder()
    app.advance(by: 0.1)
    let keyboard = try #require(app.keyboardFrame)
    // The model is at the end at once; on screen the view slides with the keyboard.
    #expect(send.frame.maxY == keyboard.minY - 8)
    let midway = send.layer.presented.position.y
    #expect(midway < 570 && midway > send.center.y, "\(midway)")
    app.advance(by: 0.5)
    #expect(send.layer.presented.position.y == send.center.y)
    field.resignFirstResponder()
    app.advance(by: 0.5)
    #expect(send.frame.maxY == 592)
  }

  @Test func aViewWhoseConstraintsLeaveItsFrameOpenHasAnAmbiguousLayout() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let box = constrained(View())
    let label = constrained(ContentSizedView())
    app.window.addSubview(box)
    app.window.addSubview(label)
    LayoutConstraint.activate([
      box.leadingAnchor.constraint(equalTo: app.window.leadingAnchor, constant: 10),
      box.widthAnchor.constraint(equalToConstant: 50),
      box.heightAnchor.constraint(equalToConstant: 50),
      // The label's size is its content's (hugging and compression resistance decide it).
      label.centerXAnchor.constraint(equalTo: app.window.centerXAnchor),
      label.centerYAnchor.constraint(equalTo: app.window.centerYAnchor),
    ])
    app.runUntilIdle()
    #expect(box.hasAmbiguousLayout)
    #expect(!label.hasAmbiguousLayout)
    box.topAnchor.constraint(equalTo: app.window.topAnchor).isActive = true
    #expect(!box.hasAmbiguousLayout)
    // Asking moved nothing.
    app.runUntilIdle()
    #expect(box.frame == Rect(x: 10, y: 0, width: 50, height: 50))
    #expect(label.frame == Rect(x: 160, y: 140, width: 80, height: 20))
  }

  @Test func aStackViewArrangesViewsAtTheSizesTheirConstraintsGive() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let name = ContentSizedView()
    let swatch = constrained(View())
    let stack = StackView(arrangedSubviews: [name, swatch])
    stack.spacing = 10
    stack.alignment = .center
    stack.frame = Rect(x: 0, y: 0, width: 400, height: 60)
    app.window.addSubview(stack)
    let width = swatch.widthAnchor.constraint(equalToConstant: 120)
    LayoutConstraint.activate([width, swatch.heightAnchor.constraint(equalToConstant: 30)])
    // A constraint elsewhere in the window's tree: the engine solves, and must leave the
    // stack's views where the stack put them.
    let other = constrained(View())
    app.window.addSubview(other)
    LayoutConstraint.activate([
      other.topAnchor.constraint(equalTo: stack.bottomAnchor),
      other.leftAnchor.constraint(equalTo: app.window.leftAnchor),
      other.widthAnchor.constraint(equalTo: swatch.widthAnchor),
      other.heightAnchor.constraint(equalToConstant: 5),
    ])
    app.runUntilIdle()
    // `.fill`: the name takes the room the swatch's width leaves.
    #expect(name.frame.width == 270)
    #expect(swatch.frame == Rect(x: 280, y: 15, width: 120, height: 30))
    #expect(other.frame == Rect(x: 0, y: 60, width: 120, height: 5))
    width.constant = 60
    app.runUntilIdle()
    #expect(swatch.frame == Rect(x: 340, y: 15, width: 60, height: 30))
    #expect(other.frame.width == 60)
    // A solve the stack does not lay out for leaves its views alone.
    let otherHeight = other.constraints.first { $0.firstAttribute == .height }
    otherHeight?.constant = 8
    app.runUntilIdle()
    #expect(other.frame.height == 8)
    #expect(swatch.frame == Rect(x: 340, y: 15, width: 60, height: 30))
  }

  @Test func anAspectRatioRelatesAHeightToAWidth() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let photo = constrained(View())
    app.window.addSubview(photo)
    let width = photo.widthAnchor.constraint(equalToConstant: 200)
    LayoutConstraint.activate([
      photo.leadingAnchor.constraint(equalTo: app.window.leadingAnchor),
      photo.topAnchor.constraint(equalTo: app.window.topAnchor),
      photo.heightAnchor.constraint(equalTo: photo.widthAnchor, multiplier: 0.75), width,
    ])
    app.runUntilIdle()
    #expect(photo.frame == Rect(x: 0, y: 0, width: 200, height: 150))
    width.constant = 120
    app.runUntilIdle()
    #expect(photo.frame.size == Size(width: 120, height: 90))
  }

  @Test func refusedConstraintsStayInactive() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let inTree = View()
    let elsewhere = View()
    app.window.addSubview(inTree)
    let noAncestor = inTree.leftAnchor.constraint(equalTo: elsewhere.leftAnchor)
    noAncestor.isActive = true
    #expect(!noAncestor.isActive)
    let mixed = LayoutConstraint(
      item: inTree, attribute: .width, relatedBy: .equal, toItem: app.window,
      attribute: .left, multiplier: 1, constant: 0)
    mixed.isActive = true
    #expect(!mixed.isActive)
    let acrossAxes = LayoutConstraint(
      item: inTree, attribute: .leading, relatedBy: .equal, toItem: app.window,
      attribute: .top, multiplier: 1, constant: 0)
    acrossAxes.isActive = true
    #expect(!acrossAxes.isActive)
    let notAView = LayoutConstraint(
      item: LayoutGuide(), attribute: .width, relatedBy: .equal, toItem: nil,
      attribute: .notAnAttribute, constant: 10)
    notAView.isActive = true
    #expect(!notAView.isActive)
    let width = inTree.widthAnchor.constraint(equalToConstant: 10)
    width.constant = .infinity
    #expect(width.constant == 10)
  }
}

/// The engine over time: views that come and go leave nothing behind in the solver.
@MainActor @Suite struct AutoLayoutEngineTests {
  @Test func viewsThatComeAndGoLeaveNoVariablesBehind() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    var counts: [Int] = []
    for round in 0..<3 {
      let views = (0..<20).map { _ in View() }
      var constraints: [LayoutConstraint] = []
      for (index, view) in views.enumerated() {
        view.translatesAutoresizingMaskIntoConstraints = false
        app.window.addSubview(view)
        constraints += [
          index == 0
            ? view.leadingAnchor.constraint(equalTo: app.window.leadingAnchor)
            : view.leadingAnchor.constraint(equalTo: views[index - 1].trailingAnchor),
          view.topAnchor.constraint(equalTo: app.window.topAnchor),
          view.widthAnchor.constraint(equalToConstant: 10 + Double(round)),
          view.heightAnchor.constraint(equalToConstant: 10),
        ]
      }
      LayoutConstraint.activate(constraints)
      app.window.layoutIfNeeded()
      #expect(views[19].frame.minX == 19 * (10 + Double(round)))
      let engine = try #require(LayoutEngine.engine(forTreeOf: app.window, create: false))
      counts.append(engine.solver.variableCount)
      LayoutConstraint.deactivate(constraints)
      for view in views { view.removeFromSuperview() }
      #expect(engine.solver.variableCount == 0 && engine.solver.rowCount == 0)
      #expect(engine.items.isEmpty)
    }
    #expect(counts[0] > 0 && Set(counts).count == 1, "\(counts)")
  }

  @Test func aGuideAndAnInvalidatedSizeLeaveNothingBehindEither() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let label = ContentSizedView()
    label.translatesAutoresizingMaskIntoConstraints = false
    app.window.addSubview(label)
    let constraints = [
      label.leadingAnchor.constraint(equalTo: app.window.safeAreaLayoutGuide.leadingAnchor),
      label.topAnchor.constraint(equalTo: app.window.layoutMarginsGuide.topAnchor),
    ]
    LayoutConstraint.activate(constraints)
    app.runUntilIdle()
    #expect(label.frame.size == label.contentSize)
    let engine = try #require(LayoutEngine.engine(forTreeOf: app.window, create: false))
    // The size changes and the constraints go before the next layout.
    label.contentSize = Size(width: 120, height: 30)
    LayoutConstraint.deactivate(constraints)
    app.runUntilIdle()
    #expect(engine.items.isEmpty)
    #expect(engine.solver.constraintCount == 0 && engine.solver.variableCount == 0)
  }
}
