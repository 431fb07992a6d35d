import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct IntrinsicSizeTests {
  private static let none = View.noIntrinsicMetric

  private func image(_ width: Int, _ height: Int) throws -> Image {
    try Image.render(size: Size(width: Double(width), height: Double(height)), scale: 1) {
      context in
      context.setFillColor(.red)
      context.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
    }
  }

  @Test func plainViewHasNone() {
    #expect(View.noIntrinsicMetric == -1)
    #expect(View().intrinsicContentSize == Size(width: -1, height: -1))
    let view = View(frame: Rect(x: 0, y: 0, width: 30, height: 40))
    #expect(view.sizeThatFits(.zero) == Size(width: 30, height: 40))
  }

  @Test func labelIsItsText() throws {
    _ = try TestApplication(pointSize: Size(width: 100, height: 100))
    let label = Label()
    #expect(label.intrinsicContentSize == .zero)
    label.text = "Hello"
    let one = label.intrinsicContentSize
    #expect(one.width > 20 && one.height >= 17)
    #expect(one == label.sizeThatFits(.zero))
    label.text = "Hello, world"
    #expect(label.intrinsicContentSize.width > one.width)
    label.font = .systemFont(ofSize: 34)
    #expect(label.intrinsicContentSize.height > 2 * one.height - 4)
    label.font = .systemFont(ofSize: 17)
    label.numberOfLines = 0
    label.text = "one two three four five six seven eight nine ten"
    let unwrapped = label.intrinsicContentSize
    label.preferredMaxLayoutWidth = 80
    let wrapped = label.intrinsicContentSize
    #expect(wrapped.width <= 80)
    #expect(wrapped.height >= 3 * one.height)
    #expect(unwrapped.height == one.height)
    // sizeThatFits wraps at the width asked, whatever the preferred width.
    #expect(label.sizeThatFits(Size(width: 200, height: 0)).height < wrapped.height)
    label.numberOfLines = 2
    #expect(label.sizeThatFits(Size(width: 80, height: 0)).height < 2.5 * one.height)
  }

  @Test func buttonIsTitleImageAndInsets() throws {
    _ = try TestApplication(pointSize: Size(width: 100, height: 100))
    let button = Button(type: .system)
    #expect(button.intrinsicContentSize == Size(width: 40, height: 44))  // insets, 44 tall
    button.setTitle("Order", for: .normal)
    let title = try #require(button.titleLabel).sizeThatFits(.zero)
    #expect(
      button.intrinsicContentSize
        == Size(width: (title.width + 40).rounded(.up), height: 44))
    button.setImage(try image(24, 60), for: .normal)
    #expect(
      button.intrinsicContentSize
        == Size(width: (24 + 8 + title.width + 40).rounded(.up), height: 80))
    button.contentEdgeInsets = .zero
    #expect(button.intrinsicContentSize.height == 60)
    #expect(button.sizeThatFits(.zero) == button.intrinsicContentSize)
    let custom = Button(type: .custom)
    custom.setTitle("Order", for: .normal)
    #expect(
      custom.intrinsicContentSize
        == Size(width: title.width.rounded(.up), height: title.height.rounded(.up)))
  }

  @Test func imageViewIsItsImage() throws {
    let view = ImageView(image: nil)
    #expect(view.intrinsicContentSize == Size(width: -1, height: -1))
    #expect(view.sizeThatFits(.zero) == .zero)
    view.image = try image(30, 20)
    #expect(view.intrinsicContentSize == Size(width: 30, height: 20))
    #expect(view.sizeThatFits(Size(width: 5, height: 5)) == Size(width: 30, height: 20))
  }

  @Test func controlsHaveUIKitSizes() throws {
    _ = try TestApplication(pointSize: Size(width: 100, height: 100))
    let toggle = Switch(frame: .zero)
    #expect(toggle.intrinsicContentSize == Size(width: 51, height: 31))
    #expect(toggle.sizeThatFits(Size(width: 300, height: 300)) == Size(width: 51, height: 31))
    let slider = Slider(frame: .zero)
    #expect(slider.intrinsicContentSize == Size(width: Self.none, height: 31))
    #expect(slider.sizeThatFits(Size(width: 200, height: 0)) == Size(width: 200, height: 31))
    #expect(slider.sizeThatFits(.zero) == Size(width: 118, height: 31))
    let dots = PageControl(frame: .zero)
    #expect(dots.intrinsicContentSize == Size(width: 0, height: 26))
    dots.numberOfPages = 5
    #expect(dots.intrinsicContentSize == Size(width: 71, height: 26))
    #expect(dots.sizeThatFits(.zero) == Size(width: 71, height: 26))
  }

  /// The controls of issue 18 have UIKit's intrinsic sizes, so a stack view gives them
  /// room (without, a segmented control in the demo's Menu stack came out 0 points tall).
  @Test func theNewControlsHaveUIKitSizes() throws {
    _ = try TestApplication(pointSize: Size(width: 400, height: 400))
    let segments = SegmentedControl(items: ["Small", "Large"])
    #expect(segments.intrinsicContentSize == segments.sizeThatFits(.zero))
    #expect(segments.intrinsicContentSize.height == 32 && segments.intrinsicContentSize.width > 60)
    let narrower = segments.intrinsicContentSize.width
    segments.insertSegment(withTitle: "Regular", at: 1, animated: false)
    #expect(segments.intrinsicContentSize.width > narrower)
    #expect(Stepper(frame: .zero).intrinsicContentSize == Size(width: 94, height: 32))
    #expect(ProgressView(progressViewStyle: .default).intrinsicContentSize.width == Self.none)
    #expect(
      ActivityIndicatorView(style: .large).intrinsicContentSize == Size(width: 37, height: 37))
    #expect(PickerView(frame: .zero).intrinsicContentSize == Size(width: 320, height: 216))
    #expect(DatePicker(frame: .zero).intrinsicContentSize == Size(width: 320, height: 216))
    let stack = StackView(arrangedSubviews: [segments, Stepper(frame: .zero)])
    stack.axis = .vertical
    stack.alignment = .leading
    stack.distribution = .equalSpacing
    stack.frame = Rect(x: 0, y: 0, width: 300, height: 200)
    stack.layoutIfNeeded()
    #expect(segments.frame.height == 32)
    #expect(stack.arrangedSubviews[1].frame.size == Size(width: 94, height: 32))
  }

  @Test func textFieldIsItsTextOrPlaceholder() throws {
    _ = try TestApplication(pointSize: Size(width: 100, height: 100))
    let field = TextField(frame: .zero)
    let height = (field.font.lineHeight + 14).rounded(.up)
    #expect(field.intrinsicContentSize == Size(width: 60, height: height))
    field.borderStyle = .roundedRect
    field.placeholder = "Your full name, please"
    let placeholderWidth = field.intrinsicContentSize.width
    #expect(placeholderWidth > 150)
    field.text = "Ann"
    #expect(field.intrinsicContentSize == Size(width: 60, height: height))
    field.text = "Annabelle Rosalind Smithson"
    #expect(field.intrinsicContentSize.width > placeholderWidth)
    #expect(field.sizeThatFits(.zero) == field.intrinsicContentSize)
  }

  @Test func contentChangesRelayOutTheStack() throws {
    let app = try TestApplication(pointSize: Size(width: 1000, height: 100))
    let label = Label()
    label.text = "A"
    let button = Button(type: .system)
    button.setTitle("B", for: .normal)
    let picture = ImageView(image: try image(10, 10))
    let field = TextField(frame: .zero)
    let stack = StackView(arrangedSubviews: [label, button, picture, field])
    stack.alignment = .center
    stack.distribution = .equalSpacing  // every view at its intrinsic size
    stack.frame = Rect(x: 0, y: 0, width: 1000, height: 100)
    app.window.addSubview(stack)
    app.runUntilIdle()
    let changes: [(String, () -> Void)] = [
      ("label text", { label.text = "A longer text" }),
      ("label font", { label.font = .systemFont(ofSize: 30) }),
      ("button title", { button.setTitle("A longer title", for: .normal) }),
      ("button image", { button.setImage(try? self.image(20, 20), for: .normal) }),
      ("image", { picture.image = try? self.image(40, 40) }),
      ("field text", { field.text = "Some text that is long" }),
    ]
    for (name, change) in changes {
      let before = stack.arrangedSubviews.map(\.frame)
      change()
      #expect(stack.needsLayout, "\(name)")
      app.runUntilIdle()
      #expect(stack.arrangedSubviews.map(\.frame) != before, "\(name)")
    }
  }

  @Test func priorities() {
    let view = View()
    #expect(view.contentHuggingPriority(for: .horizontal) == .defaultLow)
    #expect(view.contentHuggingPriority(for: .vertical) == .defaultLow)
    #expect(view.contentCompressionResistancePriority(for: .horizontal) == .defaultHigh)
    #expect(view.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
    view.setContentHuggingPriority(.required, for: .vertical)
    view.setContentCompressionResistancePriority(.defaultLow + 1, for: .horizontal)
    #expect(view.contentHuggingPriority(for: .vertical).rawValue == 1000)
    #expect(view.contentHuggingPriority(for: .horizontal).rawValue == 250)
    #expect(view.contentCompressionResistancePriority(for: .horizontal).rawValue == 251)
    #expect(LayoutPriority(5000) == .required)
    #expect(LayoutPriority(-3).rawValue == 1)
    #expect(LayoutPriority.defaultLow < .defaultHigh)
  }
}
