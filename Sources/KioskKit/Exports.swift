// What an app imports: `import KioskKit` brings the UI model and the graphics types.
@_exported import KioskGraphics
@_exported import KioskUI
