import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The router's request context: a WebSocket-capable context that keeps the connection's channel,
/// so the gateway can drop a connection without a close frame and observe the client's close code.
struct GatewayRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}
