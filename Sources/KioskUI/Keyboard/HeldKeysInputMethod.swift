/// Stands in for an input method while it is being prepared off the main thread
/// (`InputMethodRegistry.register(language:prepare:make:)`): the keyboard has switched to
/// the language, and what is typed meanwhile is held, its letters shown as the pre-edit,
/// until the input method is ready and is given the same keys (`replay(into:)`).
@MainActor
final class HeldKeysInputMethod: InputMethod {
  let language: String
  var displayName: String { language }
  /// The keys typed so far, in order.
  private(set) var heldKeys: [InputMethodKey] = []

  init(language: String) {
    self.language = language
  }

  func handle(_ key: InputMethodKey) -> InputMethodResult {
    switch key {
    case .backspace:
      guard case .text = heldKeys.last else { return result(handled: false) }
      heldKeys.removeLast()
    case .escape:
      heldKeys.removeAll()
    case .text, .space, .enter:
      heldKeys.append(key)
    }
    return result(handled: true)
  }

  /// There are no candidates yet.
  func selectCandidate(at index: Int) -> InputMethodResult { result(handled: false) }

  func turnCandidatePage(forward: Bool) -> InputMethodResult { result(handled: false) }

  func reset() { heldKeys.removeAll() }

  /// Gives `method` the keys held, in order: the text it commits on the way and its
  /// composition after the last key.
  func replay(into method: InputMethod) -> InputMethodResult {
    var committed = ""
    var composition = InputMethodComposition()
    for key in heldKeys {
      let result = method.handle(key)
      committed += result.committed
      composition = result.composition
      if !result.handled, case .text(let text) = key { committed += text }
    }
    heldKeys.removeAll()
    return InputMethodResult(handled: true, committed: committed, composition: composition)
  }

  private func result(handled: Bool) -> InputMethodResult {
    let letters = heldKeys.compactMap { key -> String? in
      if case .text(let text) = key { return text }
      return nil
    }.joined()
    return InputMethodResult(
      handled: handled, composition: InputMethodComposition(preedit: letters, caret: letters.count))
  }
}
