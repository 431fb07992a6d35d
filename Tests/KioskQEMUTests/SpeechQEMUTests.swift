import Foundation
import Testing

extension RealKernel {
  /// The screen reader on a real kernel, heard: QEMU's sound card (Intel HDA with an output
  /// codec) plays into a WAV file on the host. A uinput headset jack is plugged in, which
  /// starts the reader (`screen-reader = "headset"`), and a uinput keyboard walks the demo
  /// by keypad (arrows and Enter, Sources/KioskScreenReader/KeypadCommand.swift) from its
  /// first screen to Recipes. `kioskctl speech` must list what was said in order, and the
  /// host's WAV must hold that speech: espeak-ng through ALSA to the card.
  @Suite
  struct SpeechQEMUTests {
    private let uinput = QEMUHost.buildFolder.appendingPathComponent("kiosk-uinput")
    private let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")
    private let kioskctl = QEMUHost.buildFolder.appendingPathComponent("kioskctl")

    /// The walk: Down twice (from the first screen's title over its own button to
    /// Recipes' button in the header), then Enter. Evdev codes: KEY_DOWN 108, KEY_ENTER 28;
    /// 700 ms apart, so that each utterance starts before the next key cuts it off.
    static let walk = """
      0 down 108
      60 up 108
      700 down 108
      760 up 108
      1400 down 28
      1460 up 28
      """

    /// What the reader says, in order: the first element when the headset goes in, one
    /// utterance a key, then the new screen's title once Recipes has faded in.
    static let expected = [
      "Showcase, heading",
      "Showcase, 1 of 7, button, selected",
      "Recipes, 2 of 7, button",
      lastExpected,
    ]

    /// The new screen's title, said last.
    static let lastExpected = "Recipes, heading"

    @Test func aHeadsetStartsTheReaderAndTheKeypadWalksTheDemoAloud() throws {
      for program in [uinput, demo, kioskctl] {
        try #require(
          FileManager.default.isExecutableFile(atPath: program.path), "\(program.path) is missing")
      }
      let wav = FileManager.default.temporaryDirectory
        .appendingPathComponent("kiosk-speech-\(UUID().uuidString).wav")
      defer { try? FileManager.default.removeItem(at: wav) }
      let vm = try QEMUMachine.boot(
        script: guestScript(),
        modules: [
          "bochs", "uinput", "evdev", "snd_hda_codec_generic", "snd_hda_intel",
        ],
        display: (1024, 600),
        extraArguments: [
          "-audiodev", "wav,id=snd0,path=\(wav.path)",
          "-device", "intel-hda", "-device", "hda-output,audiodev=snd0",
        ],
        timeout: .seconds(120))
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
      try vm.waitForLine(matching: "UINPUT PLAYED 6 keys")
      let transcript = try readTranscript(vm)
      print("speech: transcript \(transcript)")
      #expect(
        Self.expected.allSatisfy { line in transcript.contains { $0.contains(line) } },
        "the transcript \(transcript) lacks some of \(Self.expected)")
      let order = Self.expected.compactMap { line in
        transcript.firstIndex { $0.contains(line) }
      }
      #expect(order == order.sorted(), "said out of order: \(transcript)")
      #expect(try vm.waitForExit(timeout: .seconds(60)) == 0)

      let audio = try WAVAudio(contentsOf: wav)
      let audible = audio.audibleSeconds(window: 0.05, threshold: 500)
      print(
        "speech: the host's WAV holds \(String(format: "%.1f", audio.duration)) s, "
          + "\(String(format: "%.1f", audible)) s of it audible, peak \(audio.peak)")
      // Four utterances: the keys cut the first three short (1.9–2.9 s audible in all when
      // measured), the title alone is about a second: speech, not a click or silence.
      #expect(audible >= 0.8, "only \(audible) s of the WAV is audible")
    }

    /// The guest's part: the sound card unmuted, the headset jack, the demo reading
    /// `screen-reader = "headset"`, the keypad walk, then the transcript on the console;
    /// each step waits for a line from the test.
    private func guestScript() -> String {
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
        \(Self.walk)
        WALK
        \(shellQuoted(uinput.path)) --headset --wait-for-signal --linger 600 /tmp/jack.txt & jack=$!
        read -r go
        KIOSK_DEMO_TOUR=0 \(shellQuoted(demo.path)) --backend drm --scale 1 \
          --config /tmp/a11y.toml --control-socket \(socket) --duration 300 2>&1 & demo=$!
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
          ctl speech | grep -q "\(Self.lastExpected)" && break
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
