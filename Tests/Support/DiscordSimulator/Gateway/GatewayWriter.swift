import HummingbirdWebSocket
import NIOCore
import NIOWebSocket

/// Writes one connection's outbox to the socket, in order: JSON text frames, or one zlib stream of
/// binary frames with `compress=zlib-stream`.
struct GatewayWriter {
    let outbound: WebSocketOutboundWriter
    let channel: any Channel
    let compressed: Bool
    /// Send each compressed message as two WebSocket messages.
    let splitsMessages: Bool

    func run(_ outbox: AsyncStream<GatewayOutput>) async {
        let deflater = compressed ? ZlibStreamDeflater() : nil
        do {
            for await output in outbox {
                switch output {
                case let .message(text, sent):
                    if let deflater {
                        try await sendCompressed(deflater.deflate(text))
                    } else {
                        try await outbound.write(.text(text))
                    }
                    sent?()
                case let .close(code, reason):
                    try await outbound.close(WebSocketErrorCode(codeNumber: code), reason: reason)
                    return
                case .drop:
                    channel.close(promise: nil)
                    return
                }
            }
        } catch {
            // The connection is gone; the reader sees that too and ends the session's link.
        }
    }

    private func sendCompressed(_ bytes: [UInt8]) async throws {
        guard splitsMessages, bytes.count > 1 else {
            try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
            return
        }
        let middle = bytes.count / 2
        try await outbound.write(.binary(ByteBuffer(bytes: bytes[..<middle])))
        try await outbound.write(.binary(ByteBuffer(bytes: bytes[middle...])))
    }
}
