import Foundation
import Testing

/// A variable of the environment, `nil` when unset or empty.
private func environment(_ name: String) -> String? {
  ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
}

/// Debian 13's amd64 root folder (`make rootfs-trixie-amd64`) and the amd64 package.
private let trixieAmd64 = environment("KIOSK_BOOT_ROOT_TRIXIE_AMD64").flatMap { root in
  environment("KIOSK_BOOT_DEB").map { (root: root, deb: $0) }
}
/// Debian 13's arm64 root folder (`make rootfs-trixie-arm64`) and the arm64 package.
private let trixieArm64 = environment("KIOSK_BOOT_ROOT_TRIXIE_ARM64").flatMap { root in
  environment("KIOSK_BOOT_DEB_ARM64").map { (root: root, deb: $0) }
}

extension RealKernel {
  /// The boot test (BootQEMUTests) on the systems the package is for rather than on the
  /// build machine's: Debian 13 root folders made from Debian's packages
  /// (Tests/QEMU/make-rootfs.sh, with the package's Depends and Recommends), each booting
  /// its own kernel with systemd as PID 1, and the package installed with `dpkg -i`. On
  /// arm64 the guest is `qemu-system-aarch64 -M virt` with a virtio-gpu display; the
  /// touch goes through the package's kiosk-uinput.
  ///
  /// `make test-boot-trixie` and `make test-boot-arm64` make the root folders and name
  /// them and the packages in the environment; without them these tests do not run.
  @Suite
  struct BootPlatformsQEMUTests {
    @Test(.enabled(if: trixieAmd64 != nil, "KIOSK_BOOT_ROOT_TRIXIE_AMD64 or KIOSK_BOOT_DEB unset"))
    func thePackageBootsOnDebian13Amd64() throws {
      let given = try #require(trixieAmd64)
      try BootQEMUTests.run(
        on: BootGuest(
          root: .folder(URL(fileURLWithPath: given.root), architecture: .amd64), deb: given.deb,
          hiddenToolchain: nil, modules: ["bochs", "uinput", "evdev"], checksVTSwitch: true,
          checksTouch: true, slowness: 1))
    }

    @Test(
      .enabled(if: trixieArm64 != nil, "KIOSK_BOOT_ROOT_TRIXIE_ARM64 or KIOSK_BOOT_DEB_ARM64 unset")
    )
    func thePackageBootsOnDebian13Arm64() throws {
      let given = try #require(trixieArm64)
      // With Debian 13's amd64 root and package at hand, the amd64 package draws the
      // references natively (seconds) instead of the arm64 one under qemu-user (3½ minutes
      // on CI): Arm64GoldenQEMUTests shows that both draw the same pixels on Debian 13.
      let references = trixieAmd64.map {
        ReferenceDemo.package(
          deb: URL(fileURLWithPath: $0.deb), root: URL(fileURLWithPath: $0.root))
      }
      try BootQEMUTests.run(
        on: BootGuest(
          root: .folder(URL(fileURLWithPath: given.root), architecture: .arm64), deb: given.deb,
          hiddenToolchain: nil, modules: ["virtio_gpu", "uinput", "evdev"], checksVTSwitch: false,
          checksTouch: true, slowness: 4, references: references))
    }
  }
}

/// The root folders of the boot tests without the package: each boots its own kernel, loads
/// its compressed modules (the display's DRM driver among them) and starts systemd as PID 1
/// to multi-user.target, where a unit of the test reports on the serial console. This is
/// the plumbing the package's boot tests stand on, checked on its own (and runnable before
/// there is a package for the architecture).
extension RealKernel.BootPlatformsQEMUTests {
  @Test(
    arguments: [
      (environment("KIOSK_BOOT_ROOT_TRIXIE_AMD64"), GuestArchitecture.amd64, "bochs"),
      (environment("KIOSK_BOOT_ROOT_TRIXIE_ARM64"), GuestArchitecture.arm64, "virtio_gpu"),
    ].compactMap { root, architecture, display in root.map { ($0, architecture, display) } })
  func theRootFolderBootsItsOwnKernelAndSystemd(
    root: String, architecture: GuestArchitecture, display: String
  ) throws {
    let console = architecture.serialConsole
    let vm = try QEMUMachine.boot(
      script: """
        set -e
        cd /etc/systemd/system
        ln -sf /dev/null serial-getty@\(console).service
        cat > /etc/root-report.sh <<'REPORT'
        #!/bin/sh
        # After the terminal reset systemd 257 writes to the tty before the unit's output.
        echo
        until [ -e /dev/dri/card0 ] || [ "$(cut -d. -f1 /proc/uptime)" -gt 600 ]; do sleep 0.2; done
        echo "ROOT KERNEL $(uname -r) $(uname -m)"
        echo "ROOT SYSTEM $(. /etc/os-release; echo "$ID $VERSION_ID") pid1=$(cat /proc/1/comm)"
        echo "ROOT MODULES $(cut -d' ' -f1 /proc/modules | sort | tr '\\n' ' ')"
        echo "ROOT CARD $(cat /sys/class/drm/card0/device/uevent 2>&1 | grep DRIVER=)"
        echo "ROOT UP $(cut -d' ' -f1 /proc/uptime) $(systemctl is-system-running --wait 2>&1)"
        echo "VMTEST_EXIT=0"
        systemctl poweroff --force --force
        REPORT
        cat > root-report.service <<'UNIT'
        [Unit]
        After=multi-user.target
        [Service]
        ExecStart=/bin/sh /etc/root-report.sh
        StandardOutput=tty
        TTYPath=/dev/\(console)
        UNIT
        mkdir -p multi-user.target.wants
        ln -sf ../root-report.service multi-user.target.wants/root-report.service
        """,
      modules: [display], systemd: true, timeout: .seconds(architecture == .arm64 ? 240 : 60),
      root: .folder(URL(fileURLWithPath: root), architecture: architecture))
    let slowness = architecture == .arm64 ? 4 : 1
    let version = vm.files.host.kernelVersion
    let kernel = try vm.waitForLine(matching: "ROOT KERNEL", timeout: .seconds(180 * slowness))
    print("QEMU: \(kernel)")
    #expect(kernel.hasPrefix("ROOT KERNEL \(version) "), "\(kernel)")
    #expect(kernel.hasSuffix(architecture == .arm64 ? " aarch64" : " x86_64"), "\(kernel)")
    let system = try vm.waitForLine(matching: "ROOT SYSTEM")
    print("QEMU: \(system)")
    #expect(system.hasSuffix("debian 13 pid1=systemd"), "\(system)")
    let modules = try vm.waitForLine(matching: "ROOT MODULES")
    print("QEMU: \(modules)")
    #expect(modules.contains(" \(display) "), "\(modules)")
    let card = try vm.waitForLine(matching: "ROOT CARD")
    print("QEMU: \(card)")
    #expect(card.contains("DRIVER="), "\(card)")
    print("QEMU: \(try vm.waitForLine(matching: "ROOT UP", timeout: .seconds(120 * slowness)))")
    #expect(try vm.waitForExit(timeout: .seconds(60 * slowness)) == 0)
  }
}
