import Foundation
import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A scene that lays out its own view: a title and a subtitle centred under the safe area,
/// an Order button that shows the detail scene, and a note pinned to the bottom margin.
private let welcomeStoryboard = #"""
  {
    "initial": "nav",
    "scenes": {
      "nav": { "class": "NavigationController" },
      "welcome": {
        "class": "SceneController", "title": "Welcome",
        "view": { "backgroundColor": "#f2f2f7", "subviews": [
          { "id": "title", "class": "Label", "text": "Parking", "textAlignment": "center",
            "font": { "size": 32, "weight": "bold" }, "textColor": "#1c1c1e" },
          { "id": "subtitle", "class": "Label", "text": "Pay by plate", "numberOfLines": 0 },
          { "id": "order", "class": "Button", "title": "Order", "segue": "showDetail",
            "backgroundColor": "#007aff", "textColor": "#ffffff" },
          { "id": "note", "class": "View", "backgroundColor": "#ff9500" }
        ] },
        "constraints": [
          "title.top == safeArea.top + 20",
          "title.centerX == view.centerX",
          "title.width <= view.width - 40",
          "subtitle.top == title.bottom + 8",
          "subtitle.centerX==title.centerX",
          "order.top == subtitle.bottom + 24",
          "order.centerX == view.centerX",
          "order.width == 0.5 * view.width @750",
          "order.width <= 200",
          "order.height >= 44",
          "note.leading == margins.leading",
          "note.trailing == margins.trailing",
          "note.bottom == view.bottom -10",
          "note.height == 12"
        ]
      },
      "detail": { "class": "SceneController", "title": "Detail" }
    },
    "relationships": { "nav": { "root": "welcome" } },
    "segues": [
      { "identifier": "showDetail", "source": "welcome", "destination": "detail", "kind": "show" }
    ]
  }
  """#

@MainActor
struct StoryboardViewTests {
  private func launch(width: Double = 400, height: Double = 300) throws -> (
    TestApplication, NavigationController
  ) {
    SampleStoryboard.registerClasses()
    let storyboard = try Storyboard(contentsOf: SampleStoryboard.write(welcomeStoryboard))
    let app = try TestApplication(pointSize: Size(width: width, height: height))
    let nav = try #require(storyboard.instantiateInitialViewController() as? NavigationController)
    app.window.rootViewController = nav
    app.runUntilIdle()
    return (app, nav)
  }

  @Test func aSceneBuildsItsViewsAndLaysThemOutByItsConstraints() throws {
    let (app, nav) = try launch()
    let welcome = try #require(nav.topViewController)
    let title = try #require(welcome.storyboardView(withIdentifier: "title", as: Label.self))
    #expect(title.text == "Parking" && title.font.pointSize == 32)
    #expect(title.accessibilityIdentifier == "title")
    let order = try #require(welcome.storyboardView(withIdentifier: "order", as: Button.self))
    #expect(welcome.storyboardView(withIdentifier: "nothing") == nil)
    #expect(welcome.view.backgroundColor == Color(hex: 0xf2f2f7))
    // Under the navigation bar (the safe area's top), centred.
    let safeTop = welcome.view.safeAreaInsets.top
    #expect(title.frame.minY == safeTop + 20)
    #expect(abs(title.frame.midX - 200) < 0.001)
    let subtitle = try #require(welcome.storyboardView(withIdentifier: "subtitle"))
    #expect(subtitle.frame.minY == title.frame.maxY + 8)
    // Half the width, at most 200; 44 high at least.
    #expect(order.frame.width == 200 && order.frame.height >= 44)
    #expect(order.frame.minY == subtitle.frame.maxY + 24)
    let note = try #require(welcome.storyboardView(withIdentifier: "note"))
    #expect(note.frame.maxY == welcome.view.bounds.height - 10 && note.frame.height == 12)
    #expect(note.frame.minX == welcome.view.layoutMargins.left)
    // On a narrow screen the button takes half of it.
    let (_, narrowNav) = try launch(width: 300, height: 400)
    let narrowOrder = narrowNav.topViewController?.storyboardView(withIdentifier: "order")
    #expect(narrowOrder?.frame.width == 150)
    // The button performs its segue.
    app.tap(
      at: Point(
        x: order.convert(order.bounds, to: nil).midX, y: order.convert(order.bounds, to: nil).midY))
    app.advance(by: 1)
    #expect(nav.topViewController?.title == "Detail")
  }

  @Test func eachLoadOfTheViewBuildsItAgain() throws {
    let (_, nav) = try launch()
    let welcome = try #require(nav.topViewController)
    let first = welcome.storyboardView(withIdentifier: "title")
    let second = SceneController()
    second.storyboardOrigin = welcome.storyboardOrigin
    #expect(second.storyboardView(withIdentifier: "title") !== first)
    #expect(second.storyboardView(withIdentifier: "title", as: Label.self)?.text == "Parking")
  }

  @Test(arguments: [
    ("\"title.top == nothing.top\"", "constraints[0]", "no view \"nothing\""),
    ("\"title.top = view.top\"", "constraints[0]", "expected ==, <= or >="),
    ("\"title.middle == view.top\"", "constraints[0]", "\"middle\" is not an attribute"),
    ("\"title.top == view.leading\"", "constraints[0]", "along the same axis"),
    ("\"title.width == view.top\"", "constraints[0]", "a size is related"),
    ("\"title.top == view.top + x\"", "constraints[0]", "a constant after +"),
    ("\"title.top == view.top @2000\"", "constraints[0]", "from 1 to 1000"),
    ("\"title.top == view.top extra\"", "constraints[0]", "unexpected \"extra\""),
  ])
  func aBrokenConstraintIsNamedWithItsPlace(line: String, place: String, words: String) throws {
    let json = #"""
      { "scenes": { "a": { "class": "SceneController",
        "view": { "subviews": [ { "id": "title", "class": "Label" } ] },
        "constraints": [ \#(line) ] } } }
      """#
    try expectBroken(json, at: "scenes.a.\(place)", mentioning: words)
  }

  @Test func brokenViewsAreNamedWithTheirPlace() throws {
    try expectBroken(
      #"{ "scenes": { "a": { "class": "SceneController", "view": { "subviews": [ { "class": "Slidr" } ] } } } }"#,
      at: "scenes.a.view.subviews[0].class", mentioning: "\"Slidr\" is not one of")
    try expectBroken(
      #"{ "scenes": { "a": { "class": "SceneController", "view": { "subviews": [ { "id": "x", "class": "View" }, { "id": "x", "class": "Label" } ] } } } }"#,
      at: "scenes.a.view.subviews[1].id", mentioning: "two views of the scene are named \"x\"")
    try expectBroken(
      #"{ "scenes": { "a": { "class": "SceneController", "constraints": [ "view.width == 10" ] } } }"#,
      at: "scenes.a.constraints", mentioning: "need the scene's \"view\"")
    try expectBroken(
      #"{ "scenes": { "a": { "class": "SceneController", "view": { "subviews": [ { "class": "Button", "segue": "go" } ] } } } }"#,
      at: "scenes.a.view.subviews[0].segue", mentioning: "no segue \"go\"")
    try expectBroken(
      #"{ "scenes": { "a": { "class": "SceneController", "view": { "backgroundColor": "blue" } } } }"#,
      at: "scenes.a.view.backgroundColor", mentioning: "is not a colour")
    try expectBroken(
      #"{ "scenes": { "a": { "class": "SceneController", "view": { "subviews": [ { "class": "ImageView", "image": "missing.png" } ] } } } }"#,
      at: "scenes.a.view.subviews[0].image", mentioning: "missing.png")
    try expectBroken(
      #"{ "scenes": { "a": { "class": "SceneController", "view": { "subviews": [ { "id": "safeArea", "class": "View" } ] } } } }"#,
      at: "scenes.a.view.subviews[0].id", mentioning: "cannot name a view")
  }

  private func expectBroken(_ json: String, at path: String, mentioning words: String) throws {
    SampleStoryboard.registerClasses()
    let url = try SampleStoryboard.write(json)
    do {
      _ = try Storyboard(contentsOf: url)
      Issue.record("\(json) loaded")
    } catch {
      #expect(error.jsonPath == path, "\(error)")
      #expect(error.message.contains(words), "\(error.message)")
    }
  }
}
