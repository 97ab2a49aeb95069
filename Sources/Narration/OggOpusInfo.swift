import Foundation

/// What an Ogg/Opus stream says about itself, read page by page (RFC 3533, RFC 7845): every
/// page starts with `OggS` and its CRC matches, the first packet is `OpusHead` and the second
/// `OpusTags`, and the last granule position (48 kHz samples) less the pre-skip gives the length.
public struct OggOpusInfo: Sendable, Equatable {
    public var pageCount: Int
    public var channels: Int
    /// The encoder's input rate, as recorded in `OpusHead` (playback is always 48 kHz).
    public var inputSampleRate: Int
    public var preSkip: Int
    /// The last page's granule position.
    public var finalGranule: Int64
    /// The vendor string in `OpusTags`.
    public var vendor: String

    /// Seconds of audio.
    public var duration: Double { Double(max(0, finalGranule - Int64(preSkip))) / 48_000 }

    public init(_ data: Data) throws(NarrationError) {
        let bytes = [UInt8](data)
        var offset = 0
        var pages = 0
        var granule: Int64 = -1
        var packets: [[UInt8]] = []
        var pending: [UInt8] = []
        var sawEnd = false
        while offset < bytes.count {
            guard offset + 27 <= bytes.count, bytes[offset..<offset + 4] == [0x4F, 0x67, 0x67, 0x53] else {
                throw .notOggOpus("page \(pages + 1) does not start with OggS")
            }
            guard bytes[offset + 4] == 0 else { throw .notOggOpus("unknown Ogg version") }
            let segments = Int(bytes[offset + 26])
            let header = 27 + segments
            guard offset + header <= bytes.count else { throw .notOggOpus("short page header") }
            let lacing = bytes[offset + 27..<offset + header]
            let bodyLength = lacing.reduce(0) { $0 + Int($1) }
            let end = offset + header + bodyLength
            guard end <= bytes.count else { throw .notOggOpus("short page body") }
            var page = Array(bytes[offset..<end])
            let stored = UInt32(page[22]) | UInt32(page[23]) << 8 | UInt32(page[24]) << 16 | UInt32(page[25]) << 24
            page[22] = 0; page[23] = 0; page[24] = 0; page[25] = 0
            guard OggCRC.checksum(page) == stored else { throw .notOggOpus("page \(pages + 1) fails its CRC") }
            var position: Int64 = 0
            for index in 0..<8 { position |= Int64(bytes[offset + 6 + index]) << (8 * index) }
            if position != -1 { granule = position }
            if bytes[offset + 5] & 0x04 != 0 { sawEnd = true }
            // Packets: segments of 255 continue; a shorter one ends a packet.
            var cursor = offset + header
            for size in lacing {
                if packets.count < 2 { pending += bytes[cursor..<cursor + Int(size)] }
                cursor += Int(size)
                if size < 255, packets.count < 2 {
                    packets.append(pending)
                    pending = []
                }
            }
            pages += 1
            offset = end
        }
        guard pages > 0 else { throw .notOggOpus("no pages") }
        guard sawEnd else { throw .notOggOpus("no end-of-stream page") }
        guard packets.count == 2, packets[0].count >= 19, packets[0].starts(with: Array("OpusHead".utf8)) else {
            throw .notOggOpus("no OpusHead")
        }
        let head = packets[0]
        guard packets[1].count >= 16, packets[1].starts(with: Array("OpusTags".utf8)) else { throw .notOggOpus("no OpusTags") }
        let tags = packets[1]
        let vendorLength = Int(UInt32(tags[8]) | UInt32(tags[9]) << 8 | UInt32(tags[10]) << 16 | UInt32(tags[11]) << 24)
        guard 12 + vendorLength <= tags.count else { throw .notOggOpus("short OpusTags") }
        pageCount = pages
        channels = Int(head[9])
        preSkip = Int(UInt16(head[10]) | UInt16(head[11]) << 8)
        inputSampleRate = Int(UInt32(head[12]) | UInt32(head[13]) << 8 | UInt32(head[14]) << 16 | UInt32(head[15]) << 24)
        finalGranule = max(0, granule)
        vendor = String(decoding: tags[12..<12 + vendorLength], as: UTF8.self)
    }
}

/// Ogg's page checksum: CRC-32, polynomial 0x04C11DB7, no reflection, initial value 0.
enum OggCRC {
    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index) << 24
        for _ in 0..<8 { value = value & 0x8000_0000 != 0 ? (value << 1) ^ 0x04C1_1DB7 : value << 1 }
        return value
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.reduce(UInt32(0)) { crc, byte in (crc << 8) ^ table[Int((crc >> 24) ^ UInt32(byte))] }
    }
}
