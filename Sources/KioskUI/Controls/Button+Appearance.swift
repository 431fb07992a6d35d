import KioskGraphics

extension Button {
  /// How dark the shade over a highlighted `.system` plate is.
  static let shadeAlpha = 0.22
  /// How far a highlighted `.custom` button's images fade.
  static let highlightedImageAlpha = 0.6
  /// The plate and title of a disabled `.system` button.
  static let disabledPlateColor = Color(hex: 0xe5e5ea)
  static let disabledTitleColor = Color(hex: 0x8e8e93)
  /// Points between the image and the title.
  static let imageTitleSpacing = 8.0
  /// The shortest a `.system` button sizes itself (a comfortable finger target).
  static let minimumSystemHeight = 44.0

  /// Shows the title, colours and images of the current state. Touch-down only flips the
  /// shade (or fades the images): a layer property, so the highlight costs no redraw and
  /// reaches the screen in the next frame.
  func updateAppearance() {
    let state = self.state
    titleContent.text = title(for: state)
    titleContent.textColor = titleColor(for: state) ?? .white
    let image = image(for: state)
    if imageContent.image !== image {
      imageContent.image = image
      imageContent.isHidden = image == nil
      setNeedsLayout()  // the image's size places the title
      invalidateIntrinsicContentSize()
    }
    let background = backgroundImage(for: state)
    backgroundImageContent.image = background
    backgroundImageContent.isHidden = background == nil

    let usesPlate = buttonType == .system && background == nil
    plate.isHidden = !usesPlate
    if usesPlate {
      let tintColor = tintColor.resolvedColor(with: traitCollection)
      if state.contains(.disabled) {
        plate.fillColor = Self.disabledPlateColor
        plate.strokeColor = nil
      } else if state.contains(.selected) {
        plate.fillColor = .white
        plate.strokeColor = tintColor
        plate.lineWidth = 2
      } else {
        plate.fillColor = tintColor
        plate.strokeColor = nil
      }
    }
    let highlighted = state.contains(.highlighted)
    shade.isHidden = !(usesPlate && highlighted)
    // Without a plate to shade, images that have no look of their own for the highlight
    // fade while a finger is on them. Only shown images fade: an opacity change moves the
    // compositor to walk the whole tree, a waste for an image view that shows nothing.
    let fadesImages = highlighted && !usesPlate
    imageContent.alpha =
      fadesImages && image != nil && images[state.rawValue] == nil
      ? Self.highlightedImageAlpha : 1
    backgroundImageContent.alpha =
      fadesImages && background != nil && backgroundImages[state.rawValue] == nil
      ? Self.highlightedImageAlpha : 1
  }

  func updateShapes() {
    plate.shape = .roundedRect(cornerRadius: cornerRadius)
    shade.shape = .roundedRect(cornerRadius: cornerRadius)
  }

  /// The image's size in points, scaled down to fit `height` if it is taller.
  private func imageSize(fitting height: Double) -> Size {
    guard let image = imageContent.image else { return .zero }
    let size = image.size
    guard size.height > height, size.height > 0 else { return size }
    return Size(width: size.width * height / size.height, height: height)
  }

  private func titleSize(fitting size: Size) -> Size {
    guard let text = titleContent.text, !text.isEmpty else { return .zero }
    return titleContent.sizeThatFits(size)
  }

  func layoutContent() {
    let whole = bounds
    plate.frame = whole
    shade.frame = whole
    backgroundImageContent.frame = whole
    let content = whole.inset(by: contentEdgeInsets)
    let image = imageSize(fitting: max(content.height, 0))
    let spacingIfBoth = image.width > 0 ? Self.imageTitleSpacing : 0
    let room = Size(
      width: max(content.width - image.width - spacingIfBoth, 0), height: content.height)
    let fitted = titleSize(fitting: room)
    let title = Size(width: min(fitted.width, room.width), height: fitted.height)
    let spacing = title.width > 0 ? spacingIfBoth : 0
    let total = image.width + spacing + title.width
    let left = content.midX - total / 2
    imageContent.frame = aligned(
      Rect(x: left, y: content.midY - image.height / 2, width: image.width, height: image.height))
    titleContent.frame = aligned(
      Rect(
        x: left + image.width + spacing, y: content.midY - title.height / 2, width: title.width,
        height: title.height))
  }

  func fittingSize() -> Size {
    let unlimited = Size(width: 0, height: 0)
    let image = imageContent.image?.size ?? .zero
    let title = titleSize(fitting: unlimited)
    let spacing = image.width > 0 && title.width > 0 ? Self.imageTitleSpacing : 0
    let insets = contentEdgeInsets
    var size = Size(
      width: image.width + spacing + title.width + insets.left + insets.right,
      height: max(image.height, title.height) + insets.top + insets.bottom)
    if buttonType == .system { size.height = max(size.height, Self.minimumSystemHeight) }
    return Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
  }

  /// The distance from the top of the button, `height` tall, to the title's first (or
  /// last) baseline; `nil` without a title.
  func baselineOffset(forHeight height: Double, last: Bool) -> Double? {
    let title = titleSize(fitting: .zero)
    guard title.height > 0,
      let offset = titleContent.baselineOffset(forHeight: title.height, last: last)
    else { return nil }
    let insets = contentEdgeInsets
    let contentMid = insets.top + (height - insets.top - insets.bottom) / 2
    return contentMid - title.height / 2 + offset
  }

  /// `rect` with its origin on the pixel grid, so that text and images stay sharp.
  private func aligned(_ rect: Rect) -> Rect {
    let scale = max(layer.contentsScale, 1)
    return Rect(
      x: (rect.minX * scale).rounded() / scale, y: (rect.minY * scale).rounded() / scale,
      width: rect.width, height: rect.height)
  }
}
