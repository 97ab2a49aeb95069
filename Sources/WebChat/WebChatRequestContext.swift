import Hummingbird
import HummingbirdWebSocket
import NIOCore
import StoryDomain

/// The web chat's request context: who is asking (their session's member, if any) and how
/// they reached the server.
public struct WebChatRequestContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<Self>
    /// The socket's peer address, before any forwarding header is read.
    public let peerAddress: String?
    /// The connection (a WebSocket too slow to read is closed through it).
    let channel: any Channel
    /// Set by ``WebChatGateMiddleware``.
    public var client: ClientInfo
    /// The member whose session cookie came with the request (nil: not signed in).
    public var member: RoomMember?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        peerAddress = source.channel.remoteAddress?.ipAddress
        channel = source.channel
        client = ClientInfo(address: peerAddress ?? "unknown", isSecure: false, host: nil)
        member = nil
    }
}
