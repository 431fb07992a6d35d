import Foundation
import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct StoryboardTests {
  @Test func theInitialSceneIsATabBarOfANavigationAndAContentScene() throws {
    let storyboard = try SampleStoryboard.load()
    #expect(storyboard.name == "Sample")
    #expect(storyboard.initialSceneIdentifier == "tabs")
    let tabs = try #require(storyboard.instantiateInitialViewController() as? TabBarController)
    let children = try #require(tabs.viewControllers)
    #expect(children.count == 2)
    let recipes = try #require(children.first as? NavigationController)
    let list = try #require(recipes.viewControllers.first as? SceneController)
    #expect(recipes.viewControllers.count == 1)
    #expect(list.title == "Recipes")
    #expect(list.navigationItem.title == "Recipes")
    #expect(list.navigationItem.backButtonTitle == "All")
    #expect(list.definesPresentationContext)
    #expect(recipes.tabBarItem.title == "Recipes")
    #expect(recipes.tabBarItem.badgeValue == "3")
    let image = try #require(recipes.tabBarItem.image)
    #expect(image.scale == 2)
    #expect(image.size == Size(width: 28, height: 28))
    let clock = try #require(children.last as? SceneController)
    #expect(clock.title == "Clock")
    #expect(clock.tabBarItem.title == "Alarm")
    #expect(clock.tabBarItem.badgeValue == nil)
    #expect(clock.modalTransitionStyle == .crossDissolve)
    #expect(tabs.selectedViewController === recipes)
    for controller in [tabs, recipes, list, clock] { #expect(controller.storyboard === storyboard) }
    // Nothing was loaded: the views wait until they are needed.
    #expect(!tabs.isViewLoaded && !list.isViewLoaded && !clock.isViewLoaded)
  }

  @Test func identifiersMakeNewControllersEachTime() throws {
    let storyboard = try SampleStoryboard.load()
    let add = try #require(
      try storyboard.instantiateViewController(withIdentifier: "add") as? NavigationController)
    #expect(add.modalPresentationStyle == .formSheet)
    let form = try #require(add.topViewController as? SceneController)
    #expect(form.title == "Add")
    #expect(form.navigationItem.title == "New recipe")
    let again = try storyboard.instantiateViewController(withIdentifier: "add")
    #expect(again !== add)
    let detail = try storyboard.instantiateViewController(withIdentifier: "detail")
    #expect(detail is SceneController && detail.title == "Detail")
    #expect(detail.modalPresentationStyle == .fullScreen)
  }

  @Test func aSplitSceneHasItsPrimaryAndSecondary() throws {
    let storyboard = try SampleStoryboard.load()
    let split = try #require(
      try storyboard.instantiateViewController(withIdentifier: "split") as? SplitViewController)
    #expect(split.viewController(for: .primary)?.title == "Master")
    #expect(split.viewController(for: .secondary)?.title == "Empty")
    #expect(split.children.count == 2)
  }

  @Test func propertiesReachTheController() throws {
    let storyboard = try SampleStoryboard.load()
    let list = try storyboard.instantiateViewController(withIdentifier: "list")
    let properties = list.storyboardProperties
    #expect(properties.int("rows") == 12)
    #expect(properties.number("rows") == 12)
    #expect(properties.bool("editable") == true)
    #expect(properties.string("source") == "demo")
    #expect(properties.number("ratio") == 0.5)
    #expect(properties.int("ratio") == nil)
    #expect(properties.string("rows") == nil)
    #expect(properties["missing"] == nil)
    #expect(properties.values.count == 4)
    let detail = try storyboard.instantiateViewController(withIdentifier: "detail")
    #expect(detail.storyboardProperties.isEmpty)
    #expect(ViewController().storyboardProperties.isEmpty)
    #expect(ViewController().storyboard == nil)
  }

  @Test func aStoryboardIsFoundByNameInABundle() throws {
    SampleStoryboard.registerClasses()
    let url = try SampleStoryboard.write(name: "Main")
    let bundle = try #require(ResourceBundle(path: url.deletingLastPathComponent().path))
    let storyboard = try Storyboard(name: "Main", bundle: bundle)
    #expect(storyboard.name == "Main")
    #expect(storyboard.instantiateInitialViewController() is TabBarController)
    #expect(throws: StoryboardError.self) { try Storyboard(name: "Other", bundle: bundle) }
  }

  @Test func theInitialControllerShowsTheFirstTabInAWindow() throws {
    let app = try TestApplication(pointSize: Size(width: 640, height: 400))
    let storyboard = try SampleStoryboard.load()
    SceneLog.entries = []
    let tabs = try #require(storyboard.instantiateInitialViewController() as? TabBarController)
    app.window.rootViewController = tabs
    app.runUntilIdle()
    #expect(SceneLog.take() == ["Recipes.viewDidLoad", "Recipes.wA", "Recipes.dA"])
    let recipes = try #require(tabs.selectedViewController as? NavigationController)
    #expect(recipes.navigationBar.topItem?.title == "Recipes")
    #expect(tabs.tabBar.items.map(\.title) == ["Recipes", "Alarm"])
  }
}
