import KioskKit

/// Labels in English, Russian and Chinese: sizes, weights, alignment, wrapping, truncation.
@MainActor
final class TextPage: DemoPage {
  override var title: String { "Text in three scripts" }

  private let samples: [(String, String)] = [
    ("English", "The quick brown fox jumps over the lazy dog."),
    ("Русский", "Съешь же ещё этих мягких французских булок, да выпей чаю."),
    ("中文", "敏捷的棕色狐狸跳过了懒狗。欢迎使用自助服务终端。"),
  ]
  private var labels: [Label] = []
  private let paragraph = Label(frame: .zero)
  private let truncated = Label(frame: .zero)
  /// The page's text scrolls: at the largest text sizes it is taller than the page.
  private let scroller = ScrollView(frame: .zero)

  override init(frame: Rect) {
    super.init(frame: frame)
    for (language, text) in samples {
      let name = Label(frame: .zero)
      name.text = language
      name.font = .preferredFont(forTextStyle: .headline)
      name.textColor = .secondaryLabel
      let body = Label(frame: .zero)
      body.text = text
      body.font = .preferredFont(forTextStyle: .title2)
      body.numberOfLines = 0
      labels += [name, body]
    }
    paragraph.text =
      "Киоск работает круглосуточно. 本终端全天候运行。 The kiosk runs day and night, "
      + "wraps long text onto several lines and centres it."
    paragraph.numberOfLines = 0
    paragraph.textAlignment = .center
    paragraph.lineBreakMode = .byWordWrapping
    paragraph.font = .preferredFont(forTextStyle: .body)
    paragraph.backgroundColor = .white
    // Truncation is what this label shows, so its size stays fixed.
    truncated.text = Self.truncatedText
    truncated.font = .systemFont(ofSize: 18)
    truncated.textColor = .defaultTint
    for label in labels + [paragraph] { label.adjustsFontForContentSizeCategory = true }
    for label in labels + [paragraph, truncated] { scroller.addSubview(label) }
    addSubview(scroller)
  }

  /// The text of the label that shows an ellipsis on purpose.
  static let truncatedText =
    "A label too long for its width ends with an ellipsis — очень длинная строка"

  /// The labels one under another, each as tall as its text at the current text size.
  override func layoutSubviews() {
    scroller.frame = bounds
    let width = bounds.width - 40
    func height(of label: Label, width: Double) -> Double {
      label.sizeThatFits(Size(width: width, height: 0)).height.rounded(.up)
    }
    var y = 16.0
    for pair in stride(from: 0, to: labels.count, by: 2) {
      let name = labels[pair]
      let body = labels[pair + 1]
      name.frame = Rect(x: 20, y: y, width: width, height: height(of: name, width: width))
      body.frame = Rect(
        x: 20, y: name.frame.maxY, width: width, height: height(of: body, width: width))
      y = body.frame.maxY + 8
    }
    let size = paragraph.sizeThatFits(Size(width: width - 120, height: 0))
    paragraph.frame = Rect(x: 80, y: y + 6, width: width - 120, height: size.height + 16)
    truncated.frame = Rect(x: 20, y: paragraph.frame.maxY + 16, width: 420, height: 26)
    scroller.contentSize = Size(width: bounds.width, height: truncated.frame.maxY + 16)
  }
}
