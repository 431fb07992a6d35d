import KioskGraphics

/// A view that shows an image, placed by its `contentMode` (default: scale to fill). The
/// image's pixels become the layer's contents directly: nothing is drawn or copied.
///
/// ```swift
/// let logo = ImageView(image: try Image(contentsOfFile: "/usr/share/kiosk/logo.png"))
/// logo.contentMode = .scaleAspectFit
/// ```
@MainActor
open class ImageView: View {
  /// The image shown; `nil` shows nothing.
  open var image: Image? {
    didSet {
      if oldValue !== image {
        showImage()
        invalidateIntrinsicContentSize()
      }
    }
  }

  /// Creates an image view. Like UIKit's, it takes no touches (`isUserInteractionEnabled`
  /// is false): touches go to what is under it. Set it to true to give the image view
  /// gesture recognizers (a photo that zooms on a double tap).
  public override init(frame: Rect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  /// Creates an image view sized to `image`.
  public convenience init(image: Image?) {
    self.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
    self.image = image
    showImage()  // observers do not run in the class's own initializers
  }

  private func showImage() {
    layer.contents = image.map {
      LayerContents(buffer: $0.pixelBuffer, scale: $0.scale, visiblePixels: $0.visiblePixelBounds)
    }
  }

  // MARK: Accessibility (UIKit's: an image is an element only once it has a label)

  open override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? (accessibilityStore.label != nil) }
    set { super.isAccessibilityElement = newValue }
  }

  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? .image }
    set { super.accessibilityTraits = newValue }
  }

  /// The image's size in points; without an image, `View.noIntrinsicMetric` both ways, as
  /// in UIKit.
  open override var intrinsicContentSize: Size {
    image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
  }

  /// The image's size in points.
  open override func sizeThatFits(_ size: Size) -> Size {
    image?.size ?? .zero
  }
}
