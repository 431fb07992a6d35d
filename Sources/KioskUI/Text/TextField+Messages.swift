#if compiler(>=6.3)
  import FoundationEssentials
#else
  // Swift 6.2 (the arm64 package's): NotificationCenter is Foundation's there
  // (KioskBase/NotificationMessages.swift).
  import Foundation
  import KioskBase
#endif

/// UIKit's `UITextField` messages (iOS 26), with the field as their subject: Foundation's
/// `NotificationCenter` messages, which FoundationEssentials has (its `Notification` with
/// a name and `userInfo` it has not).
///
/// ```swift
/// let token = NotificationCenter.default.addObserver(
///   of: nameField, for: TextField.TextDidChangeMessage.self
/// ) { message in updateSaveButton(for: message.textField) }
/// ```
extension TextField {
  /// Posted when a text field begins editing.
  public struct TextDidBeginEditingMessage: NotificationCenter.MainActorMessage {
    public typealias Subject = TextField
    /// The field.
    public let textField: TextField
  }

  /// Posted after the person changed a text field's text.
  public struct TextDidChangeMessage: NotificationCenter.MainActorMessage {
    public typealias Subject = TextField
    /// The field.
    public let textField: TextField
  }

  /// Posted when a text field ends editing.
  public struct TextDidEndEditingMessage: NotificationCenter.MainActorMessage {
    public typealias Subject = TextField
    /// The field.
    public let textField: TextField
  }
}
