// What an app imports: `import KioskKit` brings the UI model, the graphics types and
// KioskKit's version.
@_exported import KioskGraphics
@_exported import KioskUI
@_exported import KioskVersion
