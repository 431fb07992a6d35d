import Foundation
import Glibc
import KioskTesting
import Logging
import Testing

@testable import KioskLinux

/// Frames an output has presented, as the notifier reads them.
@MainActor
final class FrameCounter {
  var frames = 0
}

/// sd_notify through libsystemd to a socket the test binds. The environment is the
/// process's, so these tests run one at a time.
@MainActor
@Suite(.serialized)
struct SystemdNotifierTests {
  let logger = Logger(label: "test")

  /// Runs `body` with `NOTIFY_SOCKET` (and `WATCHDOG_USEC`, if given) set.
  private func withSocket(
    watchdogMicroseconds: Int? = nil, _ body: (NotifySocket) async throws -> Void
  ) async throws {
    let socket = try NotifySocket()
    setenv("NOTIFY_SOCKET", socket.path, 1)
    unsetenv("WATCHDOG_PID")
    if let watchdogMicroseconds {
      setenv("WATCHDOG_USEC", String(watchdogMicroseconds), 1)
    } else {
      unsetenv("WATCHDOG_USEC")
    }
    defer {
      unsetenv("NOTIFY_SOCKET")
      unsetenv("WATCHDOG_USEC")
    }
    try await body(socket)
  }

  @Test func readyComesAfterTheFirstFrameWithTheStatus() async throws {
    try await withSocket { socket in
      let notifier = SystemdNotifier(logger: logger)
      let counter = FrameCounter()
      notifier.ready(
        afterFirstFrame: { counter.frames }, status: { "showing Virtual-1 1024x600" })
      try await Task.sleep(for: .milliseconds(100))
      #expect(socket.received().isEmpty)  // no frame yet: not ready
      #expect(!notifier.isReady)
      counter.frames = 1
      var messages: [String] = []
      for _ in 0..<200 where messages.isEmpty {
        try await Task.sleep(for: .milliseconds(20))
        messages = socket.received()
      }
      #expect(messages == ["READY=1\nSTATUS=showing Virtual-1 1024x600"])
      #expect(notifier.isReady)
      counter.frames = 2
      try await Task.sleep(for: .milliseconds(60))
      #expect(socket.received().isEmpty)  // once only
    }
  }

  @Test func readyAtOnceReplacesWaitingForAFrame() async throws {
    try await withSocket { socket in
      let notifier = SystemdNotifier(logger: logger)
      let counter = FrameCounter()
      notifier.ready(afterFirstFrame: { counter.frames }, status: { "showing DSI-1" })
      notifier.ready(status: "no display on DSI-1 yet; waiting for one")
      counter.frames = 1
      try await Task.sleep(for: .milliseconds(60))
      #expect(socket.received() == ["READY=1\nSTATUS=no display on DSI-1 yet; waiting for one"])
    }
  }

  @Test func statusAndStoppingLines() async throws {
    try await withSocket { socket in
      let notifier = SystemdNotifier(logger: logger)
      #expect(notifier.isListening)
      notifier.status("display off")
      notifier.stopping()
      #expect(socket.received() == ["STATUS=display off", "STOPPING=1"])
    }
  }

  @Test func aReloadSitsBetweenReloadingAndReady() async throws {
    try await withSocket { socket in
      let notifier = SystemdNotifier(logger: logger)
      var ran = 0
      notifier.reloading { ran += 1 }
      #expect(ran == 1)
      #expect(socket.received().isEmpty)  // not ready yet: nothing to say
      notifier.ready(status: "showing DSI-1")
      _ = socket.received()
      var sentDuringReload: [String] = []
      notifier.reloading { sentDuringReload = socket.received() }
      let reloading = try #require(sentDuringReload.first)
      #expect(reloading.hasPrefix("RELOADING=1\nMONOTONIC_USEC="))
      let stamp = try #require(Int(reloading.split(separator: "=").last ?? ""))
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      #expect(abs(Int(now.tv_sec) - stamp / 1_000_000) <= 1)
      #expect(socket.received() == ["READY=1"])
    }
  }

  @Test func watchdogPingsAtHalfTheIntervalUntilStopping() async throws {
    try await withSocket(watchdogMicroseconds: 100_000) { socket in
      let notifier = SystemdNotifier(logger: logger)
      let clock = ContinuousClock()
      let start = clock.now
      #expect(notifier.startWatchdog() == 0.1)
      // Other tests share the main actor: wait for three pings, however long that takes.
      var pings: [String] = []
      while pings.count < 3, start.duration(to: clock.now) < .seconds(10) {
        try await Task.sleep(for: .milliseconds(20))
        pings += socket.received()
      }
      let elapsed = start.duration(to: clock.now) / .milliseconds(1)
      // One at once, then at most one every 50 ms.
      #expect(pings.count >= 3 && Double(pings.count) <= elapsed / 50 + 2)
      #expect(pings.allSatisfy { $0 == "WATCHDOG=1" })
      notifier.stopping()
      try await Task.sleep(for: .milliseconds(120))
      #expect(socket.received() == ["STOPPING=1"])
    }
  }

  @Test func aHungMainQueueStopsThePings() async throws {
    try await withSocket(watchdogMicroseconds: 100_000) { socket in
      let notifier = SystemdNotifier(logger: logger)
      notifier.startWatchdog()
      try await Task.sleep(for: .milliseconds(30))
      _ = socket.received()
      usleep(400_000)  // the main queue is stuck: eight intervals without a turn
      #expect(socket.received().isEmpty)
      var later: [String] = []
      for _ in 0..<100 where later.isEmpty {
        try await Task.sleep(for: .milliseconds(20))
        later = socket.received()
      }
      #expect(later.first == "WATCHDOG=1")  // pings again once it turns
      notifier.stopping()
    }
  }

  @Test func noWatchdogWithoutWatchdogUsec() async throws {
    try await withSocket { socket in
      let notifier = SystemdNotifier(logger: logger)
      #expect(notifier.startWatchdog() == nil)
      try await Task.sleep(for: .milliseconds(50))
      #expect(socket.received().isEmpty)
    }
  }

  @Test func nothingIsSentWithoutNotifySocket() async throws {
    let socket = try NotifySocket()
    unsetenv("NOTIFY_SOCKET")
    let notifier = SystemdNotifier(logger: logger)
    #expect(!notifier.isListening)
    notifier.send("READY=1")
    notifier.stopping()
    #expect(socket.received().isEmpty)
  }
}
