import KioskKit

/// What the photo picker tells the controller that presented it.
@MainActor
protocol PhotoPickerDelegate: AnyObject {
  /// `portrait` was picked (an index in `Contact.portraits`), or `nil` on Cancel. The
  /// delegate dismisses the picker.
  func photoPicker(_ picker: PhotoPickerController, didPick portrait: Int?)
}

/// Contacts: the photo picker, presented by New Contact (the second presentation of the
/// chain): a grid of portraits and a Cancel button. It must be dismissed before New
/// Contact can be.
@MainActor
final class PhotoPickerController: ViewController, StoryboardInstantiable {
  weak var delegate: PhotoPickerDelegate?
  private weak var heading: Label?
  private weak var cancelButton: Button?
  private var tiles: [WeakTile] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0x1c1c1e)
    let heading = Label(frame: .zero)
    heading.text = title ?? "Choose a Photo"
    heading.font = .boldSystemFont(ofSize: 22)
    heading.textColor = .white
    view.addSubview(heading)
    let cancelButton = Button(type: .system)
    cancelButton.setTitle("Cancel", for: .normal)
    cancelButton.addTarget(
      self, action: { $0.delegate?.photoPicker($0, didPick: nil) }, for: .touchUpInside)
    view.addSubview(cancelButton)
    self.heading = heading
    self.cancelButton = cancelButton
    tiles = Contact.portraits.indices.map { index in
      let tile = Button(type: .custom)
      tile.setImage(Contact.portrait(index, size: 110), for: .normal)
      tile.cornerRadius = 12
      tile.clipsToBounds = true
      tile.addTarget(self, action: { $0.pick(index) }, for: .touchUpInside)
      view.addSubview(tile)
      return WeakTile(button: tile)
    }
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let bounds = view.bounds
    heading?.frame = Rect(x: 24, y: 16, width: max(bounds.width - 160, 0), height: 36)
    cancelButton?.frame = Rect(x: bounds.width - 124, y: 12, width: 110, height: 44)
    let side = 110.0
    let gap = 16.0
    let columns = max(Int((bounds.width - 24 + gap) / (side + gap)), 1)
    for (index, tile) in tiles.enumerated() {
      tile.button?.frame = Rect(
        x: 24 + Double(index % columns) * (side + gap),
        y: 70 + Double(index / columns) * (side + gap), width: side, height: side)
    }
  }

  /// Picks portrait `index`, as a tap on it does.
  func pick(_ index: Int) {
    delegate?.photoPicker(self, didPick: index)
  }
}

/// A portrait button held weakly: it belongs to the view, which may be released.
@MainActor
private struct WeakTile {
  weak var button: Button?
}
