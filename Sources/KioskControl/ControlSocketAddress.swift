import Glibc

/// The address of a control socket: a path in a `sockaddr_un`, for bind() and connect().
package struct ControlSocketAddress {
  /// The longest socket path the kernel takes (sun_path, without its terminating zero).
  package static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

  /// The socket's path.
  package let path: String
  private var address = sockaddr_un()

  /// The address of `path`; `nil` when it is longer than `maximumPathLength` bytes (the
  /// kernel would cut it short, and the socket be another file).
  package init?(path: String) {
    guard path.utf8.count <= Self.maximumPathLength else { return nil }
    self.path = path
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
    }
  }

  /// Calls `body` with the address as the socket calls take it, and its length.
  package func withSocketAddress<Result>(
    _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
  ) -> Result {
    withUnsafePointer(to: address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
  }
}
