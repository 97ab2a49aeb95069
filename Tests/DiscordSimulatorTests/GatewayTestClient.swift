import CZlib
import DiscordModels
import Foundation
import Logging
import NIOCore
import NIOWebSocket
import Synchronization
import WSClient

/// A gateway payload as the test client received it.
struct ReceivedPayload: Decodable, Sendable {
    var op: Int
    var s: Int?
    var t: String?
    var d: JSONValue?
}

/// A raw gateway client over WSClient: sends JSON text, decodes what arrives (inflating `zlib-stream`).
final class GatewayTestClient: Sendable {
    private enum Outgoing: Sendable {
        case text(String)
        case close(Int)
    }

    private let outgoing: AsyncStream<Outgoing>.Continuation
    private let payloads: AsyncStream<ReceivedPayload>
    private let binaryFrames = Counter()
    /// The server's close frame (nil when the connection dropped without one).
    let closed: Task<WebSocketCloseFrame?, any Error>

    init(url: String) {
        let (outgoingStream, outgoing) = AsyncStream.makeStream(of: Outgoing.self)
        let (payloads, received) = AsyncStream.makeStream(of: ReceivedPayload.self)
        self.outgoing = outgoing
        self.payloads = payloads
        let binaryFrames = binaryFrames
        closed = Task {
            defer { received.finish() }
            return try await WebSocketClient.connect(
                url: url, configuration: .init(maxFrameSize: 1 << 24), logger: Logger(label: "gateway-test-client")
            ) { inbound, outbound, _ in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await message in outgoingStream {
                            switch message {
                            case let .text(text): try await outbound.write(.text(text))
                            case let .close(code):
                                try await outbound.close(.init(codeNumber: code), reason: nil)
                                return
                            }
                        }
                    }
                    let inflater = ZlibStreamInflater()
                    var buffer: [UInt8] = []
                    for try await frame in inbound {
                        let bytes = Array(frame.data.readableBytesView)
                        let json: [UInt8]
                        if frame.opcode == .binary || (frame.opcode == .continuation && !buffer.isEmpty) {
                            binaryFrames.increment()
                            buffer += bytes
                            guard buffer.suffix(4) == [0x00, 0x00, 0xFF, 0xFF] else { continue }
                            json = inflater.inflate(buffer)
                            buffer.removeAll()
                        } else {
                            json = bytes
                        }
                        if let payload = try? JSONDecoder().decode(ReceivedPayload.self, from: Data(json)) {
                            received.yield(payload)
                        }
                    }
                    outgoing.finish()
                    group.cancelAll()
                }
            }
        }
    }

    func send(_ json: String) {
        outgoing.yield(.text(json))
    }

    func identify(token: String = "simulated-token", shard: [Int]? = nil) {
        let shardField = shard.map { #","shard":[\#($0.map(String.init).joined(separator: ","))]"# } ?? ""
        send(#"{"op":2,"d":{"token":"\#(token)","intents":0,"properties":{"os":"linux","browser":"t","device":"t"}\#(shardField)}}"#)
    }

    /// Closes with `code` (not 1000/1001 keeps the session resumable).
    func close(code: Int) {
        outgoing.yield(.close(code))
    }

    /// Binary WebSocket messages received so far.
    var binaryFrameCount: Int { binaryFrames.value }

    /// The next payload; fails after `timeout` or when the connection ends.
    func next(timeout: Duration = .seconds(30)) async throws -> ReceivedPayload {
        let payloads = payloads
        return try await withThrowingTaskGroup(of: ReceivedPayload?.self) { group in
            group.addTask {
                var iterator = payloads.makeAsyncIterator()
                return await iterator.next()
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let payload = try await group.next() ?? nil else { throw ClientError.noPayload }
            return payload
        }
    }

    /// The next payload that is not a heartbeat ACK.
    func nextEvent(timeout: Duration = .seconds(30)) async throws -> ReceivedPayload {
        while true {
            let payload = try await next(timeout: timeout)
            if payload.op != 11 { return payload }
        }
    }

    /// The close code the server sent.
    func closeCode() async throws -> Int? {
        try await closed.value.map { Int(UInt16(webSocketErrorCode: $0.closeCode)) }
    }

    enum ClientError: Error { case noPayload }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let storage = Mutex(0)
    func increment() { storage.withLock { $0 += 1 } }
    var value: Int { storage.withLock { $0 } }
}

/// The client half of `zlib-stream`: one inflate context for the whole connection.
final class ZlibStreamInflater {
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)

    init() {
        stream.initialize(to: z_stream())
        precondition(inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK)
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    func inflate(_ input: [UInt8]) -> [UInt8] {
        var input = input
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        input.withUnsafeMutableBufferPointer { input in
            stream.pointee.next_in = input.baseAddress
            stream.pointee.avail_in = UInt32(input.count)
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { chunk in
                    stream.pointee.next_out = chunk.baseAddress
                    stream.pointee.avail_out = UInt32(chunk.count)
                    _ = CZlib.inflate(stream, Z_SYNC_FLUSH)
                    return chunk.count - Int(stream.pointee.avail_out)
                }
                output += chunk[..<produced]
            } while stream.pointee.avail_out == 0
        }
        return output
    }
}
