import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A QEMU virtual machine booting the host's Debian kernel with the host root shared
/// read-only, so the project's binaries run in it unchanged at their host paths. The test
/// reads the guest's serial console, answers on it, and captures what the kernel scans out.
///
///     let vm = try QEMUMachine.boot(script: "echo hello", modules: ["bochs"])
///     _ = try vm.waitForLine(matching: "hello")
///     #expect(try vm.waitForExit() == 0)
///
/// The guest has one display, `bochs-display` (`/dev/dri/card0`, connector `Virtual-1`,
/// no vblank interrupt: page-flip events arrive at once). The script runs as root in a
/// chroot over a tmpfs overlay; whatever it writes disappears with the VM.
///
/// With `root: .folder(…)` the guest boots a Debian root folder (Tests/QEMU/make-rootfs.sh)
/// instead, with that root's own kernel and modules: on amd64 as above, on arm64 in
/// `qemu-system-aarch64 -M virt` with a `virtio-gpu-pci` display (module `virtio_gpu`).
/// The host's files are then not in the guest, except the run folder (the test's scripts
/// and whatever the test puts there), shared at its host path.
final class QEMUMachine {
  /// The QMP id of the display, for `screendump`.
  static let displayID = "disp0"

  let files: QEMUBootFiles
  let modules: [String]
  let display: (width: Int, height: Int)?
  private let process: Process
  private let input: FileHandle
  private let console: SerialConsole
  private let errors: SerialConsole
  private let script: URL
  private let socketPath: String
  private var qmp: QMPConnection?
  /// The next console line a wait looks at: each wait continues after the last match.
  private var nextLine = 0
  private let started = ContinuousClock.now
  /// From starting qemu to the init's "root ready" (kernel, modules, 9p, overlay).
  private(set) var bootTime: Duration?
  /// From starting qemu to its exit.
  private(set) var wallTime: Duration?

  /// Boots a VM that runs `script` (shell text, run by `/bin/sh` in the guest) and waits
  /// until the guest's root file system is ready.
  /// - Parameters:
  ///   - modules: host kernel modules the guest loads before the script, with their
  ///     dependencies (`bochs` for the display's DRM driver, `evdev`, `uinput`).
  ///   - display: the display's preferred mode; QEMU's default (1280×800) when `nil`.
  ///   - extraArguments: more qemu arguments (another `-device`).
  ///   - systemd: `script` only prepares the root; then systemd boots on it as PID 1.
  ///   - root: what the guest boots: the host's root, or a root folder of its own.
  ///   - shares: more host folders, shared over 9p and mounted at their own paths in the
  ///     guest (read-only unless `writable`): with a root folder, what the test needs of the
  ///     host (a checkout, a build).
  static func boot(
    script: String, modules: [String] = ["bochs"], display: (width: Int, height: Int)? = nil,
    extraArguments: [String] = [], systemd: Bool = false, timeout: Duration = .seconds(30),
    root: GuestRoot = .host, shares extraShares: [(folder: String, writable: Bool)] = []
  ) throws -> QEMUMachine {
    let files = try QEMUBootFiles.forRoot(root)
    let architecture = root.architecture
    let token = "\(getpid())-\(UUID().uuidString.prefix(8))"
    let scriptFile = files.runFolder.appendingPathComponent("test-\(token).sh")
    try Data(("#!/bin/sh\n" + script + "\n").utf8).write(to: scriptFile)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scriptFile.path)
    // Not in the run folder: a unix socket path must stay under 108 bytes.
    let socketPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiosk-qmp-\(token).sock").path

    var device =
      architecture == .arm64
      ? "virtio-gpu-pci,id=\(displayID)" : "bochs-display,id=\(displayID)"
    if let display { device += ",xres=\(display.width),yres=\(display.height)" }
    let (commandLine, shares) = kernelCommandLine(
      files: files, modules: modules, script: scriptFile, root: root, shares: extraShares,
      systemd: systemd)
    // arm64: the virt board (PCIe, a PL011 serial port) with a core TCG emulates quickly
    // (`max` adds pointer authentication, which costs TCG dearly).
    let board: [String] =
      architecture == .arm64
      ? ["-M", "virt", "-cpu", "cortex-a72"] : ["-cpu", "max"]
    // Appended in parts: one long `+` chain takes Swift 6.2 too long to type-check.
    var arguments: [String] = ["-accel", "tcg"]
    arguments += board
    arguments += [
      "-m", "1024", "-smp", "1",
      "-nodefaults", "-no-user-config", "-display", "none", "-no-reboot",
      "-serial", "stdio", "-qmp", "unix:\(socketPath),server=on,wait=off",
      "-vga", "none", "-device", device,
      "-kernel", files.kernel.path, "-initrd", files.initramfs.path,
      "-append", commandLine.joined(separator: " "),
    ]
    for share in shares { arguments += ["-virtfs", share] }
    arguments += extraArguments
    let process = Process()
    process.executableURL = files.host.qemu
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    let errorOutput = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errorOutput
    let verbose = ProcessInfo.processInfo.environment["KIOSK_QEMU_VERBOSE"] == "1"
    let machine = QEMUMachine(
      files: files, modules: modules, display: display, process: process,
      input: input.fileHandleForWriting,
      console: SerialConsole(
        reading: output.fileHandleForReading, echoPrefix: verbose ? "guest| " : nil),
      errors: SerialConsole(
        reading: errorOutput.fileHandleForReading, echoPrefix: verbose ? "qemu| " : nil),
      script: scriptFile, socketPath: socketPath)
    do {
      try process.run()
    } catch {
      throw QEMUError("cannot start \(files.host.qemu.path): \(error)")
    }
    let ready = try machine.awaitLine(startingWith: "VMINIT: root ready", timeout: timeout)
    machine.bootTime = machine.started.duration(to: ready.time)
    return machine
  }

  /// The kernel's command line for `boot`, and the 9p shares (qemu's `-virtfs` values) it
  /// tells init to mount.
  private static func kernelCommandLine(
    files: QEMUBootFiles, modules: [String], script scriptFile: URL, root: GuestRoot,
    shares extraShares: [(folder: String, writable: Bool)], systemd: Bool
  ) -> (commandLine: [String], shares: [String]) {
    // The kernel turns unknown k=v parameters into init's environment (Tests/QEMU/init).
    var commandLine = [
      "console=\(root.architecture.serialConsole)", "quiet", "panic=-1", "mitigations=off",
      "nowatchdog", "audit=0", "cryptomgr.notests",
    ]
    if root.architecture == .amd64 {
      commandLine += ["tsc=reliable", "no_timer_check", "8250.nr_uarts=1"]
    }
    if !modules.isEmpty { commandLine.append("VMMODS=" + modules.joined(separator: ",")) }
    commandLine.append("VMTEST=" + scriptFile.path)
    var shares = [
      "local,path=\(files.host.rootFolder.path),mount_tag=hostroot,security_model=none,"
        + "readonly=on,multidevs=remap"
    ]
    if root != .host {
      // The script (and what the test puts beside it) at its host path in the guest.
      commandLine.append("VMSHARE=" + files.runFolder.path)
      shares.append(
        "local,path=\(files.runFolder.path),mount_tag=testfiles,security_model=none,readonly=on")
    }
    if !extraShares.isEmpty {
      // Tests/QEMU/init mounts share0, share1… at the paths listed, in that order.
      commandLine.append(
        "VMSHARES="
          + extraShares.map { ($0.writable ? "rw:" : "ro:") + $0.folder }
          .joined(separator: ","))
      for (index, share) in extraShares.enumerated() {
        shares.append(
          "local,path=\(share.folder),mount_tag=share\(index),security_model=none"
            + (share.writable ? "" : ",readonly=on"))
      }
    }
    if systemd { commandLine += ["VMSYSTEMD=1", "systemd.unit=multi-user.target"] }
    return (commandLine, shares)
  }

  private init(
    files: QEMUBootFiles, modules: [String], display: (width: Int, height: Int)?,
    process: Process, input: FileHandle, console: SerialConsole, errors: SerialConsole,
    script: URL, socketPath: String
  ) {
    self.files = files
    self.modules = modules
    self.display = display
    self.process = process
    self.input = input
    self.console = console
    self.errors = errors
    self.script = script
    self.socketPath = socketPath
  }

  deinit {
    kill()
    qmp = nil
    try? FileManager.default.removeItem(at: script)
    try? FileManager.default.removeItem(atPath: socketPath)
  }

  /// How long a wait for a console line lasts unless the test says otherwise. A timeout only
  /// ends a test that is failing anyway, so it is generous: the VM shares a slow CI machine's
  /// two cores with builds running beside it (Tests/run-tests.sh), and a step that
  /// takes 5 s here took twice that there.
  static let lineTimeout: Duration = .seconds(60)

  /// Waits for the next console line that starts with `prefix` (anchored: the guest may
  /// echo command lines that contain the marker) and returns it. On timeout the VM is
  /// stopped and the error shows the last console lines.
  @discardableResult
  func waitForLine(matching prefix: String, timeout: Duration = QEMUMachine.lineTimeout) throws
    -> String
  {
    try awaitLine(startingWith: prefix, timeout: timeout).line
  }

  /// Waits for a console line that contains `text` anywhere (log lines carry a timestamp
  /// before the message) and returns it.
  @discardableResult
  func waitForLine(containing text: String, timeout: Duration = QEMUMachine.lineTimeout) throws
    -> String
  {
    try awaitLine(
      where: { $0.contains(text) }, describedAs: "containing \"\(text)\"", timeout: timeout
    )
    .line
  }

  private func awaitLine(startingWith prefix: String, timeout: Duration) throws -> (
    line: String, time: ContinuousClock.Instant
  ) {
    try awaitLine(
      where: { $0.hasPrefix(prefix) }, describedAs: "starting with \"\(prefix)\"", timeout: timeout)
  }

  private func awaitLine(
    where matches: @escaping (String) -> Bool, describedAs description: String, timeout: Duration
  ) throws -> (line: String, time: ContinuousClock.Instant) {
    let deadline = ContinuousClock.now + timeout
    switch console.waitForLine(from: nextLine, until: deadline, where: matches) {
    case .found(let index, let line, let time):
      nextLine = index + 1
      return (line, time)
    case .ended:
      process.waitUntilExit()
      throw QEMUError(
        "the VM ended (qemu exit status \(process.terminationStatus)) before the guest "
          + "printed a line \(description)\(diagnostics())")
    case .timedOut:
      kill()
      throw QEMUError(
        "no line \(description) on the guest console within "
          + "\(seconds(timeout)); stopped the VM\(diagnostics())")
    }
  }

  /// Writes `line` and a newline to the guest's console (the test script's standard input).
  func send(line: String) throws {
    do {
      try input.write(contentsOf: Data((line + "\n").utf8))
    } catch {
      throw QEMUError("cannot write to the guest console (has the VM ended?): \(error)")
    }
  }

  /// What the display shows now, captured by QEMU (QMP `screendump`, PPM). Take it while the
  /// program that set the mode still runs: when it closes the card, fbcon takes the screen.
  /// `device`: the id of another display device (`extraArguments`), else the first one's.
  func screendump(device: String = displayID) throws -> PPMImage {
    if qmp == nil { qmp = try QMPConnection(path: socketPath) }
    let file = files.runFolder.appendingPathComponent("screen-\(UUID().uuidString).ppm")
    defer { try? FileManager.default.removeItem(at: file) }
    try qmp?.execute(
      "screendump", arguments: ["filename": file.path, "format": "ppm", "device": device])
    return try PPMImage(contentsOf: file)
  }

  /// Waits for the guest script to end and qemu to power off; returns the script's exit
  /// status and prints what was booted and how long it took.
  func waitForExit(timeout: Duration = .seconds(20)) throws -> Int32 {
    let line = try waitForLine(matching: "VMTEST_EXIT=", timeout: timeout)
    let value = line.dropFirst("VMTEST_EXIT=".count).prefix(while: { $0 != " " })
    guard let status = Int32(value) else {
      throw QEMUError("cannot read the exit status in \"\(line)\"")
    }
    guard console.waitForEnd(until: .now + .seconds(10)) else {
      kill()
      throw QEMUError("qemu did not exit after the guest powered off\(diagnostics())")
    }
    process.waitUntilExit()
    wallTime = started.duration(to: .now)
    print(summary)
    return status
  }

  /// What was booted and how long it took, e.g. "QEMU: booted Linux 6.1.0-56-amd64 …".
  var summary: String {
    var setup =
      files.host.root.architecture == .arm64
      ? ["arm64 Image", "TCG virt cortex-a72", "virtio-gpu-pci"]
      : ["PVH vmlinux", "TCG", "bochs-display"]
    if let display { setup[2] += " \(display.width)x\(display.height)" }
    if case .folder(let folder, _) = files.host.root { setup.append("root \(folder.path)") }
    if !modules.isEmpty { setup.append("modules " + modules.joined(separator: ",")) }
    var text = "QEMU: booted Linux \(files.host.kernelVersion) (\(setup.joined(separator: ", ")))"
    if let bootTime { text += ": root ready in \(seconds(bootTime))" }
    if let wallTime {
      text += ", test done in \(seconds(wallTime)) wall"
    } else {
      text += ", stopped after \(seconds(started.duration(to: .now))) wall"
    }
    if !process.isRunning, process.terminationStatus != 0 {
      text += ", qemu exit status \(process.terminationStatus)"
    }
    return text
  }

  /// Stops qemu at once if it still runs.
  func kill() {
    guard process.isRunning else { return }
    _ = Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  private func diagnostics() -> String {
    var text = "\n\(summary)\nguest console (last lines):\n\(console.tail())"
    let errorText = errors.tail(10)
    if !errorText.isEmpty { text += "\nqemu standard error:\n\(errorText)" }
    text += "\n(set KIOSK_QEMU_VERBOSE=1 to see the console as it runs)"
    return text
  }
}
