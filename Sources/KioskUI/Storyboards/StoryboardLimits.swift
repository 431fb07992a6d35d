/// The bounds a storyboard keeps within, checked when it is loaded
/// (`Storyboard(contentsOf:)`): a file past one is refused with a `StoryboardError` that
/// names the limit, before any controller is made. UIKit sets none of these (Interface
/// Builder makes files people draw); KioskKit reads files a kiosk may be handed, and a
/// storyboard that makes controllers without end must be an error at start-up, not a
/// start-up that never shows a frame.
///
/// The file itself is at most 16 MB and nested at most 256 levels deep.
public enum StoryboardLimits {
  /// The most scenes one relationship may list: a tab bar's `tabs`, or the scenes of a
  /// scene-list property (`StoryboardInstantiable.sceneListProperties`). A real tab bar
  /// has a handful; 100,000 tabs took minutes to start.
  public static let maximumRelationshipCount = 1_000

  /// How deep scenes may contain scenes that are made with them (a tab bar's tab holding a
  /// navigation controller holding its root is 3 deep). Making a scene recurses once per
  /// level, and so do loading and laying out its views.
  public static let maximumContainmentDepth = 32

  /// The most controllers that making one scene may make, counting those its
  /// relationships contain, and theirs: a tab bar of 1,000 tabs that are each a tab bar of
  /// 1,000 tabs would make a million.
  public static let maximumControllersPerScene = 10_000

  /// The most entries one object or list of the file may hold: the scenes, the segues, a
  /// scene's properties… Checked as the JSON is read, before anything is decoded: 100,000
  /// scenes took seconds to decode only to be refused.
  public static let maximumEntriesPerList = 10_000
}
