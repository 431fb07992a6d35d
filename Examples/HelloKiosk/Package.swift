// swift-tools-version: 6.0
// HelloKiosk: the smallest KioskKit app, one screen and one test, in a package of its own.
// An app outside this repository names KioskKit by URL instead of by path:
//   .package(url: "https://…/KioskKit.git", from: "0.12.0")
import PackageDescription

let package = Package(
  name: "HelloKiosk",
  dependencies: [
    .package(name: "KioskKit", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "HelloKiosk",
      dependencies: [.product(name: "KioskKit", package: "KioskKit")]),
    .testTarget(
      name: "HelloKioskTests",
      dependencies: [
        "HelloKiosk", .product(name: "KioskTesting", package: "KioskKit"),
      ],
      exclude: ["Goldens"]),
  ]
)
