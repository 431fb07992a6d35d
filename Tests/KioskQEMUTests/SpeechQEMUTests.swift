import Foundation
import Testing

extension RealKernel {
  /// The screen reader on a real kernel, heard: QEMU's sound card (Intel HDA with an output
  /// codec) plays into a WAV file on the host. A uinput headset jack is plugged in, which
  /// starts the reader (`screen-reader = "headset"`), and a uinput keyboard presses the keys
  /// of the keypad walk-through that adds a recipe (Tests/Walks/recipes-add.keys, which
  /// KioskDemoTests' walk wrote: arrows and Enter only, letters chosen on the on-screen
  /// keyboard). `kioskctl speech` must list what that walk heard, in order (the last 40
  /// lines of Tests/Walks/recipes-add.transcript), and the host's WAV must hold speech: espeak-ng
  /// through ALSA to the card.
  @Suite
  struct SpeechQEMUTests {
    private let uinput = QEMUHost.buildFolder.appendingPathComponent("kiosk-uinput")
    private let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
    private let kioskctl = QEMUHost.buildFolder.appendingPathComponent("kioskctl")

    /// Tests/Walks, from this file's place (Tests/KioskQEMUTests).
    static let walks = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Walks")

    /// The walk's keys, as `kiosk-uinput --keyboard` plays them.
    static func walk() throws -> String {
      try String(contentsOf: walks.appendingPathComponent("recipes-add.keys"), encoding: .utf8)
    }

    /// What the reader said during the walk on the virtual framebuffer, one line each.
    static func expected() throws -> [String] {
      try String(
        contentsOf: walks.appendingPathComponent("recipes-add.transcript"), encoding: .utf8
      )
      .split(separator: "\n").map(String.init)
    }

    @Test func aHeadsetStartsTheReaderAndTheKeypadWalksTheDemoAloud() throws {
      for program in [uinput, demo, kioskctl] {
        try #require(
          FileManager.default.isExecutableFile(atPath: program.path), "\(program.path) is missing")
      }
      let wav = FileManager.default.temporaryDirectory
        .appendingPathComponent("kiosk-speech-\(UUID().uuidString).wav")
      defer { try? FileManager.default.removeItem(at: wav) }
      let walk = try Self.walk()
      let expected = try Self.expected()
      let keys = walk.split(separator: "\n").count
      let vm = try QEMUMachine.boot(
        script: guestScript(walk: walk, lastLine: expected.last ?? ""),
        modules: [
          "bochs", "uinput", "evdev", "snd_hda_codec_generic", "snd_hda_intel",
        ],
        display: (1024, 600),
        extraArguments: [
          "-audiodev", "wav,id=snd0,path=\(wav.path)",
          "-device", "intel-hda", "-device", "hda-output,audiodev=snd0",
        ],
        timeout: .seconds(180))
      try vm.waitForLine(matching: "SOUND ")
      try vm.waitForLine(matching: "UINPUT READY")
      try vm.send(line: "")
      try vm.waitForLine(containing: "accessibility: headphone switch /dev/input")
      try vm.waitForLine(containing: "lit up Virtual-1")
      try vm.send(line: "")
      try vm.waitForLine(containing: "screen reader started (headset)")
      try vm.send(line: "")
      try vm.waitForLine(containing: "\"KioskKit virtual keyboard\"")
      try vm.send(line: "")
      try vm.waitForLine(matching: "UINPUT PLAYED \(keys) keys", timeout: .seconds(240))
      // kioskctl prints "[language] text"; the walk's transcript has the texts alone.
      let transcript = try readTranscript(vm).map { line in
        line.hasPrefix("[") ? String(line.drop { $0 != "]" }.dropFirst(2)) : line
      }
      print("speech: transcript \(transcript)")
      // kioskctl lists the last 50 utterances: the walk's last 40 must be among them, in
      // its order (an utterance the next key cut off before it began is not listed, and
      // would show here as missing).
      let missing = Self.missing(Array(expected.suffix(40)), inOrderFrom: transcript)
      #expect(
        missing.isEmpty,
        "said on the panel: \(transcript); not heard in the walk's order: \(missing)")
      #expect(try vm.waitForExit(timeout: .seconds(60)) == 0)

      let audio = try WAVAudio(contentsOf: wav)
      let audible = audio.audibleSeconds(window: 0.05, threshold: 500)
      print(
        "speech: the host's WAV holds \(String(format: "%.1f", audio.duration)) s, "
          + "\(String(format: "%.1f", audible)) s of it audible, peak \(audio.peak)")
      // Most utterances are cut short by the next key; the walk still speaks for several
      // seconds (a single "Recipes, heading" is about one): speech, not a click or silence.
      #expect(audible >= 3, "only \(audible) s of the WAV is audible")
    }

    /// The lines of `expected` that `heard` lacks when read in order (each expected line
    /// found after the one before it).
    static func missing(_ expected: [String], inOrderFrom heard: [String]) -> [String] {
      var next = heard.startIndex
      var missing: [String] = []
      for line in expected {
        if let found = heard[next...].firstIndex(of: line) {
          next = found + 1
        } else {
          missing.append(line)
        }
      }
      return missing
    }

    /// The guest's part: the sound card unmuted, the headset jack, the demo reading
    /// `screen-reader = "headset"`, the keypad walk, then the transcript on the console;
    /// each step waits for a line from the test.
    private func guestScript(walk: String, lastLine: String) -> String {
      let socket = "/tmp/kiosk-control.sock"
      return """
        /lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
        udevadm trigger --action=add && udevadm settle -t 5
        until [ -e /dev/snd/pcmC0D0p ]; do sleep 0.2; done
        echo "SOUND $(cat /proc/asound/cards | head -1)"
        # A card's mixer starts muted until alsactl restores a saved state, which this
        # guest has none of: unmuted and at full volume, as a panel's image would ship it.
        for control in $(amixer -c 0 scontrols | sed -n "s/^Simple mixer control '\\([^']*\\)',0$/\\1/p"); do
          amixer -q -c 0 sset "$control" 100% unmute 2>/dev/null
        done
        amixer -c 0 | sed 's/^/MIXER /'
        printf '[accessibility]\\nscreen-reader = "headset"\\n' > /tmp/a11y.toml
        printf '0 plugged\\n' > /tmp/jack.txt
        cat > /tmp/walk.txt <<'WALK'
        \(walk)
        WALK
        \(shellQuoted(uinput.path)) --headset --wait-for-signal --linger 600 /tmp/jack.txt & jack=$!
        read -r go
        KIOSK_DEMO_TOUR=0 \(shellQuoted(demo.path)) --backend drm --scale 1 \
          --on-screen-keyboard always --config /tmp/a11y.toml --control-socket \(socket) \
          --duration 300 2>&1 & demo=$!
        read -r go
        kill -USR1 $jack
        read -r go
        \(shellQuoted(uinput.path)) --keyboard --wait-for-signal --linger 1 /tmp/walk.txt & keys=$!
        read -r go
        kill -USR1 $keys
        wait $keys
        # Recipes fades in (0.4 s) before its title is said, and speech is slow under TCG:
        # ask for the transcript until it has the title (at most a minute).
        ctl() { \(shellQuoted(kioskctl.path)) "$@" --socket \(socket); }
        for try in $(seq 60); do
          ctl speech | grep -qF "\(lastLine)" && break
          sleep 1
        done
        ctl speech | sed 's/^/SPEECH /'
        echo "SPEECH END"
        kill $demo
        wait $demo
        kill $jack
        """
    }

    /// The transcript kioskctl printed, one utterance a line.
    private func readTranscript(_ vm: QEMUMachine) throws -> [String] {
      var lines: [String] = []
      while true {
        let line = try vm.waitForLine(matching: "SPEECH ", timeout: .seconds(90))
        if line.hasPrefix("SPEECH END") { break }
        lines.append(String(line.dropFirst("SPEECH ".count)))
      }
      return lines
    }
  }
}
