import CZlib
import DiscordGateway
import Foundation
import Testing

@Suite("zlib-stream transport compression")
struct ZlibStreamInflaterTests {
    static let messages = [
        #"{"op":10,"d":{"heartbeat_interval":41250}}"#,
        #"{"op":0,"s":1,"t":"READY","d":{"session_id":"abc","resume_gateway_url":"wss://resume.example","pad":"\#(String(repeating: "ready ", count: 4000))"}}"#,
        #"{"op":11}"#,
        #"{"op":0,"s":2,"t":"GUILD_CREATE","d":{"id":"1","name":"héllo ✨"}}"#,
    ]

    @Test func roundTripsSeveralMessagesOnOneStream() throws {
        let deflater = try SyncFlushDeflater()
        let inflater = ZlibStreamInflater()
        for message in Self.messages {
            let compressed = try deflater.compress(message)
            #expect(compressed.suffix(4) == [0x00, 0x00, 0xFF, 0xFF])
            let output = try inflater.append(compressed)
            #expect(output.map { String(decoding: $0, as: UTF8.self) } == [message])
        }
    }

    @Test func joinsAMessageSplitAcrossFrames() throws {
        let deflater = try SyncFlushDeflater()
        let inflater = ZlibStreamInflater()
        _ = try inflater.append(try deflater.compress(Self.messages[0]))

        let compressed = try deflater.compress(Self.messages[1])
        let middle = compressed.count / 2
        #expect(try inflater.append(Array(compressed[..<middle])).isEmpty)
        let output = try inflater.append(Array(compressed[middle...]))
        #expect(output == [Data(Self.messages[1].utf8)])

        let next = try inflater.append(try deflater.compress(Self.messages[2]))
        #expect(next == [Data(Self.messages[2].utf8)])
    }

    @Test func garbageThrows() {
        let inflater = ZlibStreamInflater()
        #expect(throws: ZlibStreamError.self) {
            try inflater.append([0x12, 0x34, 0x56, 0x78, 0x9A, 0x00, 0x00, 0xFF, 0xFF])
        }
    }

    @Test func resetStartsANewStream() throws {
        let inflater = ZlibStreamInflater()
        _ = try inflater.append(try SyncFlushDeflater().compress(Self.messages[0]))
        _ = try inflater.append([0x01, 0x02])  // a partial frame from the old connection
        inflater.reset()
        let output = try inflater.append(try SyncFlushDeflater().compress(Self.messages[2]))
        #expect(output == [Data(Self.messages[2].utf8)])
    }
}

/// What Discord does: one deflate stream per connection, `Z_SYNC_FLUSH` after every message.
private final class SyncFlushDeflater {
    struct Failure: Error { var code: Int32 }

    private let stream: UnsafeMutablePointer<z_stream>

    init() throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = deflateInit_(stream, Z_DEFAULT_COMPRESSION, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw Failure(code: status) }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    func compress(_ text: String) throws -> [UInt8] {
        var input = Array(text.utf8)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        try input.withUnsafeMutableBufferPointer { input in
            stream.pointee.next_in = input.baseAddress
            stream.pointee.avail_in = UInt32(input.count)
            try chunk.withUnsafeMutableBufferPointer { chunk in
                repeat {
                    stream.pointee.next_out = chunk.baseAddress
                    stream.pointee.avail_out = UInt32(chunk.count)
                    let status = deflate(stream, Z_SYNC_FLUSH)
                    guard status == Z_OK || status == Z_BUF_ERROR else { throw Failure(code: status) }
                    output += chunk[..<(chunk.count - Int(stream.pointee.avail_out))]
                } while stream.pointee.avail_out == 0
            }
        }
        return output
    }
}
