import CZlib
import Foundation

/// A fast PNG writer for opaque RGB pictures, using zlib at a low compression level; Cairo's
/// own writer uses libpng's slower defaults (measured: docs/benchmarks.md#painting-and-png-writing).
///
/// `encode` returns nil if zlib reports an error, and the caller falls back to Cairo's writer.
enum PNGEncoder {
    /// Compression level: 1 is fastest; 3 gives noticeably smaller files for little more time.
    static let level: Int32 = 3

    /// Encodes opaque pixels given as native-endian 32-bit xRGB words (Cairo's layout), row by row
    /// with `stride` bytes per row, as an 8-bit RGB PNG. Each row uses the Sub or Up filter.
    ///
    /// Rows are filtered and fed to zlib one at a time, so the only large buffer is the
    /// compressed picture itself, not a filtered copy of the whole image (width × height × 3
    /// bytes) and a worst-case output buffer as large again.
    static func encode(width: Int, height: Int, stride: Int, pixels: UnsafeRawPointer) -> Data? {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            deflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        guard deflateInit_(stream, level, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }

        let rowBytes = width * 3 + 1
        var compressed = Data(capacity: rowBytes * height / 8)
        var output = [UInt8](repeating: 0, count: 64 * 1024)
        var filtered = [UInt8](repeating: 0, count: rowBytes)
        var previous = [UInt8](repeating: 0, count: width * 3)
        var current = [UInt8](repeating: 0, count: width * 3)
        for y in 0..<height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            current.withUnsafeMutableBufferPointer { cur in
                for x in 0..<width {
                    let p = row[x]
                    cur[x * 3] = UInt8(truncatingIfNeeded: p >> 16)
                    cur[x * 3 + 1] = UInt8(truncatingIfNeeded: p >> 8)
                    cur[x * 3 + 2] = UInt8(truncatingIfNeeded: p)
                }
            }
            // Up for all rows but the first (smooth gradients compress best with it), Sub there.
            if y == 0 {
                filtered[0] = 1
                for i in 0..<width * 3 {
                    filtered[1 + i] = current[i] &- (i >= 3 ? current[i - 3] : 0)
                }
            } else {
                filtered[0] = 2
                for i in 0..<width * 3 {
                    filtered[1 + i] = current[i] &- previous[i]
                }
            }
            swap(&previous, &current)
            let last = y == height - 1
            guard deflate(row: &filtered, finish: last, stream: stream, output: &output, into: &compressed) else { return nil }
        }

        var png = Data(PNGInspector.signature)
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0]) // 8-bit RGB, deflate, adaptive filtering, no interlace
        png.reserveCapacity(compressed.count + 64)
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", compressed)
        png.appendChunk("IEND", Data())
        return png
    }

    /// Feeds one filtered row to zlib and appends what it produces; on the last row, finishes
    /// the stream. False if zlib reports an error.
    private static func deflate(row: inout [UInt8], finish: Bool, stream: UnsafeMutablePointer<z_stream>,
                                output: inout [UInt8], into compressed: inout Data) -> Bool {
        row.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.pointee.next_in = input.baseAddress
                stream.pointee.avail_in = uInt(input.count)
                while true {
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = uInt(out.count)
                    let status = CZlib.deflate(stream, finish ? Z_FINISH : Z_NO_FLUSH)
                    let produced = out.count - Int(stream.pointee.avail_out)
                    // Z_BUF_ERROR: no progress possible, fine only while more rows are to come.
                    guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && !finish) else { return false }
                    if produced > 0 { compressed.append(out.baseAddress!, count: produced) }
                    if finish ? status == Z_STREAM_END : stream.pointee.avail_out != 0 { return true }
                }
            }
        }
    }

    /// CRC-32 (ISO 3309) as PNG chunks need it, continuing from `crc` (zlib's implementation).
    static func crc(_ bytes: [UInt8], continuing crc: uLong = 0) -> uLong {
        bytes.withUnsafeBufferPointer { CZlib.crc32(crc, $0.baseAddress, uInt($0.count)) }
    }
}

extension Data {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    fileprivate mutating func appendChunk(_ type: String, _ body: Data) {
        appendBigEndian(UInt32(body.count))
        let typeBytes = Array(type.utf8)
        append(contentsOf: typeBytes)
        append(body)
        let typeCRC = PNGEncoder.crc(typeBytes)
        // zlib's crc32 answers a null buffer with its initial value: an empty body adds nothing.
        let crc = body.isEmpty ? typeCRC : body.withUnsafeBytes { bytes in
            CZlib.crc32(typeCRC, bytes.bindMemory(to: UInt8.self).baseAddress, uInt(bytes.count))
        }
        appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }
}
