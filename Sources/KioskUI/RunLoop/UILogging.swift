import Logging

/// What KioskUI reports of an app's mistakes that UIKit logs to the console rather than
/// failing (presenting from a controller that already presents one…). Created on first use,
/// after KioskKit has set up logging, so it follows `log.level` and the journal's format.
let uiLogger = Logger(label: "kiosk")
