import FoundationEssentials
import Glibc
import KioskGraphics
import KioskUI
import Logging

/// Why no DRM output could be opened, in words a person can act on.
package struct DRMSetupError: Error, CustomStringConvertible {
  package let description: String
}

extension DRMOutput {
  /// Finds a card (waiting up to `configuration.waitForCard` seconds for one to appear),
  /// picks the connector, mode, CRTC and primary plane, chooses atomic or legacy commits,
  /// and allocates the swapchain. The display lights up with the first frame.
  package static func open(configuration: DRMConfiguration, logger: Logger) throws -> DRMOutput {
    let deadline = monotonicSeconds() + max(configuration.waitForCard, 0)
    var problems: [String] = []
    repeat {
      problems.removeAll()
      for path in candidateCards(configuration) {
        do {
          return try open(card: path, configuration: configuration, logger: logger)
        } catch {
          problems.append("\(path): \(error)")
        }
      }
      if monotonicSeconds() >= deadline { break }
      usleep(100_000)  // at boot the card may not be there yet
    } while true
    let found = problems.isEmpty ? "no DRM card in /dev/dri" : problems.joined(separator: "; ")
    throw DRMSetupError(description: "no usable display: \(found)")
  }

  /// Opens the card at `path` and an output on it that follows hotplug and finds its card
  /// again if it is removed.
  private static func open(card path: String, configuration: DRMConfiguration, logger: Logger)
    throws -> DRMOutput
  {
    let device = try KernelDRMDevice(path: path)
    do {
      let output = try open(device: device, configuration: configuration, logger: logger)
      output.reopenCard = cardFinder(configuration, connector: output.name)
      output.followHotplug()
      return output
    } catch {
      // Close now, not whenever the object goes: the kernel hands the display back to the
      // console on the last close, and a fallback (fbdev) must come after that.
      device.close()
      throw error
    }
  }

  /// Opens an output on an already opened device (tests pass a fake here); `sibling`: an
  /// output already on the device, whose event reader this one shares and whose connector,
  /// CRTC and plane it leaves alone.
  package static func open(
    device: DRMDevice, configuration: DRMConfiguration, beside sibling: DRMOutput? = nil,
    logger: Logger
  ) throws -> DRMOutput {
    let atomic = !configuration.forceLegacy && device.setClientCapability(.atomic)
    if !atomic { _ = device.setClientCapability(.universalPlanes) }
    let pipe = try DRMPipeSelector.select(
      connectors: try device.connectors(), crtcs: try device.crtcIDs(),
      planes: atomic ? try device.planes() : [], configuration: configuration,
      inUse: sibling?.events.pipesInUse ?? [])
    if !atomic, !configuration.forceLegacy {
      logger.debug("\(device.path): no atomic modesetting; using legacy commits")
    }
    let made = makeCommitter(
      device: device, pipe: pipe, atomic: atomic,
      planeRotation: configuration.planeRotation ?? .degrees0, logger: logger)
    let output = try DRMOutput(
      device: device, pipe: pipe, committer: made.committer, configuredMode: configuration.mode,
      planeRotation: made.planeRotation, sharingEventsWith: sibling?.events, logger: logger)
    output.forceLegacy = configuration.forceLegacy
    if !output.isConnected {
      logger.notice(
        "\(pipe.connector.name) has no display yet; running at \(pipe.mode.width)x\(pipe.mode.height) until one is connected"
      )
    }
    return output
  }

  /// Atomic commits where the device offers them (else legacy), with the plane turning
  /// frames by `planeRotation` where it can; returns the rotation the plane applies.
  static func makeCommitter(
    device: DRMDevice, pipe: DRMPipe, atomic: Bool, planeRotation wanted: Rotation,
    logger: Logger
  ) -> (committer: ScanoutCommitter, planeRotation: Rotation) {
    guard atomic else { return (LegacyCommitter(device: device, pipe: pipe), .degrees0) }
    do {
      let atomicCommitter = try AtomicCommitter(device: device, pipe: pipe)
      var planeRotation = Rotation.degrees0
      if wanted != .degrees0 {
        if atomicCommitter.rotateOnPlane(wanted) {
          planeRotation = wanted
          logger.info("\(pipe.connector.name): the plane turns frames by \(wanted)")
        } else {
          logger.info(
            "\(pipe.connector.name): the plane cannot turn frames by \(wanted); the compositor does"
          )
        }
      }
      return (atomicCommitter, planeRotation)
    } catch {
      logger.debug("\(device.path): atomic setup failed (\(error)); using legacy commits")
      return (LegacyCommitter(device: device, pipe: pipe), .degrees0)
    }
  }

  /// Finds the card of `connector` again after it was removed: the first card (of
  /// `configuration`'s) that has a connector of that name, or when no connector was
  /// configured, one with a display connected.
  static func cardFinder(_ configuration: DRMConfiguration, connector: String)
    -> @MainActor () -> DRMDevice?
  {
    {
      for path in candidateCards(configuration) {
        guard let device = try? KernelDRMDevice(path: path),
          let connectors = try? device.connectors(),
          connectors.contains(where: {
            $0.name == connector || (configuration.connector == nil && $0.isConnected)
          })
        else { continue }
        return device
      }
      return nil
    }
  }

  /// Opens the output of another screen: on the card of an output already open when that
  /// card has the connector (sharing its file descriptor and event reader, since a process
  /// is DRM master of a card through one descriptor), else on another card (`card`, or the
  /// first that has the connector). Does not wait for a card.
  package static func open(
    configuration: DRMConfiguration, besides opened: [DRMOutput], logger: Logger
  ) throws -> DRMOutput {
    var cardsSeen: Set<String> = []
    var problems: [String] = []
    for sibling in opened where cardsSeen.insert(sibling.device.path).inserted {
      if let card = configuration.card, card != sibling.device.path { continue }
      guard let name = configuration.connector,
        (try? sibling.device.connectors())?.contains(where: { $0.name == name }) == true
      else { continue }
      do {
        let output = try open(
          device: sibling.device, configuration: configuration, beside: sibling, logger: logger)
        output.reopenCard = cardFinder(configuration, connector: output.name)
        output.followHotplug()
        return output
      } catch {
        problems.append("\(sibling.device.path): \(error)")
      }
    }
    for path in candidateCards(configuration) where !cardsSeen.contains(path) {
      do {
        return try open(card: path, configuration: configuration, logger: logger)
      } catch {
        problems.append("\(path): \(error)")
      }
    }
    let connector = configuration.connector ?? "a display"
    let found = problems.isEmpty ? "no card has \(connector)" : problems.joined(separator: "; ")
    throw DRMSetupError(description: "cannot open \(connector): \(found)")
  }

  /// Every connector of every card with its modes, for `--connector list`.
  package static func describeAll() -> String {
    var lines: [String] = []
    for path in candidateCards(DRMConfiguration()) {
      guard let device = try? KernelDRMDevice(path: path),
        let connectors = try? device.connectors()
      else {
        lines.append("\(path): cannot open")
        continue
      }
      lines.append("\(path) (\(device.driverName))")
      for connector in connectors {
        lines.append(
          "  \(connector.name): \(connector.isConnected ? "connected" : "disconnected")")
        for mode in connector.modes { lines.append("    \(mode)") }
      }
    }
    return lines.isEmpty ? "no DRM cards in /dev/dri" : lines.joined(separator: "\n")
  }

  private static func candidateCards(_ configuration: DRMConfiguration) -> [String] {
    if let card = configuration.card { return [card] }
    // udev knows the cards (and only the primary nodes, not render nodes); without udev,
    // look in /dev/dri.
    if let monitor = try? UdevMonitor(subsystem: "drm") {
      let cards = monitor.devices(named: "card")
      if !cards.isEmpty { return cards }
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
    return names.filter { $0.hasPrefix("card") }.sorted().map { "/dev/dri/" + $0 }
  }
}

/// Picks the connector, mode, CRTC and plane of a pipe: pure logic, tested without a kernel.
enum DRMPipeSelector {
  /// `inUse`: the pipes other screens on the card drive; the new pipe shares none of their
  /// connectors, CRTCs or planes.
  static func select(
    connectors allConnectors: [DRMConnector], crtcs: [UInt32], planes: [DRMPlane],
    configuration: DRMConfiguration, inUse: [DRMPipe] = []
  ) throws -> DRMPipe {
    let usedConnectors = Set(inUse.map(\.connector.id))
    let usedCRTCs = Set(inUse.map(\.crtc))
    let usedPlanes = Set(inUse.compactMap(\.plane))
    let connectors = allConnectors.filter { !usedConnectors.contains($0.id) }
    // A display may be switched off or unplugged at boot: then the connector (named, or
    // the first one) is used anyway, at the configured or a stand-in size, until it is
    // connected.
    let connector: DRMConnector
    if let name = configuration.connector {
      guard let named = connectors.first(where: { $0.name == name }) else {
        if allConnectors.contains(where: { $0.name == name }) {
          throw DRMSetupError(description: "\(name) already shows another screen")
        }
        let known = allConnectors.map(\.name).joined(separator: ", ")
        throw DRMSetupError(description: "no connector \(name) (this card has: \(known))")
      }
      connector = named
    } else if let first = connectors.first(where: { $0.isConnected && !$0.modes.isEmpty }) {
      connector = first
    } else if let first = connectors.first {
      connector = first
    } else {
      throw DRMSetupError(description: "the card has no connectors")
    }
    let mode: DRMMode
    if connector.isConnected, !connector.modes.isEmpty {
      mode = try chooseMode(of: connector, configured: configuration.mode)
    } else if let wanted = configuration.mode, let size = DRMMode.size(of: wanted) {
      mode = .assumed(width: size.width, height: size.height)
    } else {
      // Nothing connected and no mode given (a TV switched on after the box): run at a
      // stand-in size; the display's own mode replaces it when it is connected.
      let size = configuration.provisionalSize
      mode = .assumed(width: max(size.width, 1), height: max(size.height, 1))
    }
    guard
      let crtcIndex = connector.possibleCRTCIndexes.first(where: {
        $0 < crtcs.count && !usedCRTCs.contains(crtcs[$0])
      })
    else {
      let why = usedCRTCs.isEmpty ? "" : " (the others drive other screens)"
      throw DRMSetupError(description: "no CRTC can drive \(connector.name)\(why)")
    }
    let plane = planes.first {
      $0.kind == .primary && $0.possibleCRTCIndexes.contains(crtcIndex)
        && $0.formats.contains(DRMFormat.xrgb8888) && !usedPlanes.contains($0.id)
    }
    return DRMPipe(connector: connector, mode: mode, crtc: crtcs[crtcIndex], plane: plane?.id)
  }

  /// The configured mode of a connected connector, or its preferred one.
  static func chooseMode(of connector: DRMConnector, configured: String?) throws -> DRMMode {
    if let wanted = configured {
      guard let match = connector.modes.first(where: { $0.matches(wanted) }) else {
        let modes = connector.modes.map(\.description).joined(separator: ", ")
        throw DRMSetupError(
          description: "\(connector.name) has no mode \(wanted) (it has: \(modes))")
      }
      return match
    }
    guard let preferred = connector.modes.first(where: \.isPreferred) ?? connector.modes.first
    else {
      throw DRMSetupError(description: "\(connector.name) reports no modes")
    }
    return preferred
  }
}
