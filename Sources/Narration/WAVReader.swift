import Foundation

/// Reads a RIFF/WAVE file of 16-bit PCM (mono, or the first channel of several). Streaming
/// writers such as `espeak-ng --stdout` leave the sizes unset (0 or 0xFFFFFFFF): then the
/// samples run to the end of the data.
public enum WAVReader {
    public static func read(_ data: Data) throws(NarrationError) -> PCMAudio {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x41, 0x56, 0x45] else {
            throw .unreadableWAV("no RIFF/WAVE header")
        }
        var offset = 12
        var channels = 0
        var rate = 0
        var bits = 0
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(le32(bytes, offset + 4))
            let body = offset + 8
            if id == "fmt " {
                guard body + 16 <= bytes.count else { throw .unreadableWAV("short fmt chunk") }
                let format = le16(bytes, body)
                guard format == 1 || format == 0xFFFE else { throw .unreadableWAV("not PCM (format \(format))") }
                channels = Int(le16(bytes, body + 2))
                rate = Int(le32(bytes, body + 4))
                bits = Int(le16(bytes, body + 14))
            } else if id == "data" {
                guard channels >= 1, bits == 16 else { throw .unreadableWAV("not 16-bit PCM (\(bits) bits, \(channels) channels)") }
                let available = bytes.count - body
                let length = size == 0 || size > available ? available : size
                let frame = 2 * channels
                var samples = [Int16](repeating: 0, count: length / frame)
                for index in samples.indices {
                    let at = body + index * frame
                    samples[index] = Int16(bitPattern: UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8)
                }
                return PCMAudio(samples: samples, sampleRate: rate)
            }
            // Chunks are padded to an even size; a streaming writer's huge size ends the walk.
            guard size < bytes.count else { break }
            offset = body + size + (size & 1)
        }
        throw .unreadableWAV("no data chunk")
    }

    private static func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }

    private static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
