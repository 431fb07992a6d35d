import KioskBase
import Testing

struct PathTests {
  /// As `NSString.appendingPathComponent` joined them.
  @Test func aNameIsJoinedToItsFolderWithOneSlash() {
    #expect(
      joinedPath("/var/lib/kiosk", "default.custom.yaml") == "/var/lib/kiosk/default.custom.yaml")
    #expect(joinedPath("/var/lib/kiosk/", "a.png") == "/var/lib/kiosk/a.png")
    #expect(joinedPath("/var/lib/kiosk//", "/a.png") == "/var/lib/kiosk/a.png")
    #expect(joinedPath("/", "etc") == "/etc")
    #expect(joinedPath("", "a.png") == "a.png")
    #expect(joinedPath("out", "screen-01.png") == "out/screen-01.png")
  }
}

struct TrimmingTests {
  /// As `trimmingCharacters(in: .whitespaces)`: spaces and tabs, not line breaks.
  @Test func spacesAndTabsAtTheEndsGo() {
    #expect("  Ada Lovelace\t".trimmingWhitespace() == "Ada Lovelace")
    #expect("\u{00A0}Tea\u{2003}".trimmingWhitespace() == "Tea")
    #expect(" a b ".trimmingWhitespace() == "a b")
    #expect("\nline\n".trimmingWhitespace() == "\nline\n")
    #expect("   ".trimmingWhitespace() == "")
    #expect("".trimmingWhitespace() == "")
  }
}
