import Foundation
import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// The sample storyboard's tab bar in a 640 × 400 window, with the Recipes list on screen.
@MainActor
private struct RecipesScreen {
  let app: TestApplication
  let storyboard: Storyboard
  let tabs: TabBarController
  let navigation: NavigationController
  let list: SceneController

  init() throws {
    app = try TestApplication(pointSize: Size(width: 640, height: 400))
    storyboard = try SampleStoryboard.load()
    tabs = try #require(storyboard.instantiateInitialViewController() as? TabBarController)
    navigation = try #require(tabs.viewControllers?.first as? NavigationController)
    list = try #require(navigation.topViewController as? SceneController)
    app.window.rootViewController = tabs
    app.runUntilIdle()
    SceneLog.entries = []
  }

  /// Lets every transition finish (the longest is 0.35 s). Half-second steps keep each
  /// test's clock under 2.05 s: `VirtualOutput.nextRefresh(after:)` returns its argument at
  /// 123/60 s (a rounding edge), and an animation running across it never ends.
  func settle() {
    app.advance(by: 0.5)
    app.runUntilIdle()
  }

  /// Pushes the detail scene and returns it.
  func showDetail() throws -> SceneController {
    list.performSegue(withIdentifier: "showDetail", sender: nil)
    settle()
    return try #require(navigation.topViewController as? SceneController)
  }
}

/// Collects what goes to `Storyboard.errorHandler` while a test runs.
@MainActor
private final class ErrorCatcher {
  var errors: [StoryboardError] = []
  private let previous = Storyboard.errorHandler

  init() {
    Storyboard.errorHandler = { [unowned self] in errors.append($0) }
  }

  func stop() {
    Storyboard.errorHandler = previous
  }
}

@MainActor
struct StoryboardSegueTests {
  @Test func prepareRunsAfterTheDestinationExistsAndBeforeItsViewLoads() throws {
    let screen = try RecipesScreen()
    let detail = try screen.showDetail()
    #expect(
      SceneLog.take() == [
        "Recipes.prepare(showDetail -> Detail, loaded: false)", "Detail.viewDidLoad",
        "Detail.wA", "Detail.dA",
      ])
    let segue = try #require(screen.list.prepared.last)
    #expect(segue.identifier == "showDetail")
    #expect(segue.source === screen.list && segue.destination === detail)
    #expect(detail.storyboard === screen.storyboard)
  }

  @Test func prepareSeesAPresentedNavigationWithItsRootNotLoaded() throws {
    let screen = try RecipesScreen()
    screen.list.performSegue(withIdentifier: "add", sender: nil)
    let log = SceneLog.take()
    #expect(log.first == "Recipes.prepare(add -> NavigationController, loaded: false)")
    let add = try #require(screen.list.prepared.last?.destination as? NavigationController)
    #expect(add.topViewController?.title == "Add")
    #expect(log.dropFirst().first == "Add.viewDidLoad")
  }

  @Test func showAndPushPushOntoTheNavigationStack() throws {
    let screen = try RecipesScreen()
    let detail = try screen.showDetail()
    #expect(
      screen.navigation.viewControllers.map(ObjectIdentifier.init)
        == [screen.list, detail].map(ObjectIdentifier.init))
    #expect(screen.navigation.navigationBar.topItem?.title == "Detail")
    detail.performSegue(withIdentifier: "photo", sender: nil)
    screen.settle()
    #expect(screen.navigation.viewControllers.map(\.title) == ["Recipes", "Detail", "Photo"])
    #expect(screen.navigation.viewControllers.allSatisfy { $0.parent === screen.navigation })
  }

  @Test func presentUsesTheSceneStyleAndTheSegueOverridesIt() throws {
    let screen = try RecipesScreen()
    screen.list.performSegue(withIdentifier: "add", sender: nil)
    screen.settle()
    let add = try #require(screen.list.presentedViewController as? NavigationController)
    #expect(add.modalPresentationStyle == .formSheet)
    #expect(add.presentingViewController === screen.tabs)
    #expect(add.view.window === screen.app.window)
    #expect(add.view.frame.width < 640)  // a sheet, not the whole window
    screen.list.dismiss(animated: false)
    screen.app.runUntilIdle()
    // The "cover" segue presents over the list's context (the list defines one), unanimated.
    screen.list.performSegue(withIdentifier: "cover", sender: nil)
    screen.app.runUntilIdle()
    let photo = try #require(screen.list.presentedViewController)
    #expect(photo.title == "Photo")
    #expect(photo.modalPresentationStyle == .overCurrentContext)
    #expect(photo.presentingViewController === screen.list)
    #expect(screen.list.view.window === screen.app.window)  // "over": the list stays
  }

  @Test func aPopoverPointsAtTheSenderView() throws {
    let screen = try RecipesScreen()
    let detail = try screen.showDetail()
    let button = Button(frame: Rect(x: 500, y: 100, width: 80, height: 40))
    detail.view.addSubview(button)
    detail.performSegue(withIdentifier: "palette", sender: button)
    screen.settle()
    let palette = try #require(detail.presentedViewController)
    #expect(palette.title == "Palette")
    #expect(palette.modalPresentationStyle == .popover)
    let popover = try #require(palette.popoverPresentationController)
    #expect(popover.sourceView === button)
    #expect(popover.sourceRect == button.bounds)
    #expect(popover.arrowDirection != .unknown)
    #expect(screen.navigation.topViewController === detail)  // only presented over it
  }

  @Test func aPopoverWithAnAnchorTagPointsAtTheTaggedView() throws {
    let screen = try RecipesScreen()
    let detail = try screen.showDetail()
    let anchor = View(frame: Rect(x: 40, y: 300, width: 30, height: 30))
    anchor.tag = 7
    detail.view.addSubview(anchor)
    detail.performSegue(withIdentifier: "taggedPalette", sender: Button(frame: .zero))
    screen.settle()
    let popover = try #require(detail.presentedViewController?.popoverPresentationController)
    #expect(popover.sourceView === anchor)
  }

  @Test func showDetailFillsTheSplitViewsSecondaryColumn() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600))
    let storyboard = try SampleStoryboard.load()
    let split = try #require(
      try storyboard.instantiateViewController(withIdentifier: "split") as? SplitViewController)
    app.window.rootViewController = split
    app.runUntilIdle()
    let master = try #require(split.viewController(for: .primary))
    master.performSegue(withIdentifier: "showItem", sender: nil)
    app.advance(by: 1)
    let item = try #require(split.viewController(for: .secondary))
    #expect(item.title == "Item")
    #expect(item.view.window === app.window)
    #expect(split.viewController(for: .primary) === master)
    #expect(!split.isCollapsed)
  }

  @Test func aCustomSegueIsMadeFromItsRegisteredClassAndPerformed() throws {
    let screen = try RecipesScreen()
    let detail = try screen.showDetail()
    SceneLog.entries = []
    detail.performSegue(withIdentifier: "fade", sender: nil)
    screen.app.runUntilIdle()
    let log = SceneLog.take()
    #expect(
      Array(log.prefix(2)) == [
        "Detail.prepare(fade -> Photo, loaded: false)", "RecordingSegue.perform(fade)",
      ])
    #expect(detail.prepared.last is RecordingSegue)
    let photo = try #require(detail.presentedViewController)
    #expect(photo.title == "Photo" && photo.modalTransitionStyle == .crossDissolve)
  }

  @Test func shouldPerformSegueFalseStopsAControlTriggeredSegue() throws {
    let screen = try RecipesScreen()
    let button = Button(frame: Rect(x: 100, y: 150, width: 120, height: 44))
    screen.list.view.addSubview(button)
    Storyboard.connect(button, to: "showDetail", in: screen.list)
    screen.app.runUntilIdle()
    let center = button.convert(Point(x: 60, y: 22), to: nil)
    screen.list.allowsSegues = false
    screen.app.tap(at: center)
    screen.settle()
    #expect(SceneLog.take() == ["Recipes.shouldPerform(showDetail)"])
    #expect(screen.navigation.viewControllers.count == 1)
    screen.list.allowsSegues = true
    screen.app.tap(at: center)
    screen.settle()
    #expect(
      SceneLog.take().prefix(2) == [
        "Recipes.shouldPerform(showDetail)",
        "Recipes.prepare(showDetail -> Detail, loaded: false)",
      ])
    #expect(screen.navigation.viewControllers.count == 2)
    // performSegue from code does not ask (as in UIKit).
    screen.navigation.popViewController(animated: false)
    screen.list.allowsSegues = false
    screen.list.performSegue(withIdentifier: "showDetail", sender: nil)
    screen.settle()
    #expect(!SceneLog.take().contains("Recipes.shouldPerform(showDetail)"))
    #expect(screen.navigation.viewControllers.count == 2)
  }

  @Test func unwindPopsBackToTheNamedScene() throws {
    let screen = try RecipesScreen()
    let detail = try screen.showDetail()
    detail.performSegue(withIdentifier: "photo", sender: nil)
    screen.settle()
    let photo = try #require(screen.navigation.topViewController as? SceneController)
    SceneLog.entries = []
    photo.performSegue(withIdentifier: "backToList", sender: nil)
    screen.settle()
    #expect(
      screen.navigation.viewControllers.map(ObjectIdentifier.init) == [
        ObjectIdentifier(screen.list)
      ])
    #expect(
      SceneLog.take() == [
        "Photo.prepare(backToList -> Recipes, loaded: true)",
        "Recipes.unwind(backToList)", "Recipes.wA", "Recipes.dA",
      ])
    #expect(screen.list.unwound.count == 1)
    #expect(screen.list.unwound.first?.source === photo)
  }

  @Test func unwindDismissesBackToTheNamedScene() throws {
    let screen = try RecipesScreen()
    screen.list.performSegue(withIdentifier: "add", sender: nil)
    screen.settle()
    let add = try #require(screen.list.presentedViewController as? NavigationController)
    let form = try #require(add.topViewController as? SceneController)
    form.performSegue(withIdentifier: "doneAdding", sender: nil)
    screen.settle()
    #expect(screen.list.presentedViewController == nil)
    #expect(add.presentingViewController == nil)
    #expect(add.viewIfLoaded?.window == nil)
    #expect(screen.list.unwound.map(\.identifier) == ["doneAdding"])
    #expect(screen.list.unwound.first?.source === form)
  }

  @Test func unwindDismissesAndPopsWhenTheSceneIsDeeper() throws {
    let screen = try RecipesScreen()
    let detail = try screen.showDetail()
    detail.performSegue(withIdentifier: "fade", sender: nil)  // presents a Photo
    screen.app.runUntilIdle()
    let photo = try #require(detail.presentedViewController as? SceneController)
    photo.performSegue(withIdentifier: "backToList", sender: nil)
    screen.settle()
    #expect(detail.presentedViewController == nil)
    #expect(
      screen.navigation.viewControllers.map(ObjectIdentifier.init) == [
        ObjectIdentifier(screen.list)
      ])
    #expect(screen.list.view.window === screen.app.window)
  }

  @Test func unwindToASceneThatIsNotBehindIsReported() throws {
    let screen = try RecipesScreen()
    let detail = try screen.showDetail()
    detail.performSegue(withIdentifier: "photo", sender: nil)
    screen.settle()
    let photo = try #require(screen.navigation.topViewController)
    let catcher = ErrorCatcher()
    defer { catcher.stop() }
    photo.performSegue(withIdentifier: "nowhere", sender: nil)
    screen.settle()
    #expect(screen.navigation.viewControllers.count == 3)
    let error = try #require(catcher.errors.first)
    #expect(error.reason == .cannotPerform("nowhere"))
    #expect(error.description.contains("\"clock\""))
    #expect(error.description.contains(screen.storyboard.url.path))
    #expect(error.jsonPath == "segues[9]")
  }

  @Test func anUnknownSegueIsReportedWithTheSceneAndTheFile() throws {
    let screen = try RecipesScreen()
    let catcher = ErrorCatcher()
    defer { catcher.stop() }
    screen.list.performSegue(withIdentifier: "showDetial", sender: nil)
    ViewController().performSegue(withIdentifier: "anything", sender: nil)
    screen.settle()
    #expect(screen.navigation.viewControllers.count == 1)
    #expect(
      catcher.errors.map(\.reason) == [.unknownSegue("showDetial"), .unknownSegue("anything")])
    let first = try #require(catcher.errors.first)
    #expect(first.file == screen.storyboard.url.path)
    #expect(first.message.contains("scene \"list\" has no segue \"showDetial\""))
    #expect(first.message.contains("showDetail"))  // lists the segues it has
    #expect(catcher.errors.last?.message.contains("not made from a storyboard") == true)
  }

  @Test func aMissingAnchorTagIsReported() throws {
    let screen = try RecipesScreen()
    let detail = try screen.showDetail()
    let catcher = ErrorCatcher()
    defer { catcher.stop() }
    detail.performSegue(withIdentifier: "taggedPalette", sender: nil)
    screen.settle()
    #expect(detail.presentedViewController == nil)
    #expect(catcher.errors.map(\.reason) == [.cannotPerform("taggedPalette")])
    #expect(catcher.errors.first?.message.contains("tagged 7") == true)
  }
}
