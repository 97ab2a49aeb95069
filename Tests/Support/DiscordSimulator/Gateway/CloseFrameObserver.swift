import NIOCore
import NIOWebSocket

/// Reports the code of every close frame the client sends, then passes the frame on.
final class CloseFrameObserver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    private let onClose: @Sendable (Int) -> Void

    init(onClose: @escaping @Sendable (Int) -> Void) {
        self.onClose = onClose
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if frame.opcode == .connectionClose {
            var payload = frame.unmaskedData
            onClose(payload.readWebSocketErrorCode().map { Int(UInt16(webSocketErrorCode: $0)) } ?? 1005)
        }
        context.fireChannelRead(data)
    }

    /// Inserts an observer right after the WebSocket frame decoder of `channel`.
    static func install(on channel: any Channel, onClose: @escaping @Sendable (Int) -> Void) async throws {
        try await channel.eventLoop.submit {
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
            try pipeline.addHandler(CloseFrameObserver(onClose: onClose), position: .after(decoder))
        }.get()
    }
}
