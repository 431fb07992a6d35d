import KioskKit
import KioskReferenceScene

/// kiosk-refscene: kiosk-bench's reference scene as an ordinary KioskKit app, so that
/// kiosk-bench can time what a panel's owner sees first (start to the first frame, and the
/// memory the app then holds) with the same scene its frame figures are measured on. It
/// uses nothing but KioskKit's public API, as an app outside this package would. Run it
/// with the runtime's options, e.g. `kiosk-refscene --backend virtual --realtime`
/// (`--scale 4`: 3840×2160 px).
@main
final class ReferenceSceneApp: ApplicationDelegate {
  var window: Window?
  private var scene: ReferenceScene?

  required init() {}

  static func main() {
    Application.main(ReferenceSceneApp.self)
  }

  func application(
    _ application: Application, didFinishLaunchingWithOptions options: [String: String]
  ) -> Bool {
    let window = Window(screen: .main)
    do {
      scene = ReferenceScene(window: window, icon: try ReferenceScene.makeIcon())
    } catch {
      print("kiosk-refscene: cannot make the scene's icon: \(error)")
      return false
    }
    window.makeKeyAndVisible()
    self.window = window
    return true
  }

  func applicationDidReceiveMemoryWarning(_ application: Application) {}
}
