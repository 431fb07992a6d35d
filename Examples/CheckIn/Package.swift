// swift-tools-version: 6.0
// CheckIn: a small visitor check-in kiosk in a package of its own. It uses what an app
// outside KioskKit has: its own options and [checkin] table, a storyboard and images as
// resources, the on-screen keyboard, a kioskctl request and status line, and its data under
// the service's state directory. An app elsewhere names KioskKit by URL instead of by path.
import PackageDescription

let package = Package(
  name: "CheckIn",
  dependencies: [
    .package(name: "KioskKit", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "CheckIn",
      dependencies: [.product(name: "KioskKit", package: "KioskKit")],
      resources: [.copy("Resources")]),
    .testTarget(
      name: "CheckInTests",
      dependencies: ["CheckIn", .product(name: "KioskTesting", package: "KioskKit")],
      exclude: ["Goldens"]),
  ]
)
