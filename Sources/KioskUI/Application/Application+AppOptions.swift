/// The app's own options, parsed at launch (KioskKit's `Application.main`) or given by a
/// test (`TestApplication.launch(_:options:)`); read through KioskKit's
/// `Application.options(_:)`.
extension Application {
  package static var appOptions: Any?
}
