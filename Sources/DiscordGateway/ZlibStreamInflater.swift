import CZlib
import Foundation

/// Why a zlib-stream could not be inflated.
public enum ZlibStreamError: Error, Sendable, Equatable {
    /// `inflateInit` failed (zlib's return code).
    case initializationFailed(Int32)
    /// The data is not a valid continuation of the stream (zlib's return code and message).
    case corruptData(code: Int32, message: String)
}

/// Inflates Discord's `compress=zlib-stream` transport: one zlib stream for the life of a
/// connection, cut into messages that each end with the `Z_SYNC_FLUSH` marker `00 00 FF FF`.
///
/// Use one inflater per connection (or ``reset()`` it before reusing it). Not thread-safe.
public final class ZlibStreamInflater {
    private static let syncFlushSuffix: [UInt8] = [0x00, 0x00, 0xFF, 0xFF]
    private static let chunkSize = 64 * 1024

    /// Heap-allocated: zlib keeps a pointer back to its `z_stream`, so it must never move.
    private let stream: UnsafeMutablePointer<z_stream>
    private var isInitialized = false
    private var buffer: [UInt8] = []

    public init() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
    }

    deinit {
        if isInitialized { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Adds one WebSocket frame and returns the messages it completes (none while a message is
    /// still incomplete).
    public func append(_ bytes: [UInt8]) throws(ZlibStreamError) -> [Data] {
        buffer.append(contentsOf: bytes)
        guard buffer.count >= 4, buffer.suffix(4).elementsEqual(Self.syncFlushSuffix) else { return [] }
        defer { buffer.removeAll(keepingCapacity: true) }
        return [try inflateBuffer()]
    }

    /// Starts a new stream (for a new connection) and drops any partial message.
    public func reset() {
        if isInitialized { inflateEnd(stream) }
        stream.pointee = z_stream()
        isInitialized = false
        buffer.removeAll()
    }

    private func inflateBuffer() throws(ZlibStreamError) -> Data {
        if !isInitialized {
            let status = inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
            guard status == Z_OK else { throw .initializationFailed(status) }
            isInitialized = true
        }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        let result: Int32 = buffer.withUnsafeMutableBufferPointer { input in
            stream.pointee.next_in = input.baseAddress
            stream.pointee.avail_in = UInt32(input.count)
            defer {
                stream.pointee.next_in = nil
                stream.pointee.avail_in = 0
            }
            return chunk.withUnsafeMutableBufferPointer { out in
                while true {
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = UInt32(out.count)
                    let status = inflate(stream, Z_SYNC_FLUSH)
                    let produced = out.count - Int(stream.pointee.avail_out)
                    output.append(UnsafeBufferPointer(rebasing: out[..<produced]))
                    switch status {
                    case Z_OK where stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0:
                        continue
                    case Z_OK, Z_STREAM_END:
                        return Z_OK
                    case Z_BUF_ERROR where stream.pointee.avail_in == 0:
                        // No more input and nothing left to flush.
                        return Z_OK
                    default:
                        return status
                    }
                }
            }
        }
        guard result == Z_OK else {
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(result)"
            throw .corruptData(code: result, message: message)
        }
        return output
    }
}

/// Owns a C stream that must not be shared between tasks.
@available(*, unavailable)
extension ZlibStreamInflater: Sendable {}
