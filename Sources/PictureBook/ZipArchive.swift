import CZlib
import Foundation

/// A small ZIP writer (PKWARE APPNOTE): entries stored or deflated, in the order added, with a
/// central directory. Enough for an EPUB; no ZIP64 (an EPUB here is a few MB).
struct ZipArchive {
    private struct Entry {
        var name: [UInt8]
        var crc: UInt32
        var method: UInt16
        var compressedSize: Int
        var size: Int
        var offset: Int
    }

    private(set) var data = Data()
    private var entries: [Entry] = []

    /// Adds a file. `compress`: deflate it (text); pictures and `mimetype` are stored as they are.
    mutating func add(_ name: String, _ bytes: [UInt8], compress: Bool) {
        let crc = bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        var body = bytes
        var method: UInt16 = 0
        if compress, let deflated = Self.rawDeflate(bytes), deflated.count < bytes.count {
            body = deflated
            method = 8
        }
        let entry = Entry(name: Array(name.utf8), crc: crc, method: method, compressedSize: body.count, size: bytes.count,
                          offset: data.count)
        // Local file header.
        append32(0x0403_4B50)
        append16(20); append16(0x0800) // version needed; flags: UTF-8 names
        append16(method); append16(0); append16(0x21) // method; time 00:00; date 1980-01-01
        append32(crc); append32(UInt32(body.count)); append32(UInt32(bytes.count))
        append16(UInt16(entry.name.count)); append16(0)
        data.append(contentsOf: entry.name)
        data.append(contentsOf: body)
        entries.append(entry)
    }

    /// The archive with its central directory.
    mutating func finish() -> Data {
        let directoryStart = data.count
        for entry in entries {
            append32(0x0201_4B50)
            append16(20); append16(20); append16(0x0800)
            append16(entry.method); append16(0); append16(0x21)
            append32(entry.crc); append32(UInt32(entry.compressedSize)); append32(UInt32(entry.size))
            append16(UInt16(entry.name.count)); append16(0); append16(0) // name, extra, comment lengths
            append16(0); append16(0); append32(0) // disk, internal and external attributes
            append32(UInt32(entry.offset))
            data.append(contentsOf: entry.name)
        }
        let directorySize = data.count - directoryStart
        append32(0x0605_4B50)
        append16(0); append16(0)
        append16(UInt16(entries.count)); append16(UInt16(entries.count))
        append32(UInt32(directorySize)); append32(UInt32(directoryStart))
        append16(0)
        return data
    }

    /// Raw deflate: zlib's `compress2` output without its 2-byte header and 4-byte checksum.
    static func rawDeflate(_ bytes: [UInt8]) -> [UInt8]? {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { compress2(target.baseAddress, &size, $0.baseAddress, uLong($0.count), 9) }
        }
        guard status == Z_OK, size > 6 else { return nil }
        return Array(out[2..<(Int(size) - 4)])
    }

    private mutating func append16(_ value: UInt16) {
        data.append(UInt8(value & 0xFF)); data.append(UInt8(value >> 8))
    }

    private mutating func append32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { data.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
