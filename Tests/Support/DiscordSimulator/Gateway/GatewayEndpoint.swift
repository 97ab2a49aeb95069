import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// Serves the gateway WebSocket at `/gateway` and, for resuming clients, `/gateway-resume`.
struct GatewayEndpoint: Sendable {
    static let path = "/gateway"
    static let resumePath = "/gateway-resume"

    let hub: GatewayHub
    let configuration: DiscordSimulator.Configuration

    func register(on router: Router<GatewayRequestContext>) {
        for path in [Self.path, Self.resumePath] {
            router.ws(RouterPath(path)) { _, _ in
                .upgrade([:])
            } onUpgrade: { inbound, outbound, context in
                await serve(inbound: inbound, outbound: outbound, request: context.request,
                            channel: context.requestContext.channel, logger: context.logger)
            }
        }
    }

    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, request: Request,
                       channel: any Channel, logger: Logger) async {
        let (id, outbox) = hub.openConnection()
        do {
            try await CloseFrameObserver.install(on: channel) { [hub] code in hub.recordClientClose(connection: id, code: code) }
        } catch {
            logger.warning("cannot observe close frames: \(error)")
        }
        let query = request.uri.queryParameters
        let compressed = query["compress"] == "zlib-stream"
        let rejection: GatewayConnection.Rejection? =
            if query["v"] != "10" {
                .init(code: 4012, reason: "Invalid API version.")
            } else if query["encoding"] != "json" {
                .init(code: 4002, reason: "Only encoding=json is simulated.")
            } else if configuration.requireCompression && !compressed {
                .init(code: 4000, reason: "The simulator requires compress=zlib-stream.")
            } else {
                nil
            }
        let writer = GatewayWriter(outbound: outbound, channel: channel, compressed: compressed,
                                   splitsMessages: configuration.splitCompressedFrames)
        await withDiscardingTaskGroup { group in
            group.addTask { await writer.run(outbox) }
            await GatewayConnection(id: id, hub: hub, token: configuration.token, minimumShardCount: configuration.minimumShardCount,
                                    rejection: rejection).run(inbound)
            hub.connectionClosed(id)
        }
    }
}
