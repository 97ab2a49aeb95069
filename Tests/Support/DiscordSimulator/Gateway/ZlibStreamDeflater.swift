import CZlib

/// One zlib stream for the life of a connection (`compress=zlib-stream`): each message is
/// deflated with `Z_SYNC_FLUSH`, so it ends with `00 00 FF FF`.
final class ZlibStreamDeflater {
    /// zlib keeps a pointer back to the stream, so it lives at a fixed address.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)

    init() {
        stream.initialize(to: z_stream())
        let status = deflateInit_(stream, Z_DEFAULT_COMPRESSION, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "deflateInit failed: \(status)")
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// The next piece of the stream, holding exactly `message`.
    func deflate(_ message: String) -> [UInt8] {
        var input = Array(message.utf8)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        input.withUnsafeMutableBufferPointer { input in
            stream.pointee.next_in = input.baseAddress
            stream.pointee.avail_in = UInt32(input.count)
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { chunk in
                    stream.pointee.next_out = chunk.baseAddress
                    stream.pointee.avail_out = UInt32(chunk.count)
                    let status = CZlib.deflate(stream, Z_SYNC_FLUSH)
                    precondition(status == Z_OK || status == Z_BUF_ERROR, "deflate failed: \(status)")
                    return chunk.count - Int(stream.pointee.avail_out)
                }
                output.append(contentsOf: chunk[..<produced])
            } while stream.pointee.avail_out == 0
            stream.pointee.next_in = nil
        }
        return output
    }
}
