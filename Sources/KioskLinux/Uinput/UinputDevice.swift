internal import CLinux
import Glibc

/// Opens `/dev/uinput` (or `path`), makes the device with `create` (one of CLinux's
/// `kiosk_uinput_create_*`, given the descriptor and `name`), and returns the descriptor
/// and the device's name under /sys/devices/virtual/input (`?` when the kernel does not
/// say). The descriptor is closed when making the device fails.
func makeUinputDevice(
  name: String, path: String, create: (Int32, String) -> Int32
) throws -> (fd: Int32, sysname: String) {
  let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
  guard fd >= 0 else {
    throw SystemCallError(call: "open", code: errno, context: "opening \(path)")
  }
  let created = create(fd, name)
  guard created == 0 else {
    close(fd)
    throw SystemCallError(call: "UI_DEV_CREATE", code: created, context: "creating \(name)")
  }
  var buffer = [CChar](repeating: 0, count: 64)
  let named = kiosk_uinput_sysname(fd, &buffer, UInt(buffer.count))
  let sysname =
    named == 0
    ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    : "?"
  return (fd, sysname)
}
