import CZlib
import Foundation

/// A fast PNG writer for opaque RGB pictures, using zlib at a low compression level. Cairo's
/// own writer uses libpng's defaults, which spend ~45 ms per 768×512 page; this one takes a
/// few milliseconds for similar file sizes.
///
/// `encode` returns nil if zlib reports an error, and the caller falls back to Cairo's writer.
enum PNGEncoder {
    /// Compression level: 1 is fastest; 3 gives noticeably smaller files for little more time.
    static let level: Int32 = 3

    /// Encodes opaque pixels given as native-endian 32-bit xRGB words (Cairo's layout), row by row
    /// with `stride` bytes per row, as an 8-bit RGB PNG. Each row uses the Sub or Up filter.
    static func encode(width: Int, height: Int, stride: Int, pixels: UnsafeRawPointer) -> Data? {
        let rowBytes = width * 3 + 1
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        raw.withUnsafeMutableBufferPointer { out in
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
                let base = y * rowBytes
                // Up for all rows but the first (smooth gradients compress best with it), Sub there.
                if y == 0 {
                    out[base] = 1
                    for i in 0..<width * 3 {
                        out[base + 1 + i] = current[i] &- (i >= 3 ? current[i - 3] : 0)
                    }
                } else {
                    out[base] = 2
                    for i in 0..<width * 3 {
                        out[base + 1 + i] = current[i] &- previous[i]
                    }
                }
                swap(&previous, &current)
            }
        }
        var compressedLength = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compressed.withUnsafeMutableBufferPointer { dst in
            raw.withUnsafeBufferPointer { src in
                compress2(dst.baseAddress, &compressedLength, src.baseAddress, uLong(src.count), level)
            }
        }
        guard status == Z_OK else { return nil }

        var png = Data(PNGInspector.signature)
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0]) // 8-bit RGB, deflate, adaptive filtering, no interlace
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", Data(compressed[0..<Int(compressedLength)]))
        png.appendChunk("IEND", Data())
        return png
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
        let crc = PNGEncoder.crc([UInt8](body), continuing: PNGEncoder.crc(typeBytes))
        appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }
}
