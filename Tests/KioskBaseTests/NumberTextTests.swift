import KioskBase
import Testing

struct NumberTextTests {
  /// The texts `String(format:)` made: kioskctl's replies and the logs keep them.
  @Test func decimalsAreRoundedAsPrintfRoundsThem() {
    #expect(String(59.94, decimals: 2) == "59.94")
    #expect(String(60, decimals: 2) == "60.00")
    #expect(String(40.0 / 3, decimals: 1) == "13.3")
    #expect(String(0.125, decimals: 2) == "0.12")  // exactly halfway: to even, as printf
    #expect(String(0.375, decimals: 2) == "0.38")
    #expect(String(2.5, decimals: 0) == "2")
    #expect(String(-1.05, decimals: 1) == "-1.1")  // -1.05 is a little below, in binary
    #expect(String(12.7, decimals: 0) == "13")
    #expect(String(1e20, decimals: 1) == "100000000000000000000.0")
    #expect(String(Double.infinity, decimals: 2) == "inf")
    #expect(String(1.5, decimals: -1) == "2")
  }

  @Test func aVeryLongNumberIsWrittenWhole() {
    let text = String(1e300, decimals: 300)
    #expect(text.count == 301 + 1 + 300)
    #expect(text.hasPrefix("10000000000000000"))
    #expect(text.hasSuffix("." + String(repeating: "0", count: 300)))
  }

  @Test func digitsArePaddedWithZerosInFront() {
    #expect(String(7, digits: 2) == "07")
    #expect(String(42, digits: 2) == "42")
    #expect(String(123, digits: 2) == "123")
    #expect(String(-5, digits: 3) == "-05")
    #expect(String(0, digits: 0) == "0")
  }
}
