extension OpenAIFake {
    /// A solid-colour 8-bit RGB PNG, written by hand: stored (uncompressed) deflate blocks in a
    /// zlib stream, with Adler-32 and CRC-32 checksums.
    enum SolidPNG {
        static func make(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) -> [UInt8] {
            var pixels: [UInt8] = []
            pixels.reserveCapacity((width * 3 + 1) * height)
            for _ in 0..<height {
                pixels.append(0) // filter: none
                for _ in 0..<width { pixels += [red, green, blue] }
            }
            let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0] // depth 8, RGB
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                + chunk("IHDR", header) + chunk("IDAT", zlibStored(pixels)) + chunk("IEND", [])
        }

        /// A zlib stream of stored deflate blocks (at most 65,535 bytes each).
        static func zlibStored(_ data: [UInt8]) -> [UInt8] {
            var stream: [UInt8] = [0x78, 0x01]
            var offset = 0
            repeat {
                let end = min(offset + 65_535, data.count)
                let length = UInt16(end - offset)
                stream += [end == data.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8),
                           UInt8(~length & 0xFF), UInt8(~length >> 8)]
                stream += data[offset..<end]
                offset = end
            } while offset < data.count
            return stream + bigEndian(Int(adler32(data)))
        }

        static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + data
            return bigEndian(data.count) + typed + bigEndian(Int(crc32(typed)))
        }

        static func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }

        static func adler32(_ bytes: [UInt8]) -> UInt32 {
            var a: UInt32 = 1
            var b: UInt32 = 0
            for byte in bytes {
                a = (a + UInt32(byte)) % 65_521
                b = (b + a) % 65_521
            }
            return b << 16 | a
        }

        static func bigEndian(_ value: Int) -> [UInt8] {
            [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
        }
    }
}
