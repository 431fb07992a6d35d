import Foundation
import Testing

extension RealKernel {
  /// A barcode scanner on a real kernel: a uinput keyboard with a scanner's USB ids,
  /// named in `--scanner`, types a code (evdev → udev → libinput → xkbcommon); the demo
  /// gets it as one scan, whole, and types nothing. Then a second scanner goes away in the
  /// middle of a scan, which is dropped and logged.
  ///
  /// The keys come 20 ms apart, not a fast scanner's 5: under TCG the guest's main queue
  /// (where libinput is read) falls behind 200 characters a second, the kernel's buffer of
  /// the device (64 events) overflows and libinput drops the keys (SYN_DROPPED, logged as a
  /// warning). The unit tests feed 200 characters a second through the routing code.
  @Suite
  struct ScannerQEMUTests {
    private let uinput = QEMUHost.buildFolder.appendingPathComponent("kiosk-uinput")
    private let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")

    /// The code scanned: capitals through Shift, digits, a dash.
    static let code = "KIOSK-39-4006381333931"

    /// Evdev codes of the US layout for the characters of `code`.
    static let codes: [Character: Int] = [
      "K": 37, "I": 23, "O": 24, "S": 31, "-": 12, "0": 11, "1": 2, "2": 3, "3": 4, "4": 5,
      "5": 6, "6": 7, "7": 8, "8": 9, "9": 10,
    ]

    /// A key script typing `text` with a key every 20 ms (down, up 5 ms later; Shift around
    /// capitals), then Return unless `endsWithReturn` is false.
    static func keyScript(_ text: String, endsWithReturn: Bool = true) -> String {
      var lines: [String] = []
      var time = 0
      for character in text {
        guard let code = codes[character] else { continue }
        let shifted = character.isUppercase
        if shifted { lines.append("\(time) down 42") }
        lines.append("\(time) down \(code)")
        lines.append("\(time + 5) up \(code)")
        if shifted { lines.append("\(time + 5) up 42") }
        time += 20
      }
      if endsWithReturn { lines += ["\(time) down 28", "\(time + 5) up 28"] }
      return lines.joined(separator: "\n")
    }

    @Test func aScannerTypesACodeThatArrivesAsOneScan() throws {
      try #require(
        FileManager.default.isExecutableFile(atPath: uinput.path), "\(uinput.path) is missing")
      let uinput = shellQuoted(self.uinput.path)
      let started = ContinuousClock.now
      let vm = try QEMUMachine.boot(
        script: """
          /lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
          udevadm trigger --action=add --subsystem-match=input && udevadm settle -t 5
          cat > /tmp/scan.txt <<'SCRIPT'
          \(Self.keyScript(Self.code))
          SCRIPT
          cat > /tmp/partial.txt <<'SCRIPT'
          \(Self.keyScript("123", endsWithReturn: false))
          SCRIPT
          KIOSK_DEMO_TOUR=0 \(shellQuoted(demo.path)) --backend drm --scale 1 --scanner 0c2e:0b61 --scanner "Partial Scanner" --scan-gap 2000 --duration 150 2>&1 & demo=$!
          # Each scanner is made once the demo is ready, and plays once libinput has added it.
          read -r ready
          \(uinput) --keyboard --name "Honeywell 1900 Scanner" --ids 0c2e:0b61 --wait-for-signal --linger 1 /tmp/scan.txt & injector=$!
          read -r go
          kill -USR1 $injector
          wait $injector
          \(uinput) --keyboard --name "Partial Scanner" --ids 1a86:e026 --wait-for-signal --linger 0.5 /tmp/partial.txt & injector=$!
          read -r go
          kill -USR1 $injector
          wait $injector
          read -r done
          kill $demo
          wait $demo
          """,
        modules: ["bochs", "uinput", "evdev"], display: (1024, 600), timeout: .seconds(90))
      // Played while the demo still starts, the keys would wait in the kernel's buffer of
      // the device until it overflowed.
      try vm.waitForLine(containing: "ready: showing Virtual-1")
      try vm.send(line: "")
      let added = try vm.waitForLine(containing: "\"Honeywell 1900 Scanner\" (keyboard")
      #expect(added.contains("0c2e:0b61, a scanner (0c2e:0b61)"), "\(added)")
      try vm.send(line: "")
      // Its keys are a scanner's, not a keyboard's: none is typed.
      let firstKey = try vm.waitForLine(containing: "input: first key")
      #expect(firstKey.contains("(scanner)"), "\(firstKey)")
      let scan = try vm.waitForLine(containing: "input: scan of")
      #expect(scan.contains("scan of \(Self.code.count) characters"), "\(scan)")
      #expect(scan.contains("ended by Return"), "\(scan)")
      let shown = try vm.waitForLine(containing: "scanned \"")
      #expect(shown.contains("scanned \"\(Self.code)\" from "), "\(shown)")
      // The second scanner is unplugged half a second after "123" (its keys read by then),
      // before its Return or its gap of 2 s.
      try vm.waitForLine(containing: "\"Partial Scanner\" (keyboard")
      try vm.send(line: "")
      let dropped = try vm.waitForLine(containing: "went away in the middle of a scan")
      #expect(dropped.contains("its 3 characters were dropped"), "\(dropped)")
      try vm.send(line: "")
      #expect(try vm.waitForExit(timeout: .seconds(60)) == 0)
      print("scanner: the real-kernel test took \(ContinuousClock.now - started)")
    }
  }
}
