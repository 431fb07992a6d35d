import Dispatch
import FoundationEssentials
import Glibc
import KioskControl
import Logging

/// Listens on the control socket (a unix stream socket, mode 0600, so only the service
/// user and root can connect) and answers one request per connection, on the main queue.
/// Each connection has its own read source and a deadline; a request too long, not ended
/// in time or not understood gets an error reply and the connection is closed.
///
/// When every slot is taken, the oldest connection that has not sent a whole request is
/// told "busy" and closed to make room: idle clients cannot lock kioskctl out, and a slow
/// one is still cut off at `readTimeout`. Only when every slot is being answered is the
/// new client told "busy" (kioskctl asks again within its deadline). Either way the
/// request was not read, so asking again never runs it twice.
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
  /// Connections served at once; past it the oldest idle one makes room, or, when all are
  /// being answered, the new one is told "busy".
  let maximumConnections: Int
  /// `maximumConnections` unless told otherwise: a kiosk has one operator, a monitoring
  /// agent or two, and a fleet tool; each slot holds at most a reply (`ControlReply.maximumSize`).
  static let defaultMaximumConnections = 64
  /// Clients told "busy" so far (refused, or closed to make room for a newer one).
  private(set) var clientsToldBusy = 0
  private let handler: Handler
  private let logger: Logger
  private var listener: Int32 = -1
  private var acceptSource: DispatchSourceRead?
  private var connections: [ObjectIdentifier: ControlConnection] = [:]
  /// Numbers connections in the order they came, to find the oldest.
  private var accepted = 0

  /// The group whose members may connect too (socket mode 0660), or nil (0600).
  let group: String?

  /// Seconds a client has to send its request line once connected: a client that has not
  /// by then is closed (a slow-loris client must not hold a slot).
  static let defaultReadTimeout = 2.0
  /// Seconds the app has to answer a request before the client is told it timed out.
  static let defaultAnswerTimeout = 30.0

  init(
    path: String, group: String? = nil, readTimeout: Double = defaultReadTimeout,
    answerTimeout: Double = defaultAnswerTimeout,
    maximumConnections: Int = defaultMaximumConnections, logger: Logger,
    handler: @escaping Handler
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
    clientsToldBusy += 1
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
      if connections.count >= maximumConnections && !makeRoom() {
        ControlConnection.send(Self.busy, to: fd)
        refuse(fd)
        continue
      }
      accepted += 1
      let connection = ControlConnection(
        fd: fd, number: accepted, timeout: readTimeout, answerTimeout: answerTimeout,
        handler: handler, finished: { [weak self] in self?.connections[ObjectIdentifier($0)] = nil }
      )
      connections[ObjectIdentifier(connection)] = connection
      connection.start()
    }
  }

  /// What a client is told when it gets no slot; kioskctl asks again on it.
  static let busy = ControlReply.error("busy; try again")

  /// Frees a slot by closing the oldest connection that has sent no whole request (told
  /// "busy", its descriptor drained as a refused one's); false when every connection is
  /// being answered. What a connection has sent already is read first: a request that
  /// came before the newcomer is answered, not thrown away.
  private func makeRoom() -> Bool {
    for connection in connections.values.sorted(by: { $0.number < $1.number }) {
      guard connection.isIdleAfterReading() else {
        if connection.isClosed { return true }
        continue
      }
      logger.debug("control: every connection taken; closing the oldest idle one")
      connection.evict { [weak self] fd in
        guard let self else {
          close(fd)
          return
        }
        ControlConnection.send(Self.busy, to: fd)
        self.refuse(fd)
      }
      return true
    }
    return false
  }
}

/// One client: reads its line, answers, closes.
@MainActor
final class ControlConnection {
  private let fd: Int32
  /// Its place in the order connections came (the server closes the oldest idle first).
  let number: Int
  private let timeout: Double
  private let answerTimeout: Double
  private let handler: ControlServer.Handler
  private let finished: @MainActor (ControlConnection) -> Void
  private var buffer: [UInt8] = []
  private var readSource: DispatchSourceRead?
  private var isReadSuspended = false
  /// Watches for room in the socket's buffer while a reply is written.
  private var writeSource: DispatchSourceWrite?
  /// What of the reply is still to be written.
  private var unsent: ArraySlice<UInt8> = []
  private var timer: DispatchSourceTimer?
  private var isAnswering = false
  private(set) var isClosed = false

  init(
    fd: Int32, number: Int = 0, timeout: Double,
    answerTimeout: Double = ControlServer.defaultAnswerTimeout,
    handler: @escaping ControlServer.Handler,
    finished: @escaping @MainActor (ControlConnection) -> Void
  ) {
    self.fd = fd
    self.number = number
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

  /// Reads what the client has sent (it may hold a request, which is then answered);
  /// true when the connection is still open and has no whole request.
  func isIdleAfterReading() -> Bool {
    readAvailable()
    return !isAnswering && !isClosed
  }

  /// Ends a connection that has no request, to make room for a newer one: its sources are
  /// cancelled and `then` gets the descriptor, still open, once dispatch no longer
  /// watches it.
  func evict(then: @escaping @MainActor (Int32) -> Void) {
    guard !isClosed, !isAnswering, let readSource else { return }
    isClosed = true
    timer?.cancel()
    timer = nil
    let fd = self.fd
    readSource.setCancelHandler { MainActor.assumeIsolated { then(fd) } }
    readSource.cancel()
    self.readSource = nil
    finished(self)
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
    switch ControlRequest.framing(of: buffer) {
    case .line(let line): answer(line)
    case .tooLong: reply(.error("request longer than \(ControlRequest.maximumLength) bytes"))
    case .incomplete: break
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
    suspendReading()
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

  /// Sends the reply and closes. What the socket's buffer does not take at once (a PNG, a
  /// long list of changes) is written as the client reads it, from the main queue without
  /// blocking it, for at most `replyTimeout`: a client that stops reading loses its reply
  /// then, and the memory it held. A reply longer than `ControlReply.maximumSize` (more
  /// than kioskctl reads) is replaced by an error saying so.
  private func reply(_ reply: ControlReply) {
    guard !isClosed else { return }
    isAnswering = true
    // Whatever else the client sends is not read while its reply is written.
    suspendReading()
    timer?.cancel()
    timer = nil
    unsent = reply.boundedBytes[...]
    writeAvailable()
    guard !isClosed else { return }
    let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.writeAvailable() }
    }
    source.resume()
    writeSource = source
    let deadline = DispatchSource.makeTimerSource(queue: .main)
    deadline.schedule(deadline: .now() + Self.replyTimeout)
    deadline.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.close() }
    }
    deadline.resume()
    timer = deadline
  }

  /// How long a reply may take the client to read, in seconds, once the socket's buffer
  /// is full: a client that stops reading is closed then, and its reply dropped.
  nonisolated static let replyTimeout = 10.0

  /// Writes what the socket takes of the reply now; closes once it is all written, or the
  /// client went away (a closed pipe).
  private func writeAvailable() {
    while !unsent.isEmpty {
      let count = unsent.withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
      guard count > 0 else { break }
      unsent = unsent.dropFirst(count)
    }
    unsent = []
    close()
  }

  private func suspendReading() {
    guard let readSource, !isReadSuspended else { return }
    readSource.suspend()
    isReadSuspended = true
  }

  /// Writes a short reply (`busy`) without waiting: what the socket's buffer does not take
  /// is lost. Only for a connection that has no slot.
  nonisolated static func send(_ reply: ControlReply, to fd: Int32) {
    let bytes = reply.bytes
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
    // The descriptor is closed once no source watches it any more (a number closed under
    // a live source could be reused by the next accept): after the write source's cancel
    // handler, then the read source's, both run on the main queue.
    let fd = self.fd
    let (source, wasSuspended) = (readSource, isReadSuspended)
    let closing = {
      guard let source else {
        Glibc.close(fd)
        return
      }
      source.setCancelHandler { Glibc.close(fd) }
      source.cancel()
      if wasSuspended { source.resume() }
    }
    if let writeSource {
      writeSource.setCancelHandler { closing() }
      writeSource.cancel()
    } else {
      closing()
    }
    readSource = nil
    writeSource = nil
    unsent = []
    finished(self)
  }
}
