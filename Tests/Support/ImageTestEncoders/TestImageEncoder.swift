import CTurboJPEG
import CWebP
import CZlib

/// Encoders used only by the tests (PNG by hand over zlib, JPEG through TurboJPEG, WebP through
/// libwebp): the same libraries the decoders use, so a test picture is a real file of its format.
public enum TestImageEncoder {
    /// A PNG of raw rows (each already `[filter byte] + bytes`), with optional chunks before IDAT.
    public static func png(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, rows: [UInt8],
                           interlaced: Bool = false, before: [(String, [UInt8])] = []) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let header = be32(width) + be32(height) + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
        out += chunk("IHDR", header)
        for (type, data) in before { out += chunk(type, data) }
        out += chunk("IDAT", deflate(rows))
        out += chunk("IEND", [])
        return out
    }

    /// An 8-bit RGB PNG of packed pixels, every row unfiltered.
    public static func png(rgb: [UInt8], width: Int, height: Int) -> [UInt8] {
        png(width: width, height: height, bitDepth: 8, colorType: 2,
            rows: filterRows(rgb, width: width, height: height, bytesPerPixel: 3, filters: [0]))
    }

    /// Filters 8-bit rows with the given PNG filter per row (0 None … 4 Paeth), cycling `filters`.
    public static func filterRows(_ pixels: [UInt8], width: Int, height: Int, bytesPerPixel: Int, filters: [UInt8]) -> [UInt8] {
        let rowBytes = width * bytesPerPixel
        var out: [UInt8] = []
        out.reserveCapacity(pixels.count + height)
        for y in 0..<height {
            let filter = filters[y % filters.count]
            out.append(filter)
            for i in 0..<rowBytes {
                let value = pixels[y * rowBytes + i]
                let left = i >= bytesPerPixel ? Int(pixels[y * rowBytes + i - bytesPerPixel]) : 0
                let up = y > 0 ? Int(pixels[(y - 1) * rowBytes + i]) : 0
                let upLeft = y > 0 && i >= bytesPerPixel ? Int(pixels[(y - 1) * rowBytes + i - bytesPerPixel]) : 0
                let predicted: Int = switch filter {
                case 1: left
                case 2: up
                case 3: (left + up) / 2
                case 4: paeth(left, up, upLeft)
                default: 0
                }
                out.append(value &- UInt8(truncatingIfNeeded: predicted))
            }
        }
        return out
    }

    /// A JPEG of packed RGB pixels (4:4:4).
    public static func jpeg(rgb: [UInt8], width: Int, height: Int, quality: Int32 = 95) -> [UInt8] {
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = rgb.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &buffer, &size,
                        Int32(TJSAMP_444.rawValue), quality, 0)
        }
        precondition(status == 0, "tjCompress2 failed")
        defer { tjFree(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// A lossless WebP of packed RGBA pixels.
    public static func webpLossless(rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let size = rgba.withUnsafeBufferPointer {
            WebPEncodeLosslessRGBA($0.baseAddress, Int32(width), Int32(height), Int32(width * 4), &output)
        }
        precondition(size > 0, "WebPEncodeLosslessRGBA failed")
        defer { WebPFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// A lossy WebP of packed RGB pixels.
    public static func webp(rgb: [UInt8], width: Int, height: Int, quality: Float = 85) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let size = rgb.withUnsafeBufferPointer {
            WebPEncodeRGB($0.baseAddress, Int32(width), Int32(height), Int32(width * 3), quality, &output)
        }
        precondition(size > 0, "WebPEncodeRGB failed")
        defer { WebPFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    }

    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { target in
            data.withUnsafeBufferPointer { compress2(target.baseAddress, &size, $0.baseAddress, uLong($0.count), 6) }
        }
        precondition(status == Z_OK)
        return Array(out[0..<Int(size)])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        return be32(data.count) + typed + be32(Int(crc))
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
         UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}
