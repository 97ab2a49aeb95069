import DiscordModels
import Foundation
import HummingbirdWebSocket
import NIOCore

/// Reads one connection's client payloads and applies the gateway protocol to them.
struct GatewayConnection {
    /// Discord's limits on what a client may send.
    enum Limits {
        static let payloadBytes = 4096
        static let sendsPerWindow = 120
        static let sendWindow = Duration.seconds(60)
    }

    /// A connection refused for its URL (version, encoding, compression), closed at its first payload:
    /// closing right after the upgrade can leave a client that is still finishing the handshake hanging.
    struct Rejection: Sendable {
        let code: Int
        let reason: String
    }

    private enum Phase { case connected, active, closing }

    let id: Int
    let hub: GatewayHub
    let token: String
    /// IDENTIFYs with fewer shards are closed with 4011 (sharding required).
    let minimumShardCount: Int
    let rejection: Rejection?

    /// Handles payloads until the client or the server ends the connection.
    func run(_ inbound: WebSocketInboundStream) async {
        var phase = Phase.connected
        var sendTimes: [ContinuousClock.Instant] = []
        do {
            for try await message in inbound.messages(maxSize: 1 << 20) {
                guard phase != .closing else { continue }
                let now = ContinuousClock.now
                sendTimes = sendTimes.filter { now - $0 < Limits.sendWindow } + [now]
                phase = handle(bytes(of: message), phase: phase, sendsInWindow: sendTimes.count)
            }
        } catch {
            // A dropped connection ends the stream with an error.
        }
    }

    private func bytes(of message: WebSocketMessage) -> Data {
        switch message {
        case let .text(text): Data(text.utf8)
        case let .binary(buffer): Data(buffer.readableBytesView)
        }
    }

    private func handle(_ payload: Data, phase: Phase, sendsInWindow: Int) -> Phase {
        if let rejection { return close(rejection.code, rejection.reason) }
        guard sendsInWindow <= Limits.sendsPerWindow else { return close(4008, "Rate limited.") }
        guard payload.count <= Limits.payloadBytes else { return close(4002, "Payload too large.") }
        guard let envelope = try? DiscordJSON.decoder().decode(GatewayEnvelope.self, from: payload) else {
            return close(4002, "Error while decoding payload.")
        }
        switch envelope.op {
        case .heartbeat:
            hub.heartbeat(connection: id)
            return phase
        case .identify:
            guard phase == .connected else { return close(4005, "Already authenticated.") }
            guard let identify = try? DiscordJSON.decoder().decode(GatewayData<Identify>.self, from: payload).d else {
                return close(4002, "Error while decoding payload.")
            }
            guard identify.token == token else { return close(4004, "Authentication failed.") }
            let shard: ShardKey
            switch identify.shard {
            case nil:
                shard = .single
            case let .some(pair):
                guard pair.count == 2, pair[1] >= 1, (0 ..< pair[1]).contains(pair[0]) else { return close(4010, "Invalid shard.") }
                shard = ShardKey(id: pair[0], count: pair[1])
            }
            guard shard.count >= minimumShardCount else { return close(4011, "Sharding required.") }
            switch hub.identify(connection: id, shard: shard, intents: identify.intents) {
            case .ready:
                return .active
            case .tooFast:
                // Discord's answer to an IDENTIFY beyond max_concurrency: op 9, not resumable.
                hub.send(.message(GatewayFrame.command(.invalidSession, data: "false")), toConnection: id)
                return .connected
            }
        case .resume:
            guard phase == .connected else { return close(4005, "Already authenticated.") }
            guard let resume = try? DiscordJSON.decoder().decode(GatewayData<Resume>.self, from: payload).d else {
                return close(4002, "Error while decoding payload.")
            }
            guard resume.token == token else { return close(4004, "Authentication failed.") }
            return self.resume(resume)
        case .presenceUpdate, .voiceStateUpdate, .requestGuildMembers:
            return phase == .active ? phase : close(4003, "Not authenticated.")
        default:
            return phase == .active ? close(4001, "Unknown opcode.") : close(4003, "Not authenticated.")
        }
    }

    private func resume(_ resume: Resume) -> Phase {
        switch hub.resume(connection: id, sessionID: resume.sessionID, sequence: resume.seq) {
        case .resumed:
            return .active
        case .unknownSession:
            hub.send(.message(GatewayFrame.command(.invalidSession, data: "false")), toConnection: id)
            return .connected
        case .invalidSequence:
            return close(4007, "Invalid seq.")
        }
    }

    private func close(_ code: Int, _ reason: String) -> Phase {
        hub.send(.close(code: code, reason: reason), toConnection: id)
        return .closing
    }
}
