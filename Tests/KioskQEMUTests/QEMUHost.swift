import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An error of the QEMU harness, with a message that says what to do about it.
struct QEMUError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// The processor a guest has, and how QEMU emulates it.
enum GuestArchitecture: String, Sendable {
  case amd64
  case arm64

  /// The emulator of this architecture, and the Debian package that has it.
  var emulator: (program: String, package: String) {
    switch self {
    case .amd64: ("qemu-system-x86_64", "qemu-system-x86")
    case .arm64: ("qemu-system-aarch64", "qemu-system-arm")
    }
  }

  /// The guest's first serial port, where the kernel, the init and the tests talk.
  var serialConsole: String {
    switch self {
    case .amd64: "ttyS0"
    case .arm64: "ttyAMA0"
    }
  }

  /// `e_machine` of this architecture's ELF files.
  var elfMachine: Int {
    switch self {
    case .amd64: 0x3e
    case .arm64: 0xb7
    }
  }
}

/// The root file system a test VM boots.
enum GuestRoot: Sendable, Hashable {
  /// The host's own `/`, so that the project's binaries run in the guest at their host paths.
  case host
  /// A Debian root folder (Tests/QEMU/make-rootfs.sh) of `architecture`, with its own kernel,
  /// modules and static busybox: a panel's system rather than the build machine's.
  case folder(URL, architecture: GuestArchitecture)

  var architecture: GuestArchitecture {
    switch self {
    case .host: .amd64
    case .folder(_, let architecture): architecture
    }
  }
}

/// What the QEMU tests take from the host (or from a guest root folder): the emulator,
/// Debian's kernel with its modules, and a static busybox for the initramfs.
struct QEMUHost: Sendable {
  /// The package root: this file is `Tests/KioskQEMUTests/QEMUHost.swift`.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  /// The folder of the build products, the one holding the test bundle (`.build/debug`,
  /// or wherever `--scratch-path` put it).
  static let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0])
    .deletingLastPathComponent()
  /// `init` and `extract-vmlinux.py`.
  static let supportFolder = packageRoot.appendingPathComponent("Tests/QEMU")
  /// The extracted kernel, the initramfs and each run's files, next to the build products
  /// so that separate scratch paths never share them.
  static let cacheFolder = buildFolder.appendingPathComponent("qemu")
  /// The test scripts of running VMs and what the tests hand them (a package to install).
  static let runFolder = cacheFolder.appendingPathComponent("run")

  /// Whether a missing QEMU or kernel fails the tests instead of skipping them: on CI and
  /// with `KIOSK_QEMU_TESTS=1`.
  static var isRequired: Bool {
    let environment = ProcessInfo.processInfo.environment
    return !(environment["CI"] ?? "").isEmpty || environment["KIOSK_QEMU_TESTS"] == "1"
  }

  /// Whether the QEMU tests run: when required, or when everything they need is here.
  static var testsEnabled: Bool {
    isRequired || (try? locate()) != nil
  }

  let qemu: URL
  /// The root the guest boots, whose kernel, modules and busybox these are.
  let root: GuestRoot
  /// `uname -r` of the guest, e.g. `6.1.0-56-amd64`.
  let kernelVersion: String
  let kernelImage: URL
  let modulesFolder: URL
  let busybox: URL

  /// The folder the guest mounts as its root (read-only, under a tmpfs overlay).
  var rootFolder: URL {
    switch root {
    case .host: URL(fileURLWithPath: "/")
    case .folder(let folder, _): folder
    }
  }

  /// Finds qemu-system-x86_64, the newest kernel that has both `/boot/vmlinuz-*` and
  /// `/lib/modules/*/modules.dep`, and a statically linked busybox.
  static func locate() throws -> QEMUHost {
    let qemu = try emulator(for: .amd64)
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/lib/modules")) ?? []
    guard
      let version =
        versions
        .filter({
          FileManager.default.fileExists(atPath: "/boot/vmlinuz-\($0)")
            && FileManager.default.fileExists(atPath: "/lib/modules/\($0)/modules.dep")
        })
        .max(by: { $0.compare($1, options: .numeric) == .orderedAscending })
    else {
      throw QEMUError(
        "no Linux kernel with modules in /boot and /lib/modules; "
          + installHint("linux-image-amd64"))
    }
    let kernelImage = URL(fileURLWithPath: "/boot/vmlinuz-\(version)")
    guard FileManager.default.isReadableFile(atPath: kernelImage.path) else {
      throw QEMUError(
        "\(kernelImage.path) is not readable by this user; run the tests as root or make it "
          + "readable (some distributions install kernels with mode 0600)")
    }
    let busybox = URL(fileURLWithPath: "/bin/busybox")
    guard let contents = try? Data(contentsOf: busybox), isStaticELF(contents) else {
      throw QEMUError(
        "no statically linked /bin/busybox for the initramfs; "
          + installHint("busybox-static"))
    }
    return QEMUHost(
      qemu: qemu, root: .host, kernelVersion: version, kernelImage: kernelImage,
      modulesFolder: URL(fileURLWithPath: "/lib/modules/\(version)"), busybox: busybox)
  }

  /// The emulator for `folder`'s architecture, and the kernel, its modules and the static
  /// busybox of the root folder `folder` (make-rootfs.sh installs all three): the guest runs
  /// the kernel its own system was made with.
  static func locate(folder: URL, architecture: GuestArchitecture) throws -> QEMUHost {
    let qemu = try emulator(for: architecture)
    let root = folder.resolvingSymlinksInPath()
    guard FileManager.default.fileExists(atPath: root.appendingPathComponent("etc/os-release").path)
    else {
      throw QEMUError(
        "\(folder.path) is not a root file system (no etc/os-release); make one with "
          + "Tests/QEMU/make-rootfs.sh (`make rootfs-trixie-\(architecture.rawValue)`)")
    }
    // Merged /usr (trixie) keeps the modules in usr/lib; lib is a link to it.
    let modulesParent = ["usr/lib/modules", "lib/modules"].map(root.appendingPathComponent)
      .first { FileManager.default.fileExists(atPath: $0.path) }
    let boot = root.appendingPathComponent("boot")
    let images = (try? FileManager.default.contentsOfDirectory(atPath: boot.path)) ?? []
    guard let modulesParent,
      let version = images.filter({ $0.hasPrefix("vmlinuz-") })
        .map({ String($0.dropFirst("vmlinuz-".count)) })
        .filter({
          FileManager.default.fileExists(
            atPath: modulesParent.appendingPathComponent("\($0)/modules.dep").path)
        })
        .max(by: { $0.compare($1, options: .numeric) == .orderedAscending })
    else {
      throw QEMUError(
        "no kernel with modules in \(root.path)/boot and usr/lib/modules; make-rootfs.sh "
          + "installs linux-image-\(architecture.rawValue)")
    }
    guard
      let busybox = ["usr/bin/busybox", "bin/busybox"].map(root.appendingPathComponent)
        .first(where: {
          (try? Data(contentsOf: $0)).map { isStaticELF($0, machine: architecture.elfMachine) }
            ?? false
        })
    else {
      throw QEMUError(
        "no statically linked \(architecture.rawValue) busybox in \(root.path)/usr/bin; "
          + "make-rootfs.sh installs busybox-static")
    }
    return QEMUHost(
      qemu: qemu, root: .folder(root, architecture: architecture), kernelVersion: version,
      kernelImage: boot.appendingPathComponent("vmlinuz-\(version)"),
      modulesFolder: modulesParent.appendingPathComponent(version), busybox: busybox)
  }

  /// The emulator of `architecture` on the PATH.
  private static func emulator(for architecture: GuestArchitecture) throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    let (program, package) = architecture.emulator
    guard
      let qemu = path.split(separator: ":").lazy
        .map({ URL(fileURLWithPath: String($0)).appendingPathComponent(program) })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
      throw QEMUError("\(program) is not installed; " + installHint(package))
    }
    return qemu
  }
}

/// How to get a missing package.
private func installHint(_ package: String) -> String {
  "`make test` installs it (Debian package \(package))"
}

/// Whether `data` is a 64-bit ELF executable without a program interpreter (`PT_INTERP`),
/// i.e. one that runs in an initramfs with no libraries, for the processor `machine`
/// (`e_machine`; x86-64 unless given).
private func isStaticELF(_ data: Data, machine: Int = GuestArchitecture.amd64.elfMachine) -> Bool {
  let bytes = [UInt8](data.prefix(65536))
  func integer(_ offset: Int, _ size: Int) -> Int {
    guard offset + size <= bytes.count else { return -1 }
    return (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
  }
  guard bytes.starts(with: [0x7f, 0x45, 0x4c, 0x46, 2, 1]), integer(0x12, 2) == machine else {
    return false
  }
  let programHeaders = integer(0x20, 8)
  let entrySize = integer(0x36, 2)
  let count = integer(0x38, 2)
  guard programHeaders > 0, entrySize > 0, count > 0 else { return false }
  return (0..<count).allSatisfy { integer(programHeaders + $0 * entrySize, 4) != 3 }
}

/// The kernel and initramfs a test VM boots, prepared once per test process for the host
/// root, and at each boot for a root folder (the kernel's extraction is kept on disk).
struct QEMUBootFiles: Sendable {
  /// Modules the init loads from the initramfs before it can reach the host root; their
  /// dependencies come first, resolved from `modules.dep` (busybox insmod resolves none).
  static let initramfsModules = ["virtio_pci", "9p", "9pnet_virtio", "overlay"]

  /// Prepared on first use; later boots reuse the result (or the error).
  static let shared = Result<QEMUBootFiles, any Error> { try prepare(host: try QEMUHost.locate()) }

  /// The files that boot `root`: the host's (`shared`), or a root folder's own kernel.
  static func forRoot(_ root: GuestRoot) throws -> QEMUBootFiles {
    switch root {
    case .host:
      return try shared.get()
    case .folder(let folder, let architecture):
      return try prepare(host: try QEMUHost.locate(folder: folder, architecture: architecture))
    }
  }

  let host: QEMUHost
  /// What `-kernel` loads. On amd64 the uncompressed ELF kernel: QEMU boots it through its
  /// PVH note, which skips the BIOS and the in-guest decompression and saves 3.5-5 s a
  /// boot under TCG. On arm64 Debian's vmlinuz, an uncompressed `Image` QEMU boots as it is.
  let kernel: URL
  let initramfs: URL
  /// Scripts and screendumps of the running VMs.
  let runFolder: URL

  private static func prepare(host: QEMUHost) throws -> QEMUBootFiles {
    let clock = ContinuousClock()
    let start = clock.now
    let cache = QEMUHost.cacheFolder
    let runFolder = QEMUHost.runFolder
    try FileManager.default.createDirectory(at: runFolder, withIntermediateDirectories: true)
    guard !cache.path.contains(where: \.isWhitespace) else {
      throw QEMUError(
        "the build folder \(cache.path) contains white space, which the kernel command line "
          + "cannot carry; build the package at a path without spaces")
    }
    // A guest that dies while we write to its console must not take the test process with
    // it: get EPIPE instead of SIGPIPE.
    signal(SIGPIPE, SIG_IGN)

    var extracted = false
    let kernel: URL
    switch host.root.architecture {
    case .arm64:
      kernel = host.kernelImage
      // An arm64 Image has the magic "ARM\x64" at 0x38 (Documentation/arch/arm64/booting.rst).
      guard
        (try? FileHandle(forReadingFrom: kernel).read(upToCount: 0x3c))?.suffix(4)
          == Data([0x41, 0x52, 0x4d, 0x64])
      else {
        throw QEMUError("\(kernel.path) is not an uncompressed arm64 Image")
      }
    case .amd64:
      kernel = cache.appendingPathComponent("vmlinux-\(host.kernelVersion)")
      if !FileManager.default.fileExists(atPath: kernel.path) {
        try extractVmlinux(from: host.kernelImage, to: kernel)
        extracted = true
      }
      guard (try? FileHandle(forReadingFrom: kernel).read(upToCount: 4)) == Data("\u{7f}ELF".utf8)
      else {
        try? FileManager.default.removeItem(at: kernel)
        throw QEMUError("\(kernel.path) is not an ELF kernel; removed it, run the tests again")
      }
    }

    let initramfs = cache.appendingPathComponent("initramfs-\(host.kernelVersion).cpio")
    try makeInitramfs(host: host).write(to: initramfs, options: .atomic)
    if extracted {
      print(
        "QEMU: extracted \(kernel.lastPathComponent) from \(host.kernelImage.path) and built "
          + "the initramfs in \(seconds(clock.now - start))")
    }
    return QEMUBootFiles(host: host, kernel: kernel, initramfs: initramfs, runFolder: runFolder)
  }

  private static func extractVmlinux(from image: URL, to vmlinux: URL) throws {
    let script = QEMUHost.supportFolder.appendingPathComponent("extract-vmlinux.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, image.path, vmlinux.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    do {
      try process.run()
    } catch {
      throw QEMUError("cannot run python3 for \(script.path): \(error)")
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw QEMUError(
        "extracting the kernel failed (python3 \(script.path) exited with "
          + "\(process.terminationStatus)):\n\(text)")
    }
  }

  /// busybox, the init script, the modules in load order and a console node, uncompressed
  /// (a few MB; unpacking is then cheaper than decompressing under TCG).
  private static func makeInitramfs(host: QEMUHost) throws -> Data {
    let initScript = QEMUHost.supportFolder.appendingPathComponent("init")
    var archive = CPIOArchive()
    for folder in ["bin", "dev", "etc", "host", "lib", "lib/modules", "newroot", "proc"] {
      archive.addDirectory(folder)
    }
    for folder in ["run", "sys", "tmp"] {
      archive.addDirectory(folder)
    }
    // The kernel opens /dev/console for init before anything mounts devtmpfs.
    archive.addCharacterDevice("dev/console", major: 5, minor: 1)
    archive.addFile("init", contents: try Data(contentsOf: initScript), mode: 0o755)
    archive.addFile("bin/busybox", contents: try Data(contentsOf: host.busybox), mode: 0o755)
    let modules = try loadOrder(of: initramfsModules, in: host.modulesFolder)
    for module in modules {
      let file = host.modulesFolder.appendingPathComponent(module.path)
      archive.addFile(
        "lib/modules/\(module.name).ko", contents: try uncompressedModule(file))
    }
    let order = modules.map(\.name).joined(separator: "\n") + "\n"
    archive.addFile("lib/modules/order", contents: Data(order.utf8))
    return archive.finished()
  }

  /// The module `file` as the kernel loads it: trixie's kernels install theirs compressed
  /// (`.ko.xz`), which the initramfs's insmod is spared by decompressing them here.
  private static func uncompressedModule(_ file: URL) throws -> Data {
    let decompressor: String
    switch file.pathExtension {
    case "ko": return try Data(contentsOf: file)
    case "xz": decompressor = "xz"
    case "zst": decompressor = "zstd"
    case "gz": decompressor = "gzip"
    default: throw QEMUError("\(file.path): not a kernel module the harness knows to unpack")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [decompressor, "-dc", file.path]
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw QEMUError("cannot run \(decompressor) for \(file.path): \(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, data.starts(with: Data("\u{7f}ELF".utf8)) else {
      throw QEMUError(
        "\(decompressor) -dc \(file.path) failed (exit status \(process.terminationStatus))")
    }
    return data
  }

  /// `modules` and everything they depend on, each after its dependencies, as module names
  /// and paths relative to the modules folder. Built-in modules are left out.
  static func loadOrder(of modules: [String], in folder: URL) throws -> [(
    name: String, path: String
  )] {
    let dependencyFile = folder.appendingPathComponent("modules.dep")
    let builtinFile = folder.appendingPathComponent("modules.builtin")
    let text = try String(contentsOf: dependencyFile, encoding: .utf8)
    let builtin = Set(
      ((try? String(contentsOf: builtinFile, encoding: .utf8)) ?? "")
        .split(separator: "\n").map { moduleName(String($0)) })
    var paths: [String: String] = [:]
    var dependencies: [String: [String]] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard let path = parts.first.map(String.init) else { continue }
      let name = moduleName(path)
      paths[name] = path
      dependencies[name] = parts.count > 1 ? parts[1].split(separator: " ").map(String.init) : []
    }
    var order: [(name: String, path: String)] = []
    var seen: Set<String> = []
    for module in modules {
      let name = module.replacingOccurrences(of: "-", with: "_")
      if builtin.contains(name) { continue }
      guard let path = paths[name], let deep = dependencies[name] else {
        throw QEMUError("kernel module \(module) is not in \(dependencyFile.path)")
      }
      // modules.dep lists the deepest dependency last.
      for dependency in deep.reversed() + [path] where seen.insert(dependency).inserted {
        order.append((moduleName(dependency), dependency))
      }
    }
    return order
  }

  private static func moduleName(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    let base = file.components(separatedBy: ".ko").first ?? file
    return base.replacingOccurrences(of: "-", with: "_")
  }
}

/// A duration as "4.8 s".
func seconds(_ duration: Duration) -> String {
  let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  return String(format: "%.1f s", value)
}
