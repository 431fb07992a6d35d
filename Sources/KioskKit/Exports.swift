// What an app imports: `import KioskKit` brings the UI model, the graphics types,
// KioskKit's version, and ArgumentParser, in which an app declares options of its own
// (`Application.main(_:options:)`) without a dependency of its own on swift-argument-parser.
@_exported import ArgumentParser
@_exported import KioskGraphics
@_exported import KioskUI
@_exported import KioskVersion
