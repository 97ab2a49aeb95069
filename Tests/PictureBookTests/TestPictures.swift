import CTurboJPEG
import CWebP
import CZlib
import Foundation

/// Pictures the size model illustrators return (1024 × 1024), made on the same libraries the
/// decoders use. "Painterly" pictures are smooth colour fields with grain, close to a model's
/// painting in how they compress; `grain` raises the noise (255: worst case).
enum TestPictures {
    static func pixels(width: Int, height: Int, grain: Int, seed: UInt64) -> [UInt8] {
        var state = seed | 1
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let noise = grain == 0 ? 0 : Int(state % UInt64(grain)) - grain / 2
                let index = (y * width + x) * 3
                rgb[index] = clamp(40 + x * 180 / width + noise)
                rgb[index + 1] = clamp(90 + y * 120 / height + noise)
                rgb[index + 2] = clamp(200 - (x + y) * 100 / (width + height) + noise)
            }
        }
        return rgb
    }

    static func clamp(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value))) }

    static func jpeg(width: Int = 1_024, height: Int = 1_024, grain: Int = 40, seed: UInt64 = 1, quality: Int32 = 92) -> Data {
        let rgb = pixels(width: width, height: height, grain: grain, seed: seed)
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
        return Data(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    static func webp(width: Int = 1_024, height: Int = 1_024, grain: Int = 40, seed: UInt64 = 1) -> Data {
        let rgb = pixels(width: width, height: height, grain: grain, seed: seed)
        var output: UnsafeMutablePointer<UInt8>?
        let size = rgb.withUnsafeBufferPointer {
            WebPEncodeRGB($0.baseAddress, Int32(width), Int32(height), Int32(width * 3), 85, &output)
        }
        precondition(size > 0, "WebPEncodeRGB failed")
        defer { WebPFree(output) }
        return Data(UnsafeBufferPointer(start: output, count: size))
    }

    /// An RGB PNG (filter None per row), as OpenAI-compatible illustrators return.
    static func png(width: Int = 1_024, height: Int = 1_024, grain: Int = 40, seed: UInt64 = 1) -> Data {
        let rgb = pixels(width: width, height: height, grain: grain, seed: seed)
        var rows: [UInt8] = []
        rows.reserveCapacity(rgb.count + height)
        for y in 0..<height {
            rows.append(0)
            rows += rgb[(y * width * 3)..<((y + 1) * width * 3)]
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        out += chunk("IDAT", deflate(rows))
        out += chunk("IEND", [])
        return Data(out)
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

    /// A bedtime page's worth of words (about 90).
    static let pageText = """
        Mia tiptoed across the meadow, where the grass was silver with moonlight and the crickets sang their soft \
        evening song. Her friend the owl blinked slowly from the old oak tree. "Are you sleepy too?" Mia whispered. \
        The owl ruffled his feathers and hooted, very gently, as if to say yes.

        Together they counted the stars: one for every lamp in the village, one for every dream still to come.
        """
}
