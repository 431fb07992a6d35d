import ArgumentParser
import Foundation
import KioskLinux
import KioskUI

/// `kiosk-uinput`: plays a touch script through a virtual touchscreen of the kernel, so a
/// running KioskKit app (or anything reading evdev) is touched as a real panel would touch
/// it. For bring-up on hardware and for the real-kernel tests.
@main
struct UinputCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "kiosk-uinput",
    abstract: "Replay a touch script through a virtual touchscreen (/dev/uinput).",
    discussion: """
      The script has the format of --touch-script (one change a line: ms down|move|up|cancel \
      finger x y); here x and y are the touchscreen's own units, 0..<width and 0..<height. \
      Make --size the panel's pixel size and a touch lands on that pixel of the panel.
      """)

  @Option(help: ArgumentHelp("The device's coordinate range, e.g. 1024x600.", valueName: "WxH"))
  var size: String = "1024x600"

  @Option(help: "The device's name, as libinput and udev show it.")
  var name: String = "KioskKit virtual touchscreen"

  @Flag(
    help:
      "Create the device, print `UINPUT READY name`, and play only when SIGUSR1 arrives (so a reader can open the device first)."
  )
  var waitForSignal = false

  @Option(help: ArgumentHelp("Keep the device this long after the script, in seconds."))
  var linger: Double = 0.5

  @Argument(help: ArgumentHelp("The touch script.", valueName: "file"))
  var script: String

  func run() throws {
    let parts = size.split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2, parts[0] > 1, parts[1] > 1 else {
      throw ValidationError("--size must be WxH, e.g. 1024x600")
    }
    let touches: TouchScript
    do {
      touches = try TouchScript(parsing: String(contentsOfFile: script, encoding: .utf8))
    } catch {
      throw ValidationError("\(script): \(error)")
    }
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGUSR1)
    pthread_sigmask(SIG_BLOCK, &blocked, nil)

    let device = try VirtualTouchscreen(name: name, width: parts[0], height: parts[1])
    print("UINPUT READY \(device.sysname) \(parts[0])x\(parts[1])")
    fflush(nil)
    if waitForSignal {
      var received: Int32 = 0
      sigwait(&blocked, &received)
    }
    let start = Date()
    for frame in touches.frames {
      let wait = frame.time - Date().timeIntervalSince(start)
      if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
      try device.send(
        frame.samples.map { sample in
          switch sample.phase {
          case .began: .down(finger: sample.id, x: sample.location.x, y: sample.location.y)
          case .moved, .stationary:
            .move(finger: sample.id, x: sample.location.x, y: sample.location.y)
          case .ended, .cancelled: .up(finger: sample.id)
          }
        })
    }
    print("UINPUT PLAYED \(touches.frames.count) frames")
    fflush(nil)
    usleep(UInt32(max(linger, 0) * 1_000_000))
  }
}
