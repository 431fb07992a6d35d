import Glibc
import KioskBase
import Synchronization
import Testing

struct ConditionTests {
  @Test func aSignalWakesTheWaiterAndATimedWaitEndsOnTime() {
    let condition = Condition()
    let state = Mutex(0)
    let started = startThread(name: "kiosk-test-waker") {
      condition.withLock {
        state.withLock { $0 = 1 }
        condition.broadcast()
      }
    }
    #expect(started)
    condition.withLock {
      let deadline = ContinuousClock.now + .seconds(10)
      while state.withLock({ $0 }) == 0, condition.wait(until: deadline) {}
    }
    #expect(state.withLock { $0 } == 1)

    let before = ContinuousClock.now
    let woken = condition.withLock { condition.wait(seconds: 0.05) }
    let waited = ContinuousClock.now - before
    #expect(!woken)
    #expect(waited >= .milliseconds(45) && waited < .seconds(2))
    #expect(!condition.withLock { condition.wait(until: before) })
  }

  @Test func aThreadGetsItsNameShortenedToWhatTheKernelKeeps() {
    let condition = Condition()
    let name = Mutex("")
    startThread(name: "kiosk-a-very-long-thread-name") {
      var buffer = [UInt8](repeating: 0, count: 32)
      let descriptor = open("/proc/thread-self/comm", O_RDONLY)
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      close(descriptor)
      let text = String(decoding: buffer.prefix(max(0, count)).filter { $0 != 10 }, as: UTF8.self)
      condition.withLock {
        name.withLock { $0 = text }
        condition.broadcast()
      }
    }
    condition.withLock {
      while name.withLock({ $0 }).isEmpty, condition.wait(seconds: 10) {}
    }
    #expect(name.withLock { $0 } == "kiosk-a-very-lo")
  }
}
