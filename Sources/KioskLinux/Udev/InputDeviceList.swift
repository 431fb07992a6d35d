internal import CUdev

/// An input event node as udev knows it, for `--connector list`.
package struct UdevInputDevice: Sendable, Equatable {
  /// The node, e.g. `/dev/input/event3`.
  package var node: String
  /// The kernel's device name, e.g. `ILITEK Multi-Touch`.
  package var name: String
  /// What udev's input_id found it to be: `touchscreen`, `keyboard`, `mouse`…
  package var capabilities: [String]
  /// The seat udev assigns it to (`ID_SEAT`, `seat0` when unset).
  package var seat: String

  /// Creates a description.
  package init(node: String, name: String, capabilities: [String], seat: String) {
    self.node = node
    self.name = name
    self.capabilities = capabilities
    self.seat = seat
  }
}

/// The input devices udev lists, with their capabilities.
package enum InputDeviceList {
  /// udev's `ID_INPUT_*` properties and the words the list prints for them.
  static let capabilityProperties: [(property: String, word: String)] = [
    ("ID_INPUT_TOUCHSCREEN", "touchscreen"), ("ID_INPUT_TABLET", "tablet"),
    ("ID_INPUT_TOUCHPAD", "touchpad"), ("ID_INPUT_MOUSE", "mouse"),
    ("ID_INPUT_POINTINGSTICK", "pointing-stick"), ("ID_INPUT_KEYBOARD", "keyboard"),
    ("ID_INPUT_KEY", "keys"), ("ID_INPUT_SWITCH", "switch"), ("ID_INPUT_JOYSTICK", "joystick"),
  ]

  /// The event nodes of every input device udev knows, sorted by node.
  package static func devices() -> [UdevInputDevice] {
    guard let udev = udev_new() else { return [] }
    defer { udev_unref(udev) }
    guard let enumerate = udev_enumerate_new(udev) else { return [] }
    defer { udev_enumerate_unref(enumerate) }
    udev_enumerate_add_match_subsystem(enumerate, "input")
    udev_enumerate_add_match_sysname(enumerate, "event[0-9]*")
    udev_enumerate_scan_devices(enumerate)
    var devices: [UdevInputDevice] = []
    var entry = udev_enumerate_get_list_entry(enumerate)
    while let current = entry {
      entry = udev_list_entry_get_next(current)
      guard let syspath = udev_list_entry_get_name(current),
        let device = udev_device_new_from_syspath(udev, syspath)
      else { continue }
      defer { udev_device_unref(device) }
      guard let node = udev_device_get_devnode(device) else { continue }
      let property = { (name: String) in
        udev_device_get_property_value(device, name).map { String(cString: $0) }
      }
      // The name is an attribute of the parent `inputN` device, not of the event node.
      let parent = udev_device_get_parent(device)
      let name = parent.flatMap { udev_device_get_sysattr_value($0, "name") }
      devices.append(
        UdevInputDevice(
          node: String(cString: node), name: name.map { String(cString: $0) } ?? "?",
          capabilities: capabilityProperties.filter { property($0.property) == "1" }.map(\.word),
          seat: property("ID_SEAT") ?? "seat0"))
    }
    return devices.sorted { $0.node.compare(numerically: $1.node) }
  }

  /// The list as `--connector list` prints it.
  package static func describe(_ devices: [UdevInputDevice]) -> String {
    guard !devices.isEmpty else { return "Input devices: none found (is udev running?)" }
    var lines = ["Input devices:"]
    for device in devices {
      let capabilities =
        device.capabilities.isEmpty
        ? "no known capability"
        : device.capabilities.joined(
          separator: ", ")
      lines.append("  \(device.node)  \"\(device.name)\"  \(capabilities)  (\(device.seat))")
    }
    return lines.joined(separator: "\n")
  }

  /// Every input device udev knows, described.
  package static func describeAll() -> String { describe(devices()) }
}

extension String {
  /// `event2` before `event10`.
  fileprivate func compare(numerically other: String) -> Bool {
    let digits = { (text: String) in
      Int(text.reversed().prefix(while: \.isNumber).reversed().map(String.init).joined()) ?? 0
    }
    let stem = { (text: String) in
      String(text.dropLast(text.reversed().prefix(while: \.isNumber).count))
    }
    return stem(self) == stem(other) ? digits(self) < digits(other) : self < other
  }
}
