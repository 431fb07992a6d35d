/// A responder whose editing goes through a `TextEditor` (text fields and text views).
@MainActor
protocol TextEditorOwner: AnyObject {
  var textEditor: TextEditor { get }
}
