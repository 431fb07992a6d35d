/// Editing mode, as UIKit's `UIViewController` has it: a state the controller's content
/// follows (a table's delete controls), and an Edit/Done bar button that switches it.
extension ViewController {
  /// Whether the controller is in editing mode; setting it calls
  /// `setEditing(_:animated:)` without animation.
  public var isEditing: Bool {
    get { editingState }
    set { setEditing(newValue, animated: false) }
  }

  /// A bar button item that switches editing mode: "Edit" while the controller is not
  /// editing, "Done" (bold) while it is. Tapping it calls `setEditing(!isEditing,
  /// animated: true)`. The same item every time; put it in a navigation item:
  ///
  /// ```swift
  /// navigationItem.rightBarButtonItem = editButtonItem
  /// ```
  public var editButtonItem: BarButtonItem {
    if let editButtonItemStorage { return editButtonItemStorage }
    let item = BarButtonItem(title: nil, target: self) { controller in
      controller.setEditing(!controller.isEditing, animated: true)
    }
    editButtonItemStorage = item
    updateEditButtonItem()
    return item
  }

  /// Shows the edit button's title and style for the current mode.
  func updateEditButtonItem() {
    guard let item = editButtonItemStorage else { return }
    let title = BarButtonItem.SystemItem.done.title ?? ""
    item.title = editingState ? title : BarButtonItem.SystemItem.edit.title
    item.style = editingState ? .done : .plain
  }
}
