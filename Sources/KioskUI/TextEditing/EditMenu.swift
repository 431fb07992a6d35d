import KioskGraphics

/// What the edit menu needs of a text field or text view: its editor, whether it is being
/// edited, and where the selection is in its window.
@MainActor
protocol EditMenuHost: View {
  var textEditor: TextEditor { get }
  var isEditing: Bool { get }
  /// The caret's rectangle for `offset`, in `caretSpace`'s coordinates.
  func caretRect(for offset: Int) -> Rect
  /// The view whose coordinates `caretRect(for:)` is in.
  var caretSpace: View { get }
}

extension EditMenuHost {
  /// The rectangle around the selection (or the caret), in window coordinates.
  func selectionRectInWindow() -> Rect {
    let selection = textEditor.selection
    let anchor = caretRect(for: selection.lowerBound).union(caretRect(for: selection.upperBound))
    return window.map { caretSpace.convert(anchor, to: $0) } ?? anchor
  }
}

/// The edit menu over a text field's or text view's selection or caret: Cut, Copy, Paste,
/// Select All, as far as each applies (nothing is copied out of a secure field). One menu
/// shows at a time, in the view's window above the selection (below it when there is no
/// room above).
@MainActor
final class EditMenu {
  static let shared = EditMenu()

  /// The commands in the order they are shown.
  enum Command: String, CaseIterable {
    case cut = "Cut"
    case copy = "Copy"
    case paste = "Paste"
    case selectAll = "Select All"
  }

  private(set) var menuView: EditMenuView?
  private weak var owner: View?

  var isVisible: Bool { menuView != nil }

  func commands(for field: EditMenuHost) -> [Command] {
    let editor = field.textEditor
    var commands: [Command] = []
    if editor.canCopy { commands += [.cut, .copy] }
    if Pasteboard.general.hasStrings { commands.append(.paste) }
    if !editor.text.isEmpty, editor.selection != 0..<editor.buffer.length {
      commands.append(.selectAll)
    }
    return commands
  }

  func toggle(for field: EditMenuHost) {
    if owner === field, isVisible { hide(for: field) } else { show(for: field) }
  }

  func show(for field: EditMenuHost) {
    hideAll()
    guard let window = field.window, field.isEditing else { return }
    let commands = commands(for: field)
    guard !commands.isEmpty else { return }
    let menu = EditMenuView(commands: commands) { [weak self, weak field] command in
      guard let self, let field else { return }
      self.perform(command, in: field)
    }
    let inWindow = field.selectionRectInWindow()
    let size = menu.sizeThatFits(.zero)
    var x = inWindow.midX - size.width / 2
    x = min(max(x, 4), max(window.bounds.width - size.width - 4, 4))
    var y = inWindow.minY - size.height - 10
    if y < 4 { y = inWindow.maxY + 14 }
    menu.frame = Rect(x: x.rounded(), y: y.rounded(), width: size.width, height: size.height)
    window.addSubview(menu)
    menuView = menu
    owner = field
  }

  func hide(for field: View) {
    guard owner === field else { return }
    hideAll()
  }

  func hideAll() {
    menuView?.removeFromSuperview()
    menuView = nil
    owner = nil
  }

  func perform(_ command: Command, in field: EditMenuHost) {
    hideAll()
    switch command {
    case .cut: field.textEditor.cut()
    case .copy: field.textEditor.copy()
    case .paste: field.textEditor.paste()
    case .selectAll:
      field.textEditor.selectAll()
      show(for: field)
    }
  }
}

/// The edit menu's bar: dark rounded segments, one a command.
@MainActor
final class EditMenuView: View {
  let commands: [EditMenu.Command]
  private let action: @MainActor (EditMenu.Command) -> Void
  private var layouts: [TextLayout] = []
  private var pressed: Int? {
    didSet { if oldValue != pressed { setNeedsDisplay() } }
  }
  static let padding = 14.0
  static let height = 40.0

  init(commands: [EditMenu.Command], action: @escaping @MainActor (EditMenu.Command) -> Void) {
    self.commands = commands
    self.action = action
    super.init(frame: .zero)
    contentMode = .redraw
    layouts = commands.map {
      TextLayout(text: $0.rawValue, font: .systemFont(ofSize: 15), color: .white)
    }
  }

  private var segmentWidths: [Double] {
    layouts.map { ($0.size.width + 2 * Self.padding).rounded(.up) }
  }

  override func sizeThatFits(_ size: Size) -> Size {
    Size(width: segmentWidths.reduce(0, +), height: Self.height)
  }

  /// The segment under `x`, if any.
  func segment(at x: Double) -> Int? {
    var left = 0.0
    for (index, width) in segmentWidths.enumerated() {
      if x >= left, x < left + width { return index }
      left += width
    }
    return nil
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    context.setFillColor(Color(hex: 0x2c2c2e))
    context.beginPath()
    context.addRoundedRect(bounds, cornerRadius: 8)
    context.fillPath()
    var left = 0.0
    for (index, width) in segmentWidths.enumerated() {
      if pressed == index {
        context.setFillColor(Color(hex: 0x636366))
        context.fill(Rect(x: left, y: 0, width: width, height: bounds.height))
      }
      if index > 0 {
        context.setFillColor(Color(hex: 0x636366))
        context.fill(Rect(x: left, y: 8, width: 1, height: bounds.height - 16))
      }
      let layout = layouts[index]
      context.draw(
        layout,
        at: Point(
          x: left + (width - layout.size.width) / 2, y: (bounds.height - layout.size.height) / 2))
      left += width
    }
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    guard let touch = touches.first else { return }
    pressed = segment(at: touch.location(in: self).x)
  }

  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    guard let touch = touches.first else { return }
    let point = touch.location(in: self)
    pressed = bounds.contains(point) ? segment(at: point.x) : nil
  }

  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    guard let touch = touches.first else { return }
    let point = touch.location(in: self)
    let chosen = bounds.contains(point) ? segment(at: point.x) : nil
    pressed = nil
    if let chosen { action(commands[chosen]) }
  }

  override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    pressed = nil
  }
}
