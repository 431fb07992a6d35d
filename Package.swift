// swift-tools-version: 6.0
// KioskKit: the UIKit model for Linux touch panels. Module layout and import direction:
// Sources/KioskKit/KioskKit.docc/Architecture.md (C modules -> KioskGraphics -> KioskUI ->
// backends -> KioskKit).
import PackageDescription

let package = Package(
  name: "KioskKit",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "KioskKit", targets: ["KioskKit"]),
    .library(name: "KioskTesting", targets: ["KioskTesting"]),
    // `make prebuilt`'s archive: KioskKit and KioskTesting with every package they use, for
    // apps built against KioskKit compiled once (prebuilt/build.sh).
    .library(name: "KioskKitPrebuilt", type: .static, targets: ["KioskKit", "KioskTesting"]),
    .executable(name: "kiosk-demo", targets: ["kiosk-demo"]),
    .executable(name: "kiosk-bench", targets: ["kiosk-bench"]),
    .executable(name: "kiosk-refscene", targets: ["kiosk-refscene"]),
    .executable(name: "kiosk-uinput", targets: ["kiosk-uinput"]),
    .executable(name: "kioskctl", targets: ["kioskctl"]),
    .executable(name: "kiosk-fuzz", targets: ["kiosk-fuzz"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    // Timers (ScheduledAction): a binary heap, so thousands of pending actions stay cheap.
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    // Metrics: swift-metrics' API, with Prometheus' text format (kioskctl metrics, textfile).
    .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
    // `make docs`: the DocC catalog in Sources/KioskKit/KioskKit.docc and the API.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CPixman", pkgConfig: "pixman-1",
      providers: [.apt(["libpixman-1-dev"])]),
    .systemLibrary(
      name: "CCairo", pkgConfig: "pangocairo",
      providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libfontconfig-dev"])]),
    .systemLibrary(
      name: "CJPEG", pkgConfig: "libturbojpeg",
      providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(
      name: "CDRM", pkgConfig: "libdrm",
      providers: [.apt(["libdrm-dev"])]),
    .systemLibrary(
      name: "CUdev", pkgConfig: "libudev",
      providers: [.apt(["libudev-dev"])]),
    .systemLibrary(
      name: "CLibinput", pkgConfig: "libinput",
      providers: [.apt(["libinput-dev"])]),
    .systemLibrary(
      name: "CXKBCommon", pkgConfig: "xkbcommon",
      providers: [.apt(["libxkbcommon-dev", "xkb-data"])]),
    .systemLibrary(
      name: "CSeat", pkgConfig: "libseat",
      providers: [.apt(["libseat-dev"])]),
    .systemLibrary(
      name: "CSystemd", pkgConfig: "libsystemd",
      providers: [.apt(["libsystemd-dev"])]),
    // librime's header only: KioskRime loads the library itself (dlopen) on first use.
    .systemLibrary(name: "CRime", providers: [.apt(["librime-dev"])]),
    // espeak-ng's and ALSA's headers only: KioskSpeech loads both libraries with dlopen when
    // speech is first used, so a panel without them runs with speech off.
    .systemLibrary(name: "CEspeakNG", providers: [.apt(["libespeak-ng-dev"])]),
    .systemLibrary(name: "CALSA", providers: [.apt(["libasound2-dev"])]),
    // The few types of libcec 6's C API, declared with its ABI: KioskKit loads libcec.so.6
    // with dlopen when `display.cec` asks for it, and the build needs no libcec-dev.
    .systemLibrary(name: "CCEC"),
    .target(name: "CLinux"),
    // The configuration file (TOML): toml++ (Debian's libtomlplusplus-dev, header-only),
    // through a bridge that hands Swift every node with its position, frees what it parsed
    // and turns toml++'s internal checks into errors instead of aborts.
    .target(name: "CTOMLParser"),
    // Threads, a condition lock and printf's number texts without Foundation: every module
    // of kiosk-demo does without it, whose ICU data would double the program's size.
    .target(name: "KioskBase"),
    // Whole files written safely (temporary file, then rename): images, screenshots.
    .target(name: "KioskFiles"),
    // The control protocol (requests, replies, their framing, the socket's address): spoken
    // by KioskKit's control server and by kioskctl.
    .target(name: "KioskControl", dependencies: ["KioskFiles"]),
    .target(
      name: "KioskGraphics",
      dependencies: ["CPixman", "CCairo", "CJPEG", "KioskFiles", "KioskBase"]),
    .target(
      name: "KioskUI",
      dependencies: [
        "KioskGraphics", "KioskFiles", "KioskBase",
        .product(name: "HeapModule", package: "swift-collections"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .target(name: "KioskVirtual", dependencies: ["KioskUI", "KioskGraphics"]),
    // Speech for the screen reader: espeak-ng to the sound card through ALSA.
    .target(
      name: "KioskSpeech",
      dependencies: [
        "CEspeakNG", "CALSA", "KioskBase", .product(name: "Logging", package: "swift-log"),
      ]),
    .target(name: "KioskScreenReader", dependencies: ["KioskUI", "KioskSpeech"]),
    .target(
      name: "KioskLinux",
      dependencies: [
        "KioskUI", "KioskGraphics", "CDRM", "CUdev", "CLibinput", "CXKBCommon", "CLinux",
        "CSeat", "CSystemd", "KioskBase",
        .product(name: "Logging", package: "swift-log"),
      ]),
    // Chinese Pinyin for the on-screen keyboard, through librime.
    .target(
      name: "KioskRime",
      dependencies: [
        "KioskUI", "CRime", "KioskBase", .product(name: "Logging", package: "swift-log"),
      ]),
    .target(
      name: "KioskKit",
      dependencies: [
        "KioskUI", "KioskGraphics", "KioskVirtual", "KioskLinux", "KioskRime", "KioskVersion",
        "CTOMLParser", "KioskFiles", "KioskControl", "KioskSpeech", "KioskScreenReader",
        "KioskBase", "CCEC",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ]),
    // UI tests link no hardware library: the UI model, the graphics and the virtual output.
    .target(
      name: "KioskTesting",
      dependencies: ["KioskUI", "KioskGraphics", "KioskVirtual", "KioskFiles"]),
    .target(name: "CAllocCounter"),
    // `make fuzz`: libFuzzer targets for the parsers of outside input (Tests/FuzzCorpus).
    .target(name: "CFuzzDriver"),
    .executableTarget(
      name: "kiosk-fuzz", dependencies: ["KioskKit", "KioskUI", "KioskControl", "CFuzzDriver"]),
    .target(name: "KioskVersion"),
    .executableTarget(
      name: "kiosk-demo",
      dependencies: [
        "KioskKit", "KioskctlCommand", "KioskUinputCommand", "KioskBase",
        .product(name: "Logging", package: "swift-log"),
      ]),
    // kiosk-uinput and kioskctl: their commands are libraries, which the package's
    // kiosk-demo carries too (started as either name it runs that command: one binary
    // instead of three, each with its own Foundation and ICU).
    .target(
      name: "KioskUinputCommand",
      dependencies: [
        "KioskLinux", "KioskUI", "KioskVersion", "KioskFiles", "KioskBase",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(name: "kiosk-uinput", dependencies: ["KioskUinputCommand"]),
    .target(
      name: "KioskctlCommand",
      dependencies: [
        "KioskVersion", "KioskFiles", "KioskControl",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(name: "kioskctl", dependencies: ["KioskctlCommand"]),
    .executableTarget(
      name: "kiosk-bench",
      dependencies: [
        "KioskKit", "KioskVirtual", "KioskLinux", "KioskVersion", "CAllocCounter",
        "KioskReferenceScene", "KioskSpeech", "KioskScreenReader",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // The scene kiosk-bench measures, and the same scene as an ordinary app (start-up).
    .target(name: "KioskReferenceScene", dependencies: ["KioskKit"]),
    .executableTarget(name: "kiosk-refscene", dependencies: ["KioskKit", "KioskReferenceScene"]),
    // `make gallery`: the README's contact sheet of the golden images.
    .executableTarget(name: "kiosk-gallery", dependencies: ["KioskGraphics"]),
    .testTarget(name: "KioskBaseTests", dependencies: ["KioskBase"]),
    .testTarget(name: "KioskGraphicsTests", dependencies: ["KioskGraphics"]),
    .testTarget(name: "KioskUITests", dependencies: ["KioskUI", "KioskTesting"]),
    .testTarget(
      name: "KioskLinuxTests", dependencies: ["KioskLinux", "KioskTesting", "KioskFiles"]),
    .testTarget(
      name: "KioskGoldenTests", dependencies: ["KioskKit", "KioskTesting"],
      exclude: ["Goldens"]),
    .testTarget(name: "KioskQEMUTests", dependencies: ["KioskGraphics", "KioskTesting"]),
    .testTarget(name: "KioskRimeTests", dependencies: ["KioskRime", "KioskUI"]),
    .testTarget(name: "KioskSpeechTests", dependencies: ["KioskSpeech"]),
    .testTarget(
      name: "KioskScreenReaderTests",
      dependencies: ["KioskScreenReader", "KioskSpeech", "KioskUI", "KioskTesting"]),
    .testTarget(
      name: "KioskDemoTests",
      dependencies: ["kiosk-demo", "KioskTesting", "KioskScreenReader", "KioskSpeech"]),
    .testTarget(
      name: "KioskKitTests", dependencies: ["KioskKit", "KioskLinux", "KioskVersion", "CLinux"]),
    .testTarget(
      name: "KioskServiceTests",
      dependencies: [
        "KioskKit", "KioskTesting", "kioskctl", "KioskctlCommand", "KioskControl", "CLinux",
      ]),
  ],
  swiftLanguageModes: [.v6],
  // toml++ needs C++17.
  cxxLanguageStandard: .cxx17
)

// `make arm64-tests` cross-builds only the test targets that run on arm64 (the goldens):
// KIOSK_TEST_TARGETS names them, comma-separated, and the others are left out of that build,
// which then compiles a third less. SwiftPM keys its manifest cache by the environment, so
// the ordinary build (without the variable) still sees every test target.
if let wanted = Context.environment["KIOSK_TEST_TARGETS"] {
  let names = Set(wanted.split(separator: ",").map(String.init))
  package.targets.removeAll { $0.type == .test && !names.contains($0.name) }
}
