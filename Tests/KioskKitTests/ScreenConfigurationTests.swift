import Testing

@testable import KioskKit

/// Screens besides the main one: `[[output]]` tables, `--screen` and `KIOSK_OUTPUT_SCREENS`,
/// all read into one form and checked by the main screen's rules.
@Suite("Configuration: screens")
struct ScreenConfigurationTests {
  @Test func outputTablesMakeTheMainScreenAndTheOthers() throws {
    let options = try options(
      """
      [[output]]
      connector = "DSI-1"
      rotation = 90

      [[output]]
      role = "secondary"
      connector = "HDMI-A-1"
      mode = "1920x1080@60"
      scale = 1
      touch-devices = ["/dev/input/event7", "ILITEK Multi-Touch"]

      [[output]]
      connector = "HDMI-A-2"
      card = "/dev/dri/card1"
      rotation = 180
      """)
    #expect(options.connector == "DSI-1" && options.rotation == 90)
    #expect(
      options.screens == [
        "HDMI-A-1:mode=1920x1080@60:scale=1:touch=/dev/input/event7:touch=ILITEK Multi-Touch",
        "HDMI-A-2:card=/dev/dri/card1:rotation=180",
      ])
    let first = try #require(SecondaryScreenSpec(parsing: options.screens[0]))
    #expect(first.connector == "HDMI-A-1" && first.mode == "1920x1080@60" && first.scale == 1)
    #expect(first.touchDevices == ["/dev/input/event7", "ILITEK Multi-Touch"])
    #expect(SecondaryScreenSpec(parsing: options.screens[1])?.card == "/dev/dri/card1")
  }

  @Test func theMainTableNeedNotComeFirst() throws {
    let options = try options(
      """
      [[output]]
      role = "secondary"
      connector = "HDMI-A-1"

      [[output]]
      role = "main"
      connector = "DSI-1"
      """)
    #expect(options.connector == "DSI-1" && options.screens == ["HDMI-A-1"])
  }

  @Test func theCommandLineAndEnvironmentTakeTheSameForm() throws {
    let fromEnvironment = try options(
      "", environment: ["KIOSK_OUTPUT_SCREENS": "HDMI-A-1:mode=800x480, HDMI-A-2"])
    #expect(fromEnvironment.screens == ["HDMI-A-1:mode=800x480", "HDMI-A-2"])
    let parsed = try RuntimeOptions.parse(["--screen", "HDMI-A-2:rotation=270:scale=1.5"])
    #expect(parsed.screens == ["HDMI-A-2:rotation=270:scale=1.5"])
    for bad in [
      "", "HDMI-A-2:rotation=45", "HDMI-A-2:mode=banana", "HDMI-A-2:scale=0",
      "HDMI-A-2:colour=red", "../../etc:mode=800x480", "HDMI-A-2:mode=list",
    ] {
      #expect(throws: (any Error).self, "\(bad)") { try RuntimeOptions.parse(["--screen", bad]) }
    }
  }

  @Test func eachProblemNamesItsTableLineAndTheRule() throws {
    let found = try problems(
      """
      [[output]]
      connector = "DSI-1"

      [[output]]
      connector = "HDMI-A-1"
      rotation = 45

      [[output]]
      role = "secondary"
      mode = "1024x600"

      [[output]]
      role = "primary"

      [[output]]
      connector = "HDMI-A-3"
      size = "800x480"
      """)
    #expect(
      found == [
        "FILE:6: output.rotation = 45 is not allowed; allowed: 0, 90, 180 or 270",
        "FILE:8: a secondary [[output]] needs connector = \"NAME\" (e.g. \"HDMI-A-2\")",
        "FILE:13: output.role = \"primary\" is not allowed; allowed: \"main\" or \"secondary\"",
        "FILE:17: unknown key output.size = \"800x480\" in a secondary [[output]]; its keys are role, connector, card, mode, rotation, scale, touch-devices",
      ])
    #expect(
      try problems(
        "[[output]]\nconnector = \"DSI-1\"\n[[output]]\nrole = \"main\"\nconnector = \"HDMI-A-1\"\n"
      )
        == ["FILE:4: two [[output]] tables have role = \"main\"; one screen is the main one"])
    #expect(
      try problems(
        "[[output]]\nconnector = \"DSI-1\"\n[[output]]\nconnector = \"DSI-1\"\n")
        == ["FILE:4: two [[output]] tables name DSI-1"])
  }
}
