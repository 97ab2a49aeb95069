import Foundation
import Logging
import NIOCore
import NIOWebSocket
import WSClient

extension GatewayClient {
    /// Everything one connection reacts to, serialised into a single stream.
    enum ConnectionEvent: Sendable {
        case payload(Data)
        case heartbeatDue
        case flushDue
        case identifyTurn
        case shutdown
        case inboundEnded(failure: String?)
    }

    /// Drives the machine over one open WebSocket: a reader, two timers and the wait for an identify
    /// turn run as child tasks and feed one event loop, which executes the machine's actions until
    /// the socket closes.
    func runConnection(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let (events, sink) = AsyncStream.makeStream(of: ConnectionEvent.self)
        let heartbeatTimer = DeadlineTimer()
        let flushTimer = DeadlineTimer()
        let (turnRequests, requestTurn) = AsyncStream.makeStream(of: Void.self)
        let maxSize = configuration.maxFrameSize
        let compress = configuration.compress
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await Self.read(inbound, maxSize: maxSize, compress: compress, into: sink) }
            group.addTask { await heartbeatTimer.run { sink.yield(.heartbeatDue) } }
            group.addTask { await flushTimer.run { sink.yield(.flushDue) } }
            group.addTask { [identifyCoordinator, shard, logger] in
                for await _ in turnRequests {
                    do {
                        try await identifyCoordinator.waitForTurn(shard)
                        sink.yield(.identifyTurn)
                    } catch {
                        logger.debug("Stopped waiting for an identify turn", metadata: ["error": "\(error)"])
                        return
                    }
                }
            }
            var iterator = events.makeAsyncIterator()
            var actions = step { $0.connected(now: .now) }
            shutdown.attach { sink.yield(.shutdown) }
            while await !perform(actions, outbound: outbound, heartbeatTimer: heartbeatTimer, flushTimer: flushTimer,
                                 requestTurn: requestTurn),
                let event = await iterator.next(),
                let next = handle(event)
            {
                actions = next
            }
            shutdown.detach()
            sink.finish()
            requestTurn.finish()
            group.cancelAll()
        }
        // Returning makes WSClient close with 1000, which would end the session: close resumably first.
        // (A no-op when the server already closed the socket.)
        try? await outbound.close(WebSocketErrorCode(codeNumber: GatewayStateMachine.resumableCloseCode), reason: "reconnecting")
    }

    /// Feeds one event to the machine; nil when the connection has ended.
    private func handle(_ event: ConnectionEvent) -> [GatewayAction]? {
        let now = ContinuousClock.now
        switch event {
        case let .payload(json):
            guard let frame = try? GatewayFrame(json: json) else {
                logger.warning("Ignoring an undecodable Discord gateway payload", metadata: ["bytes": "\(json.count)"])
                return []
            }
            return step { $0.received(frame, now: now) }
        case .heartbeatDue:
            return step { $0.heartbeatDue(now: now) }
        case .flushDue:
            return step { $0.flushDue(now: now) }
        case .identifyTurn:
            return step { $0.identifyTurn(now: now) }
        case .shutdown:
            logger.notice("Closing the Discord gateway connection for shutdown")
            return step { $0.stop() }
        case let .inboundEnded(failure):
            if let failure { logger.warning("Reading from the Discord gateway failed", metadata: ["error": "\(failure)"]) }
            return nil
        }
    }

    /// Executes connection actions in order; true once the socket was closed.
    private func perform(
        _ actions: [GatewayAction], outbound: WebSocketOutboundWriter,
        heartbeatTimer: DeadlineTimer<ContinuousClock>, flushTimer: DeadlineTimer<ContinuousClock>,
        requestTurn: AsyncStream<Void>.Continuation
    ) async -> Bool {
        var closed = false
        for action in actions {
            switch action {
            case let .send(text):
                // Never log `text`: IDENTIFY and RESUME carry the token.
                do {
                    try await outbound.write(.text(text))
                } catch {
                    logger.debug("Sending to the Discord gateway failed", metadata: ["error": "\(error)"])
                }
            case let .close(code, reason):
                logger.notice("Closing the Discord gateway connection", metadata: ["code": "\(code)", "reason": "\(reason)"])
                try? await outbound.close(WebSocketErrorCode(codeNumber: code), reason: reason)
                closed = true
            case let .dispatch(dispatch):
                if dispatch.name == "READY" || dispatch.name == "RESUMED" {
                    logger.notice("Discord gateway session \(dispatch.name == "READY" ? "started" : "resumed")")
                }
                await onDispatch(dispatch)
            case let .persistSession(session):
                await sessionStore.save(session)
            case let .scheduleHeartbeat(deadline):
                heartbeatTimer.schedule(at: deadline)
            case let .scheduleFlush(deadline):
                flushTimer.schedule(at: deadline)
            case .requestIdentifyTurn:
                logger.info("Waiting for this shard's turn to identify")
                requestTurn.yield()
            case .connect, .waitUntil, .fail:
                // Only produced between connections, where `drive` executes them.
                break
            }
        }
        return closed
    }

    /// Reads messages, inflates the zlib stream, and forwards complete payloads.
    private static func read(
        _ inbound: WebSocketInboundStream, maxSize: Int, compress: Bool,
        into sink: AsyncStream<ConnectionEvent>.Continuation
    ) async {
        let inflater = compress ? ZlibStreamInflater() : nil
        do {
            for try await message in inbound.messages(maxSize: maxSize) {
                switch message {
                case let .text(text):
                    sink.yield(.payload(Data(text.utf8)))
                case let .binary(buffer):
                    let bytes = Array(buffer.readableBytesView)
                    guard let inflater else {
                        sink.yield(.payload(Data(bytes)))
                        continue
                    }
                    for payload in try inflater.append(bytes) {
                        sink.yield(.payload(payload))
                    }
                }
            }
            sink.yield(.inboundEnded(failure: nil))
        } catch {
            sink.yield(.inboundEnded(failure: "\(error)"))
        }
    }
}
