internal import CUdev
import Dispatch
import Glibc

/// A uevent from udev: a device of a subsystem was added, removed or changed.
package struct UdevEvent: Sendable, Equatable {
  /// `add`, `remove`, `change`…
  package var action: String
  /// The kernel's name, e.g. `card0`.
  package var sysname: String
  /// The device node, e.g. `/dev/dri/card0`, if it has one.
  package var devnode: String?
  /// Whether the kernel flagged a connector change (`HOTPLUG=1` on DRM cards).
  package var isHotplug: Bool
}

/// Listens to udev for the devices of one subsystem (`drm`, `input`) on the main queue, and
/// lists the devices that are there now. One libudev context per monitor.
@MainActor
package final class UdevMonitor {
  private let udev: OpaquePointer
  private let monitor: OpaquePointer
  private let subsystem: String
  private var source: DispatchSourceRead?

  /// Connects to udev's event stream for `subsystem`. Throws when udev is not available
  /// (no netlink socket, e.g. in some containers): callers then poll or do without hotplug.
  package init(subsystem: String) throws {
    guard let udev = udev_new() else { throw DRMError(call: "udev_new", code: errno) }
    guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
      udev_unref(udev)
      throw DRMError(call: "udev_monitor_new_from_netlink", code: errno)
    }
    udev_monitor_filter_add_match_subsystem_devtype(monitor, subsystem, nil)
    guard udev_monitor_enable_receiving(monitor) >= 0 else {
      udev_monitor_unref(monitor)
      udev_unref(udev)
      throw DRMError(call: "udev_monitor_enable_receiving", code: errno)
    }
    self.udev = udev
    self.monitor = monitor
    self.subsystem = subsystem
  }

  isolated deinit {
    source?.cancel()
    udev_monitor_unref(monitor)
    udev_unref(udev)
  }

  /// Calls `handler` on the main queue for each event from now on.
  package func start(_ handler: @escaping @MainActor (UdevEvent) -> Void) {
    let fd = udev_monitor_get_fd(monitor)
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        while let event = self.receive() { handler(event) }
      }
    }
    source.resume()
    self.source = source
  }

  private func receive() -> UdevEvent? {
    guard let device = udev_monitor_receive_device(monitor) else { return nil }
    defer { udev_device_unref(device) }
    return UdevEvent(
      action: udev_device_get_action(device).map { String(cString: $0) } ?? "",
      sysname: udev_device_get_sysname(device).map { String(cString: $0) } ?? "",
      devnode: udev_device_get_devnode(device).map { String(cString: $0) },
      isHotplug: udev_device_get_property_value(device, "HOTPLUG").map { String(cString: $0) }
        == "1")
  }

  /// The device nodes of the subsystem's devices whose kernel name starts with `prefix`
  /// (e.g. `card` for DRM cards, not their render nodes), sorted.
  package func devices(named prefix: String) -> [String] {
    guard let enumerate = udev_enumerate_new(udev) else { return [] }
    defer { udev_enumerate_unref(enumerate) }
    udev_enumerate_add_match_subsystem(enumerate, subsystem)
    udev_enumerate_add_match_sysname(enumerate, prefix + "[0-9]*")
    udev_enumerate_scan_devices(enumerate)
    var nodes: [String] = []
    var entry = udev_enumerate_get_list_entry(enumerate)
    while let current = entry {
      if let path = udev_list_entry_get_name(current),
        let device = udev_device_new_from_syspath(udev, path)
      {
        if let node = udev_device_get_devnode(device) { nodes.append(String(cString: node)) }
        udev_device_unref(device)
      }
      entry = udev_list_entry_get_next(current)
    }
    return nodes.sorted()
  }
}
