import Foundation
import Testing

extension RealKernel {
  /// Memory pressure on a real kernel: the demo runs in a cgroup v2 of its own with a low
  /// `memory.high`, a second process in the same cgroup pushes it over, and the demo must
  /// get the warning from the kernel (PSI or `memory.events`) and give memory back.
  @Suite
  struct MemoryQEMUTests {
    private let demo = QEMUHost.buildFolder.appendingPathComponent("kiosk-demo")

    @Test func pressureInTheCgroupWarnsTheAppAndItsRSSFalls() throws {
      try #require(
        FileManager.default.isExecutableFile(atPath: demo.path), "\(demo.path) is missing")
      let group = "/sys/fs/cgroup/kiosk"
      // The hog: 96 MB touched page by page, then held. Over memory.high the kernel
      // throttles its allocations (there is no swap to reclaim to), so it is killed
      // rather than waited for.
      let hog = "import time; b = bytearray(96 << 20); time.sleep(600)"
      let vm = try QEMUMachine.boot(
        script: """
          mount -t cgroup2 none /sys/fs/cgroup
          echo +memory > /sys/fs/cgroup/cgroup.subtree_control
          mkdir \(group)
          echo $$ > \(group)/cgroup.procs
          \(shellQuoted(demo.path)) --backend drm --memory-warning-interval 2 --duration 120 2>&1 & demo=$!
          read -r go
          used=$(cat \(group)/memory.current)
          echo $((used + 24 * 1024 * 1024)) > \(group)/memory.high
          echo "CGROUP memory.current $used, memory.high $(cat \(group)/memory.high)"
          python3 -c "\(hog)" & hog=$!
          read -r done
          echo "CGROUP $(grep high \(group)/memory.events)"
          kill -KILL $hog
          wait $hog 2>/dev/null
          kill $demo
          wait $demo
          """,
        modules: ["bochs"], display: (1024, 600))
      let watching = try vm.waitForLine(containing: "memory: ")
      print("QEMU: \(watching.split(separator: "]").last ?? "")")
      // Wait until the tour has left a few examples behind: their views are offscreen.
      try vm.waitForLine(containing: "tour: step 9/", timeout: .seconds(60))
      try vm.send(line: "")
      print("QEMU: \(try vm.waitForLine(matching: "CGROUP memory.current"))")
      let warning = try vm.waitForLine(containing: "memory: warning", timeout: .seconds(60))
      print("QEMU: \(warning.split(separator: "]").last ?? "")")
      try vm.send(line: "")
      print("QEMU: \(try vm.waitForLine(matching: "CGROUP high"))")
      let figures = warning.split(separator: " ").compactMap { Double($0) }
      try #require(figures.count >= 2, "\(warning)")
      let (before, after) = (figures[figures.count - 2], figures[figures.count - 1])
      #expect(after < before, "RSS \(before) MB -> \(after) MB")
      #expect(try vm.waitForExit(timeout: .seconds(60)) == 0)
    }
  }
}
