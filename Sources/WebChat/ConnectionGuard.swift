import HummingbirdCore
import Logging
import NIOCore

/// Guards each connection before HTTP is parsed: its first request header must arrive within
/// ``WebChatLimits/headerTimeout`` (`408`) and within ``WebChatLimits/maxHeaderBytes`` (`431`),
/// and a connection past a cap (``ConnectionLedger``) is answered briefly and closed: `/health`
/// gets its real answer, anything else a kind `503` or `429`. Later requests on a kept-alive
/// connection are bounded by the HTTP layer's own idle timeout and header limits; with
/// `closesIdleGuests`, a connection that has shown no member's session (see
/// ``ConnectionLedger/promote(_:)``) is closed after ``WebChatLimits/guestIdleTimeout`` without a request.
struct GuardedChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value
    let base: Base
    let ledger: ConnectionLedger
    let limits: WebChatLimits
    let closesIdleGuests: Bool
    let health: @Sendable () async -> Bool

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let guestIdleTimeout = closesIdleGuests ? TimeAmount(limits.guestIdleTimeout) : nil
        let handler = ConnectionGuardHandler(ledger: ledger, limits: limits, guestIdleTimeout: guestIdleTimeout, health: health, logger: logger)
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(handler)
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: ClosedEarlyLogFilter.filtering(logger))
    }
}

extension GuardedChannel: HTTPChannelHandler where Base: HTTPChannelHandler {
    var responder: HTTPChannelHandler.Responder { base.responder }
}

/// The raw-bytes side of ``GuardedChannel``: it reads up to the end of the first request header,
/// then steps aside.
final class ConnectionGuardHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum Mode {
        /// Passing the first header on while counting it.
        case reading
        /// Past a cap: collecting the request line to answer it here.
        case answering(ConnectionLedger.Refusal)
        /// The header is complete: everything passes.
        case passing
        /// Answered or closed: nothing more is read.
        case done
    }

    private var mode = Mode.reading
    private let ledger: ConnectionLedger
    private let limits: WebChatLimits
    private let health: @Sendable () async -> Bool
    private let logger: Logger
    private var started = false
    private var headerBytes = 0
    /// Bytes on the current header line (a line end after an empty line ends the header).
    private var lineBytes = 0
    private var sawRequestLine = false
    private var requestLine: [UInt8] = []
    private var deadline: Scheduled<Void>?
    private let guestIdleTimeout: TimeAmount?
    /// The connection's place in the ledger, once admitted.
    private var ticket: ConnectionTicket?
    private var idleCheck: Scheduled<Void>?

    init(ledger: ConnectionLedger, limits: WebChatLimits, guestIdleTimeout: TimeAmount?, health: @escaping @Sendable () async -> Bool,
         logger: Logger) {
        self.ledger = ledger
        self.limits = limits
        self.guestIdleTimeout = guestIdleTimeout
        self.health = health
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        idleCheck?.cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        idleCheck?.cancel()
        context.fireChannelInactive()
    }

    /// Counts the connection once it is active (its peer's address is known only then).
    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        let channel = context.channel
        let admission = ledger.open(from: channel.remoteAddress?.ipAddress, key: ObjectIdentifier(channel)) {
            channel.close(promise: nil)
        }
        channel.closeFuture.whenComplete { [ledger] _ in ledger.close(admission) }
        switch admission {
        case let .admitted(ticket):
            self.ticket = ticket
            mode = .reading
        case let .overCapacity(refusal):
            mode = .answering(refusal)
        case .closed:
            logger.notice("web chat: connection refused, every connection slot is taken")
            mode = .done
            context.close(promise: nil)
            return
        }
        // A connection past a cap gets a shorter wait: it holds a reserved slot.
        var wait = TimeAmount(limits.headerTimeout)
        if case .answering = mode { wait = min(wait, .seconds(2)) }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: wait) {
            let (handler, context) = bound.value
            handler.timedOut(context)
        }
    }

    private func timedOut(_ context: ChannelHandlerContext) {
        switch mode {
        case .reading:
            answer(context, status: "408 Request Timeout", "The request took too long to arrive. Please try again.\n")
        case .answering:
            mode = .done
            context.close(promise: nil)
        case .passing, .done:
            break
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch mode {
        case .passing:
            context.fireChannelRead(data)
        case .reading:
            let buffer = unwrapInboundIn(data)
            if let complete = scanHeader(buffer) {
                guard complete else {
                    answer(context, status: "431 Request Header Fields Too Large",
                           "The request's headers are too large (at most \(limits.maxHeaderBytes) bytes).\n")
                    return
                }
                mode = .passing
                deadline?.cancel()
                if let guestIdleTimeout { scheduleIdleCheck(context, at: .now() + guestIdleTimeout) }
            }
            context.fireChannelRead(data)
        case let .answering(refusal):
            collectRequestLine(unwrapInboundIn(data), context: context, refusal: refusal)
        case .done:
            break
        }
    }

    /// Closes a guest's connection once it has been idle for the guest timeout; a member's is
    /// left to the HTTP layer's idle timeout.
    private func scheduleIdleCheck(_ context: ChannelHandlerContext, at due: NIODeadline) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        idleCheck = context.eventLoop.scheduleTask(deadline: due) {
            let (handler, context) = bound.value
            handler.checkIdle(context)
        }
    }

    private func checkIdle(_ context: ChannelHandlerContext) {
        guard case .passing = mode, let guestIdleTimeout, let due = ticket?.idleDeadline(after: guestIdleTimeout) else { return }
        if due <= .now() {
            mode = .done
            context.close(promise: nil)
        } else {
            scheduleIdleCheck(context, at: due)
        }
    }

    /// Counts the header's bytes: true once it ends within the cap, false past the cap, nil
    /// while it goes on. Accepts CRLF and bare LF line ends, and empty lines before the request line.
    private func scanHeader(_ buffer: ByteBuffer) -> Bool? {
        for byte in buffer.readableBytesView {
            headerBytes += 1
            if headerBytes > limits.maxHeaderBytes { return false }
            switch byte {
            case UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "\n"):
                if lineBytes == 0, sawRequestLine { return true }
                if lineBytes > 0 { sawRequestLine = true }
                lineBytes = 0
            default:
                lineBytes += 1
            }
        }
        return nil
    }

    /// Past a cap: once the request line is in, answers `/health` for real and anything else
    /// with the cap's refusal, then closes.
    private func collectRequestLine(_ buffer: ByteBuffer, context: ChannelHandlerContext, refusal: ConnectionLedger.Refusal) {
        for byte in buffer.readableBytesView {
            if byte == UInt8(ascii: "\n") {
                if requestLine.isEmpty { continue }
                answerOverCapacity(context, refusal: refusal)
                return
            }
            if byte != UInt8(ascii: "\r") { requestLine.append(byte) }
            if requestLine.count > 2_048 { break }
        }
        if requestLine.count > 2_048 { answerOverCapacity(context, refusal: refusal) }
    }

    private func answerOverCapacity(_ context: ChannelHandlerContext, refusal: ConnectionLedger.Refusal) {
        mode = .done
        deadline?.cancel()
        let parts = String(decoding: requestLine, as: UTF8.self).split(separator: " ")
        let path = parts.count > 1 ? parts[1].split(separator: "?", maxSplits: 1).first.map(String.init) ?? "" : ""
        guard parts.first == "GET" || parts.first == "HEAD", path == "/health" else {
            switch refusal {
            case .full:
                answer(context, status: "503 Service Unavailable", "The story room is very busy right now. Please try again in a minute.\n",
                       retryAfter: 30)
            case .tooManyFromAddress:
                answer(context, status: "429 Too Many Requests",
                       "There are too many connections from your address. Close a few pages, then try again.\n", retryAfter: 30)
            }
            return
        }
        let promise = context.eventLoop.makePromise(of: Bool.self)
        promise.completeWithTask { [health] in await health() }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        promise.futureResult.whenComplete { result in
            let (handler, context) = bound.value
            if (try? result.get()) == true {
                handler.answer(context, status: "200 OK", "ok\n")
            } else {
                handler.answer(context, status: "503 Service Unavailable", "database unavailable\n")
            }
        }
    }

    /// Writes a short plain-text answer and closes the connection.
    private func answer(_ context: ChannelHandlerContext, status: String, _ body: String, retryAfter: Int? = nil) {
        mode = .done
        deadline?.cancel()
        var head = "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\nCache-Control: no-store\r\n"
        if let retryAfter { head += "Retry-After: \(retryAfter)\r\n" }
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: head + "\r\n" + body))).whenComplete { _ in
            bound.value.close(promise: nil)
        }
    }
}
