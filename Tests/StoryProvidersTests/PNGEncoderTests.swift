import CZlib
import Foundation
import Testing
@testable import StoryProviders

@Suite("PNG encoder")
struct PNGEncoderTests {
    /// Reads the PNG back with nothing but zlib: every chunk's CRC, the IDAT stream, the Sub and
    /// Up filters. Returns the pixels as 0xRRGGBB words.
    private func decode(_ png: Data) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        let bytes = [UInt8](png)
        #expect(Array(bytes.prefix(8)) == PNGInspector.signature)
        var offset = 8
        var chunks: [(type: String, body: [UInt8])] = []
        func bigEndian(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        while offset < bytes.count {
            let length = bigEndian(offset)
            let typeAndBody = Array(bytes[offset + 4..<offset + 8 + length])
            let crc = typeAndBody.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
            #expect(UInt32(crc) == UInt32(bigEndian(offset + 8 + length)), "CRC of chunk at \(offset)")
            chunks.append((String(decoding: typeAndBody.prefix(4), as: UTF8.self), Array(typeAndBody.dropFirst(4))))
            offset += 12 + length
        }
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        let header = chunks[0].body
        let width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }, height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        #expect(Array(header[8...]) == [8, 2, 0, 0, 0])
        let rowBytes = width * 3 + 1
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        var rawLength = uLong(raw.count)
        let idat = chunks[1].body
        let status = raw.withUnsafeMutableBufferPointer { out in
            idat.withUnsafeBufferPointer { uncompress(out.baseAddress, &rawLength, $0.baseAddress, uLong($0.count)) }
        }
        try #require(status == Z_OK && Int(rawLength) == raw.count)
        var previous = [UInt8](repeating: 0, count: width * 3)
        var pixels: [UInt32] = []
        for y in 0..<height {
            let filter = raw[y * rowBytes]
            var row = Array(raw[y * rowBytes + 1..<(y + 1) * rowBytes])
            for i in row.indices {
                switch filter {
                case 1: row[i] &+= i >= 3 ? row[i - 3] : 0
                case 2: row[i] &+= previous[i]
                default: Issue.record("unexpected filter \(filter)")
                }
            }
            for x in 0..<width { pixels.append(UInt32(row[x * 3]) << 16 | UInt32(row[x * 3 + 1]) << 8 | UInt32(row[x * 3 + 2])) }
            previous = row
        }
        return (width, height, pixels)
    }

    @Test("what it writes decodes, with zlib alone, to exactly the pixels it was given")
    func roundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        for (width, height) in [(768, 512), (1, 1), (3, 200), (257, 3)] {
            let stride = width * 4 + 16 // Cairo may pad rows
            var words = [UInt32](repeating: 0, count: stride / 4 * height)
            var expected: [UInt32] = []
            for y in 0..<height {
                for x in 0..<width {
                    // Smooth gradients (as painted) with noisy patches (as in textures).
                    let noisy = (x / 16 + y / 16) % 5 == 0
                    let pixel = noisy ? UInt32.random(in: 0...0xFF_FFFF, using: &generator)
                        : UInt32(x * 255 / max(1, width - 1)) << 16 | UInt32(y * 255 / max(1, height - 1)) << 8 | 0x80
                    words[y * stride / 4 + x] = 0xFF00_0000 | pixel
                    expected.append(pixel)
                }
            }
            let png = try #require(words.withUnsafeBytes { PNGEncoder.encode(width: width, height: height, stride: stride, pixels: $0.baseAddress!) })
            let decoded = try decode(png)
            #expect(decoded.width == width && decoded.height == height)
            #expect(decoded.pixels == expected, "\(width)×\(height)")
        }
    }
}
