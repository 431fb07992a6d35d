import Foundation
import Logging

/// Listens on the control socket (a unix stream socket, mode 0600, so only the service
/// user and root can connect) and answers one request per connection, on the main queue.
/// Each connection has its own read source and a deadline; a request too long, not ended
/// in time or not understood gets an error reply and the connection is closed.
@MainActor
final class ControlServer {
  /// Answers a request; runs on the main actor, may suspend (a screenshot encodes its
  /// PNG off the main actor).
  typealias Handler = @MainActor (ControlRequest) async -> ControlReply

  /// Where the socket is.
  let path: String
  /// How long a client has to send its line, in seconds.
  let readTimeout: Double
  /// How long a request may take to be answered, in seconds: past it the client is told so
  /// and its connection closed, so a handler that never finishes (an app's request waiting
  /// on something that hangs) does not hold a slot for ever.
  let answerTimeout: Double
  /// Connections served at once; more are refused with an error reply.
  let maximumConnections: Int
  private let handler: Handler
  private let logger: Logger
  private var listener: Int32 = -1
  private var acceptSource: DispatchSourceRead?
  private var connections: [ObjectIdentifier: ControlConnection] = [:]

  /// The group whose members may connect too (socket mode 0660), or nil (0600).
  let group: String?

  init(
    path: String, group: String? = nil, readTimeout: Double = 2, answerTimeout: Double = 30,
    maximumConnections: Int = 64, logger: Logger, handler: @escaping Handler
  ) {
    self.path = path
    self.group = group
    self.readTimeout = readTimeout
    self.answerTimeout = answerTimeout
    self.maximumConnections = maximumConnections
    self.logger = logger
    self.handler = handler
  }

  /// Connections open now.
  var connectionCount: Int { connections.count }

  /// Binds the socket (replacing a stale one no process answers on) and starts accepting.
  func start() throws(ControlSocketError) {
    let fd = try ControlSocket.listen(at: path, group: group)
    listener = fd
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.acceptClients() }
    }
    source.setCancelHandler { close(fd) }
    source.resume()
    acceptSource = source
  }

  /// Connections told "busy", read to their end before they are closed.
  private var refused: [Int32: DispatchSourceRead] = [:]
  /// At most this many are drained at once; past it a refused one is closed at once.
  static let maximumRefused = 16

  /// Closes a connection told "busy" once its request is read: closing a unix socket with
  /// unread bytes resets it, and the client would get ECONNRESET instead of the reply. At
  /// most a second, and at most `maximumRefused` at once, so refusing cannot be held open.
  private func refuse(_ fd: Int32) {
    shutdown(fd, Int32(SHUT_WR))
    guard refused.count < Self.maximumRefused else {
      close(fd)
      return
    }
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        var scratch = [UInt8](repeating: 0, count: 512)
        while true {
          let count = scratch.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
          if count > 0 { continue }
          if count < 0 && errno == EINTR { continue }
          if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { self?.refused[fd]?.cancel() }
          return
        }
      }
    }
    source.setCancelHandler { [weak self] in
      close(fd)
      MainActor.assumeIsolated { _ = self?.refused.removeValue(forKey: fd) }
    }
    refused[fd] = source
    source.resume()
    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in
      MainActor.assumeIsolated { self?.refused[fd]?.cancel() }
    }
  }

  /// Stops accepting, closes every connection and removes the socket file.
  func stop() {
    guard let acceptSource else { return }
    acceptSource.cancel()
    self.acceptSource = nil
    listener = -1
    for connection in connections.values { connection.close() }
    connections.removeAll()
    for source in refused.values { source.cancel() }
    unlink(path)
  }

  private func acceptClients() {
    while true {
      let fd = accept(listener, nil, nil)
      if fd < 0 {
        if errno == EINTR || errno == ECONNABORTED { continue }
        if errno != EAGAIN && errno != EWOULDBLOCK {
          logger.warning("control: accept failed: \(String(cString: strerror(errno)))")
        }
        return
      }
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      if connections.count >= maximumConnections {
        ControlConnection.send(ControlReply.error("busy; try again"), to: fd)
        refuse(fd)
        continue
      }
      let connection = ControlConnection(
        fd: fd, timeout: readTimeout, answerTimeout: answerTimeout, handler: handler,
        finished: { [weak self] in self?.connections[ObjectIdentifier($0)] = nil })
      connections[ObjectIdentifier(connection)] = connection
      connection.start()
    }
  }
}

/// One client: reads its line, answers, closes.
@MainActor
final class ControlConnection {
  private let fd: Int32
  private let timeout: Double
  private let answerTimeout: Double
  private let handler: ControlServer.Handler
  private let finished: @MainActor (ControlConnection) -> Void
  private var buffer: [UInt8] = []
  private var readSource: DispatchSourceRead?
  private var timer: DispatchSourceTimer?
  private var isAnswering = false
  private var isClosed = false

  init(
    fd: Int32, timeout: Double, answerTimeout: Double = 30,
    handler: @escaping ControlServer.Handler,
    finished: @escaping @MainActor (ControlConnection) -> Void
  ) {
    self.fd = fd
    self.timeout = timeout
    self.answerTimeout = answerTimeout
    self.handler = handler
    self.finished = finished
  }

  func start() {
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.readAvailable() }
    }
    source.resume()
    readSource = source
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + timeout)
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.reply(.error("no request within \(self?.timeout ?? 0) s")) }
    }
    timer.resume()
    self.timer = timer
  }

  private func readAvailable() {
    guard !isAnswering, !isClosed else { return }
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count < 0 {
      if errno == EAGAIN || errno == EINTR { return }
      close()
      return
    }
    if count == 0 {
      // The client closed its side before a whole line: an unfinished line still counts.
      if buffer.isEmpty { close() } else { answer(buffer) }
      return
    }
    buffer.append(contentsOf: chunk[0..<count])
    if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")),
      newline < ControlRequest.maximumLength
    {
      var line = buffer[..<newline]
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      answer(line)
    } else if buffer.count >= ControlRequest.maximumLength {
      reply(.error("request longer than \(ControlRequest.maximumLength) bytes"))
    }
  }

  private func answer(_ line: some Collection<UInt8>) {
    let request: ControlRequest
    do {
      request = try ControlRequest(parsing: line)
    } catch {
      reply(.error(error.message))
      return
    }
    // Whatever else the client sends is not read: a level-triggered source would fire
    // for it again and again while the handler runs.
    isAnswering = true
    readSource?.suspend()
    timer?.cancel()
    // The answer's own deadline: a reply that comes later finds the connection closed.
    let deadline = DispatchSource.makeTimerSource(queue: .main)
    deadline.schedule(deadline: .now() + answerTimeout)
    deadline.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.reply(.error("no answer within \(self.answerTimeout) s; the request was given up"))
      }
    }
    deadline.resume()
    timer = deadline
    let handler = self.handler
    Task { @MainActor in
      let reply = await handler(request)
      deadline.cancel()
      self.reply(reply)
    }
  }

  private func reply(_ reply: ControlReply) {
    guard !isClosed else { return }
    guard reply.payload != nil else {
      Self.send(reply, to: fd)
      close()
      return
    }
    // Megabytes of PNG do not fit the socket's buffer: written off the main queue, waiting
    // for the client to read, for at most `payloadTimeout`; a client that went away (a
    // closed pipe) or stopped reading ends the request, not the app.
    isAnswering = true
    let fd = self.fd
    DispatchQueue.global().async {
      Self.sendWaiting(reply, to: fd, timeout: Self.payloadTimeout)
      DispatchQueue.main.async { MainActor.assumeIsolated { self.close() } }
    }
  }

  /// How long a reply with a payload may wait for the client to read it, in seconds.
  nonisolated static let payloadTimeout = 10.0

  /// Writes a reply, blocking until the client read it all, it went away, or `timeout`
  /// passed without progress.
  nonisolated static func sendWaiting(_ reply: ControlReply, to fd: Int32, timeout: Double) {
    let flags = fcntl(fd, F_GETFL)
    if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    var limit = timeval(
      tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
    _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    write(reply.bytes, to: fd)
  }

  /// Writes a reply without waiting: a client that does not read its reply loses it.
  nonisolated static func send(_ reply: ControlReply, to fd: Int32) {
    write(reply.bytes, to: fd)
  }

  nonisolated private static func write(_ bytes: [UInt8], to fd: Int32) {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      sent += count
    }
  }

  func close() {
    guard !isClosed else { return }
    isClosed = true
    timer?.cancel()
    timer = nil
    if let readSource {
      let fd = self.fd
      readSource.setCancelHandler { Glibc.close(fd) }
      readSource.cancel()
      if isAnswering { readSource.resume() }
    } else {
      Glibc.close(fd)
    }
    readSource = nil
    finished(self)
  }
}
