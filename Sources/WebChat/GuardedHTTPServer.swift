import HummingbirdCore
import NIOCore

extension HTTPServerBuilder {
    /// Plain HTTP/1 with the web chat's connection guard: the first header within
    /// ``WebChatLimits/headerTimeout`` (`408`) and ``WebChatLimits/maxHeaderBytes`` (`431`), kept-alive
    /// connections closed after ``WebChatLimits/idleTimeout``, and the connection caps (`/health`
    /// answered past them by `health`). For listeners without sessions, such as the operations port.
    public static func guardedHTTP1(limits: WebChatLimits, health: @escaping @Sendable () async -> Bool) -> HTTPServerBuilder {
        let http1 = HTTP1Channel.Configuration.guarded(limits)
        let ledger = ConnectionLedger(limits: limits, uncapped: AddressMatcher())
        return HTTPServerBuilder { responder in
            GuardedChannel(base: HTTP1Channel(responder: responder, configuration: http1), ledger: ledger, limits: limits,
                           closesIdleGuests: false, health: health)
        }
    }
}

extension HTTP1Channel.Configuration {
    /// The HTTP layer under the guard: its idle timeout, and header limits a little above the
    /// guard's, so the guard's kind `431` answers the first request; they bound later requests
    /// on a kept-alive connection.
    static func guarded(_ limits: WebChatLimits) -> Self {
        var http1 = Self(idleTimeout: TimeAmount(limits.idleTimeout))
        http1.httpDecoder = .init(maxHeaderFieldSize: limits.maxHeaderBytes + 1_024, maxHeaderListSize: limits.maxHeaderBytes + 1_024,
                                  maxHeaderFieldCount: 100)
        return http1
    }
}
