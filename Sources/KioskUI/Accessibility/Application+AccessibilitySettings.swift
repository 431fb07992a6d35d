extension Application {
  /// The windows whose traits the settings reach, on every screen the app knows of.
  private var allWindows: [Window] { Screen.all.flatMap(\.trackedWindows) }

  /// Notes the traits of every window's controllers and views, before the settings change.
  func noteTraitsOfAllWindows() -> TraitSnapshot {
    let windows = allWindows
    for root in windows.compactMap(\.rootViewController) { root.noteTraitCollections() }
    return TraitSnapshot(windows: windows)
  }

  /// Passes the new settings' traits down every window: controllers, parents first, then
  /// views get `traitCollectionDidChange(_:)` where their traits changed; the windows are
  /// laid out again, as text sizes change what fits.
  func settingsDidChangeTraits() {
    let windows = allWindows
    for root in windows.compactMap(\.rootViewController) { root.updateTraitCollections() }
    traitsBeforeSettingsChange?.deliverChanges()
    traitsBeforeSettingsChange = nil
    for window in windows {
      window.setNeedsLayout()
      window.layoutIfNeeded()
    }
  }
}
