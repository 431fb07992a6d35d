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

  override init(frame: Rect) {
    super.init(frame: frame)
    for (language, text) in samples {
      let name = Label(frame: .zero)
      name.text = language
      name.font = .systemFont(ofSize: 15, weight: .semibold)
      name.textColor = .systemGray
      let body = Label(frame: .zero)
      body.text = text
      body.font = .systemFont(ofSize: 24)
      labels += [name, body]
    }
    paragraph.text =
      "Киоск работает круглосуточно. 本终端全天候运行。 The kiosk runs day and night, "
      + "wraps long text onto several lines and centres it."
    paragraph.numberOfLines = 0
    paragraph.textAlignment = .center
    paragraph.lineBreakMode = .byWordWrapping
    paragraph.font = .systemFont(ofSize: 18)
    paragraph.backgroundColor = .white
    truncated.text = "A label too long for its width ends with an ellipsis — очень длинная строка"
    truncated.font = .systemFont(ofSize: 18)
    truncated.textColor = .systemBlue
    for label in labels + [paragraph, truncated] { addSubview(label) }
  }

  override func layoutSubviews() {
    let width = bounds.width - 40
    var y = 16.0
    for pair in stride(from: 0, to: labels.count, by: 2) {
      labels[pair].frame = Rect(x: 20, y: y, width: width, height: 20)
      labels[pair + 1].frame = Rect(x: 20, y: y + 20, width: width, height: 34)
      y += 62
    }
    let size = paragraph.sizeThatFits(Size(width: width - 120, height: 0))
    paragraph.frame = Rect(x: 80, y: y + 6, width: width - 120, height: size.height + 16)
    truncated.frame = Rect(x: 20, y: paragraph.frame.maxY + 16, width: 420, height: 26)
  }
}
