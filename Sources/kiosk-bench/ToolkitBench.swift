import CAllocCounter
import Foundation
import KioskGraphics
import KioskKit
import KioskReferenceScene
import KioskVirtual

/// The toolkit of issue 18 at 1920×1080 px (960×540 pt at scale 2): a product grid of
/// 10,000 styled cards scrolling, and a shadowed card moving and fading over the reference
/// scene, each against the reference scene's full frame measured in the same run.
struct ToolkitFigures {
  var fullFrameMs = 0.0
  /// A scrolling frame in which a new line of cards comes into view (7 pt a frame).
  var gridScrollFrameMs = 0.0
  /// A scrolling frame in which no card comes or goes (0.25 pt a frame).
  var gridSteadyFrameMs = 0.0
  var gridDamagePixels = 0
  var gridCells = 0
  var allocationsPerSteadyGridFrame = 0.0
  var allocationsPerGridFrame = 0.0
  var allocationsPerGridFrameOutsideText = 0.0
  var cardMoveFrameMs = 0.0
  var cardMoveDamagePixels = 0
  var cardFadeFrameMs = 0.0
  var allocationsPerCardFrame = 0.0

  var gridFrameFraction: Double { gridScrollFrameMs / fullFrameMs }
  var gridSteadyFraction: Double { gridSteadyFrameMs / fullFrameMs }
  var cardMoveFraction: Double { cardMoveFrameMs / fullFrameMs }
  var cardFadeFraction: Double { cardFadeFrameMs / fullFrameMs }

  var dictionary: [String: Any] {
    [
      "grid_scroll_frame_ms": gridScrollFrameMs,
      "grid_scroll_frame_over_full_frame":
        gridFrameFraction,
      "grid_steady_scroll_frame_ms": gridSteadyFrameMs,
      "grid_steady_scroll_frame_over_full_frame": gridSteadyFraction,
      "grid_cells": gridCells,
      "grid_allocations_per_steady_scroll_frame": allocationsPerSteadyGridFrame,
      "grid_allocations_per_scroll_frame": allocationsPerGridFrame,
      "grid_allocations_per_scroll_frame_outside_text_shaping": allocationsPerGridFrameOutsideText,
      "shadowed_card_move_frame_ms": cardMoveFrameMs,
      "shadowed_card_move_over_full_frame": cardMoveFraction,
      "shadowed_card_fade_over_full_frame": cardFadeFraction,
      "shadowed_card_allocations_per_frame": allocationsPerCardFrame,
    ]
  }

  func printTable() {
    func ms(_ v: Double) -> String { String(format: "%.3f ms", v) }
    section("toolkit: a grid of 10,000 styled cards and a shadowed card, 1920×1080 px at scale 2")
    row(
      "(q) grid scrolling frame / full frame", String(format: "%.4f", gridFrameFraction),
      "7 pt a frame, a line of cards comes in every 30 frames (\(ms(gridScrollFrameMs)), "
        + "damage \(gridDamagePixels) px, \(gridCells) cells made)", measured: gridFrameFraction)
    row(
      "    … no card coming or going", String(format: "%.4f", gridSteadyFraction),
      "0.25 pt a frame (\(ms(gridSteadyFrameMs)))")
    row(
      "(r) heap allocations per steady scroll frame",
      String(format: "%.1f", allocationsPerSteadyGridFrame),
      String(
        format: "7 pt a frame: %.1f, %.1f outside text shaping",
        allocationsPerGridFrame, allocationsPerGridFrameOutsideText),
      measured: allocationsPerSteadyGridFrame)
    row(
      "(s) shadowed card moving / full frame", String(format: "%.4f", cardMoveFraction),
      "\(ms(cardMoveFrameMs)), damage \(cardMoveDamagePixels) px (the card and both places "
        + "of its shadow); allocations per frame " + String(format: "%.1f", allocationsPerCardFrame)
    )
    row(
      "(t) card with subviews fading / full frame", String(format: "%.4f", cardFadeFraction),
      "group opacity: its subtree blended as one (\(ms(cardFadeFrameMs)))")
  }
}

/// A product's card in the grid: a white rounded plate with a soft shadow, a coloured
/// swatch, a name and a price, as the demo's Menu example draws them.
final class ProductCardCell: CollectionViewCell {
  let swatch = View(frame: .zero)
  let name = Label(frame: .zero)
  let price = Label(frame: .zero)

  override init(frame: Rect) {
    super.init(frame: frame)
    contentView.backgroundColor = .white
    contentView.layer.cornerRadius = 12
    layer.shadowOpacity = 0.18
    layer.shadowRadius = 6
    layer.shadowOffset = Size(width: 0, height: 3)
    swatch.layer.cornerRadius = 8
    name.font = .boldSystemFont(ofSize: 15)
    price.font = .systemFont(ofSize: 14)
    price.textColor = Color(hex: 0x6b6b70)
    for view in [swatch, name, price] { contentView.addSubview(view) }
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    // Laid out when the cell is made or resized, not as it scrolls: an equal path set
    // again changes nothing.
    layer.shadowPath = Path(roundedRect: bounds, cornerRadius: 12)
    let width = bounds.width - 20
    swatch.frame = Rect(x: 10, y: 10, width: width, height: bounds.height - 66)
    name.frame = Rect(x: 10, y: bounds.height - 52, width: width, height: 22)
    price.frame = Rect(x: 10, y: bounds.height - 28, width: width, height: 20)
  }
}

/// 10,000 products, their names and prices made once: the figures count what the grid
/// allocates, not the app's string formatting.
@MainActor
final class ProductWall: CollectionViewDataSource {
  let names: [String]
  let prices: [String]
  let colours: [Color]

  init(count: Int) {
    names = (0..<count).map { "Product \($0 + 1)" }
    prices = (0..<count).map { String(format: "%d.%02d €", 2 + $0 % 17, $0 * 7 % 100) }
    let palette: [UInt32] = [0xffcc80, 0xa5d6a7, 0x90caf9, 0xf48fb1, 0xce93d8, 0xfff59d]
    colours = (0..<count).map { Color(hex: palette[$0 % palette.count]) }
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    names.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "product", for: indexPath)
    if let card = cell as? ProductCardCell {
      card.swatch.backgroundColor = colours[indexPath.item]
      card.name.text = names[indexPath.item]
      card.price.text = prices[indexPath.item]
    }
    return cell
  }
}

/// Measures `ToolkitFigures`.
@MainActor
struct ToolkitMeasurements {
  let frames: Int
  let fullFrameMs: Double

  func run() throws -> ToolkitFigures {
    var figures = ToolkitFigures()
    figures.fullFrameMs = fullFrameMs
    try measureGrid(into: &figures)
    try measureCard(into: &figures)
    return figures
  }

  /// (q) and (r): the grid scrolled by setting its offset, as a finger's drag does.
  private func measureGrid(into figures: inout ToolkitFigures) throws {
    let (screen, _, loop) = try makeBenchScreen()
    Application.install(Application())
    let window = Window(screen: screen)
    window.backgroundColor = Color(hex: 0xf2f2f7)
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 168, height: 200)
    layout.minimumLineSpacing = 16
    layout.minimumInteritemSpacing = 16
    layout.sectionInset = EdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
    let grid = CollectionView(frame: window.bounds, collectionViewLayout: layout)
    grid.backgroundColor = Color(hex: 0xf2f2f7)
    grid.register(ProductCardCell.self, forCellWithReuseIdentifier: "product")
    let wall = ProductWall(count: 10_000)
    grid.dataSource = wall
    window.addSubview(grid)
    window.makeKeyAndVisible()
    loop.runUntilIdle()

    // Warm: every cell the screen needs made, and the reuse queue filled.
    var scroller = BenchScroller(grid, loop: loop)
    scroller.warm()
    figures.gridScrollFrameMs = scroller.medianFrame(of: frames, step: 7)
    figures.gridDamagePixels = screen.compositor.lastDamage.area
    figures.gridSteadyFrameMs = scroller.medianFrame(of: frames, step: 0.25)
    figures.gridCells = grid.subviews.filter { $0 is ProductCardCell }.count
    figures.allocationsPerSteadyGridFrame = scroller.allocations(perFrameOver: frames, step: 0.25)
    // 7 pt a frame over 60 frames brings in two lines of five cards: new names and prices
    // are shaped by pango, counted first and then not.
    let count = max(frames, 60)
    figures.allocationsPerGridFrame = scroller.allocations(perFrameOver: count, step: 7)
    TextShaping.willBegin = kiosk_alloc_counter_pause
    TextShaping.didEnd = kiosk_alloc_counter_resume
    figures.allocationsPerGridFrameOutsideText = scroller.allocations(
      perFrameOver: count, step: 7)
    TextShaping.willBegin = nil
    TextShaping.didEnd = nil
    screen.detachOutput()
  }

  /// (s) and (t): a shadowed card with subviews over the reference scene, moved 2 pt a
  /// frame (its shadow is cached: only compositing), then faded (group opacity).
  private func measureCard(into figures: inout ToolkitFigures) throws {
    let (screen, _, loop) = try makeBenchScreen()
    let window = Window(screen: screen)
    _ = ReferenceScene(window: window, icon: try ReferenceScene.makeIcon())
    let card = View(frame: Rect(x: 300, y: 160, width: 320, height: 200))
    card.backgroundColor = .white
    card.layer.cornerRadius = 16
    card.layer.shadowOpacity = 0.3
    card.layer.shadowRadius = 10
    card.layer.shadowOffset = Size(width: 0, height: 6)
    let title = Label(frame: Rect(x: 20, y: 20, width: 280, height: 30))
    title.text = "Flat white"
    title.font = .boldSystemFont(ofSize: 22)
    let band = View(frame: Rect(x: 20, y: 70, width: 280, height: 100))
    band.backgroundColor = Color(hex: 0xffcc80)
    band.layer.cornerRadius = 10
    card.addSubview(title)
    card.addSubview(band)
    window.addSubview(card)
    window.makeKeyAndVisible()
    loop.runUntilIdle()

    var flip = false
    func move() {
      flip.toggle()
      card.center.x += flip ? 2 : -2
      loop.runUntilIdle()
    }
    move()
    figures.cardMoveFrameMs = median(of: frames) { timed { move() } }
    figures.cardMoveDamagePixels = screen.compositor.lastDamage.area
    kiosk_alloc_counter_start()
    for _ in 0..<frames { move() }
    figures.allocationsPerCardFrame = Double(kiosk_alloc_counter_stop()) / Double(frames)

    func fade() {
      flip.toggle()
      card.alpha = flip ? 0.5 : 0.6
      loop.runUntilIdle()
    }
    fade()
    figures.cardFadeFrameMs = median(of: frames) { timed { fade() } }
    screen.detachOutput()
  }
}
