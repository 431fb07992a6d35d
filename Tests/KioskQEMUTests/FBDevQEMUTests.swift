import Foundation
import KioskGraphics
import Testing

/// The fbdev backend on a real kernel: bochs-drm's fbdev emulation provides `/dev/fb0`;
/// kiosk-demo draws into it and the QEMU screendump is compared pixel by pixel with the
/// virtual framebuffer's frame. (Two pages are not tested here: with
/// `drm_kms_helper.drm_fbdev_overalloc=200` the emulation offers them and accepts the pan,
/// but bochs-drm scans out from the top of the buffer whatever the plane's source offset.)
extension RealKernel {
  @Suite
  struct FBDevQEMUTests {
    private let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")

    /// Prints the framebuffer as sysfs describes it (`FBINFO …`), then runs the demo.
    private func script(setUp: String = "", arguments: String) -> String {
      """
      \(setUp)
      if [ -c /dev/fb0 ]; then
        echo "FBINFO $(cat /sys/class/graphics/fb0/name) virtual_size=$(cat /sys/class/graphics/fb0/virtual_size) bpp=$(cat /sys/class/graphics/fb0/bits_per_pixel)"
      else
        echo "FBINFO none: no /dev/fb0"
      fi
      \(shellQuoted(demo.path)) --handshake --duration 120 \(arguments) 2>&1
      """
    }

    /// The screendump right after `KIOSK SETTLED 1` shows the first page. The emulation
    /// copies our writes to the scanout buffer from a kernel worker, 50 ms later unless
    /// flushed: the output flushes each frame and the handshake waits 0.3 s by the clock.
    /// (Without both, the dump was black in about one run in four.)
    private func expectFirstScreen(on vm: QEMUMachine) throws {
      let reference = try referenceScreens(panel: (1024, 600))
      try vm.waitForLine(matching: "KIOSK SETTLED 1")
      let screen = try vm.screendump()
      try vm.send(line: "quit")
      #expect(screen.width == 1024 && screen.height == 600)
      let (page, differing) = closestPage(screen, reference)
      #expect(
        differing <= 1024 * 600 / 1000, "\(differing) pixels differ from page \(page + 1)")
      #expect(try vm.waitForExit() == 0)
    }

    @Test func fbdevShowsTheDemosFirstScreen() throws {
      try #require(
        FileManager.default.isExecutableFile(atPath: demo.path), "\(demo.path) is missing")
      let vm = try QEMUMachine.boot(
        script: script(arguments: "--backend fbdev"), modules: ["bochs"], display: (1024, 600))
      let info = try vm.waitForLine(matching: "FBINFO")
      #expect(info.contains("virtual_size=1024,600 bpp=32"), "\(info)")
      let litUp = try vm.waitForLine(containing: "lit up")
      #expect(litUp.contains("1024x600 xrgb8888 on /dev/fb0, one page, drawn in place"), "\(litUp)")
      try expectFirstScreen(on: vm)
    }

    /// `auto` tries DRM first; when DRM refuses (here: no such connector) it falls back to
    /// the framebuffer and says why.
    @Test func autoFallsBackToFBDevWhenDRMRefuses() throws {
      try #require(
        FileManager.default.isExecutableFile(atPath: demo.path), "\(demo.path) is missing")
      let vm = try QEMUMachine.boot(
        script: script(arguments: "--backend auto --connector DSI-9"), modules: ["bochs"],
        display: (1024, 600))
      let refused = try vm.waitForLine(containing: "backend auto: DRM refused")
      #expect(refused.contains("no connector DSI-9"), "\(refused)")
      let litUp = try vm.waitForLine(containing: "lit up")
      #expect(litUp.contains("on /dev/fb0"), "\(litUp)")
      try expectFirstScreen(on: vm)
    }
  }
}
