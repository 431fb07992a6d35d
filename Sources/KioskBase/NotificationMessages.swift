// Swift 6.3's FoundationEssentials has `NotificationCenter` with the typed, main-actor
// messages of Foundation's proposal SF-0011, and KioskKit posts its UIKit messages (the
// keyboard's, the text field's, a screen's connection) as such. Swift 6.2's
// FoundationEssentials has no `NotificationCenter` at all, and its Foundation has the
// center without the message types. The arm64 package is built with Debian's Swift 6.2.3
// (cross/toolchain.sh), so there the files that post or observe messages import
// Foundation, and this file gives Foundation's center the part of the 6.3 API KioskKit
// and its apps use: `MainActorMessage`, `ObservationToken`, `addObserver(of:for:using:)`,
// `post(_:subject:)` and `removeObserver(_:)`, with the same spelling, so one source
// builds with both. It goes when Debian ships Swift 6.3.
#if !compiler(>=6.3)
  public import Foundation

  extension NotificationCenter {
    /// A message delivered on the main actor, as 6.3's `NotificationCenter.MainActorMessage`.
    public protocol MainActorMessage: SendableMetatype {
      /// The type of object the message is about.
      associatedtype Subject
      /// The notification's name the message travels under.
      static var name: Notification.Name { get }
    }

    /// What `addObserver(of:for:using:)` returns; give it to `removeObserver(_:)`.
    public struct ObservationToken: @unchecked Sendable {
      // Foundation's observer object; only this file's methods touch it.
      fileprivate let observer: any NSObjectProtocol
    }

    /// Calls `observer` on the main actor with every `Message` posted about `subject`, or
    /// about any subject when it is nil.
    public func addObserver<Message: MainActorMessage>(
      of subject: Message.Subject? = nil, for messageType: Message.Type,
      using observer: @escaping @MainActor (Message) -> Void
    ) -> ObservationToken where Message.Subject: AnyObject {
      let token = addObserver(forName: Message.name, object: subject, queue: nil) {
        notification in
        guard let message = notification.userInfo?[messageKey] as? Message else { return }
        // Messages are posted on the main actor (post(_:subject:) is isolated to it), and
        // Foundation calls observers on the posting thread.
        nonisolated(unsafe) let delivered = message
        MainActor.assumeIsolated { observer(delivered) }
      }
      return ObservationToken(observer: token)
    }

    /// Posts `message` about `subject` (or about no particular one) to its observers, now.
    @MainActor
    public func post<Message: MainActorMessage>(_ message: Message, subject: Message.Subject? = nil)
    where Message.Subject: AnyObject {
      post(name: Message.name, object: subject, userInfo: [messageKey: message])
    }

    /// Stops the observation `token` stands for.
    public func removeObserver(_ token: ObservationToken) {
      removeObserver(token.observer as Any)
    }
  }

  extension NotificationCenter.MainActorMessage {
    /// The message type's own name, as 6.3 names a message that gives none.
    public static var name: Notification.Name { Notification.Name(String(reflecting: Self.self)) }
  }

  /// The key of `userInfo` a message rides under.
  private let messageKey = "KioskKit.message"
#endif
