import CZlib

/// A PNG reader on zlib: every colour type and bit depth of non-interlaced PNGs, to 8 bits per
/// channel (16-bit samples keep their high byte; palettes are expanded, with alpha from `tRNS`).
public enum PNGDecoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    struct Header {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: Int
        var interlaced: Bool

        /// Samples per pixel as stored.
        var samples: Int {
            switch colorType {
            case 0, 3: 1
            case 2: 3
            case 4: 2
            default: 4
            }
        }

        var bitsPerPixel: Int { samples * bitDepth }
        var rowBytes: Int { (width * bitsPerPixel + 7) / 8 }
        /// Bytes between a byte and the same byte of the pixel before it (at least 1).
        var filterDistance: Int { max(1, bitsPerPixel / 8) }
    }

    public static func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> DecodedImage {
        guard bytes.starts(with: signature) else { throw .unknownFormat }
        var header: Header?
        var palette: [UInt8] = []
        var transparency: [UInt8] = []
        var compressed: [UInt8] = []
        var offset = signature.count
        var ended = false
        while offset + 8 <= bytes.count {
            let length = Int(readUInt32(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8
            guard length <= bytes.count - start else { throw damaged("the \(type) chunk is cut short") }
            let data = bytes[start..<(start + length)]
            switch type {
            case "IHDR":
                guard length >= 13 else { throw damaged("its header is too short") }
                header = try parseHeader(Array(data))
            case "PLTE": palette = Array(data)
            case "tRNS": transparency = Array(data)
            case "IDAT": compressed.append(contentsOf: data)
            case "IEND": ended = true
            default: break
            }
            if ended { break }
            offset = start + length + 4
        }
        guard let header else { throw damaged("it has no header") }
        guard !compressed.isEmpty else { throw damaged("it has no picture data") }
        if header.interlaced { throw .unsupported(format: "PNG", detail: "interlaced PNGs are not read") }
        if header.colorType == 3, palette.count < 3 { throw damaged("its palette is missing") }

        var raw = try inflate(compressed, expected: header.height * (header.rowBytes + 1))
        try unfilter(&raw, header: header)
        // Handed over, not shared: the rows are then moved in place without a copy of the picture.
        return expand(consume raw, header: header, palette: palette, transparency: transparency)
    }

    static func parseHeader(_ data: [UInt8]) throws(ImageDecodingError) -> Header {
        let width = Int(readUInt32(data, 0))
        let height = Int(readUInt32(data, 4))
        let bitDepth = Int(data[8])
        let colorType = Int(data[9])
        let allowed: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let depths = allowed[colorType], depths.contains(bitDepth) else {
            throw damaged("colour type \(colorType) with \(bitDepth)-bit samples")
        }
        guard data[10] == 0, data[11] == 0 else { throw damaged("an unknown compression or filter method") }
        try ImageDecoder.checkSize(width, height, format: "PNG")
        return Header(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: data[12] != 0)
    }

    /// Unpacks the zlib stream into exactly `expected` bytes. The stream's 2-byte header is
    /// checked and skipped and the deflate data inflated raw: like the chunks' CRCs, the
    /// trailing Adler-32 is not verified (a tenth of the decoding time; the sizes still are).
    static func inflate(_ compressed: [UInt8], expected: Int) throws(ImageDecodingError) -> [UInt8] {
        guard compressed.count > 2, compressed[0] & 0x0F == 8, (Int(compressed[0]) << 8 | Int(compressed[1])) % 31 == 0,
              compressed[1] & 0x20 == 0 else { throw damaged("its compressed data has no valid zlib header") }
        var status: Int32 = Z_OK
        var produced = 0
        let output = [UInt8](unsafeUninitializedCapacity: expected) { target, initialized in
            let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            defer {
                inflateEnd(stream)
                stream.deinitialize(count: 1)
                stream.deallocate()
            }
            compressed.withUnsafeBufferPointer { source in
                status = inflateInit2_(stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
                guard status == Z_OK else { return }
                stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress! + 2)
                stream.pointee.avail_in = uInt(source.count - 2)
                stream.pointee.next_out = target.baseAddress
                stream.pointee.avail_out = uInt(expected)
                status = CZlib.inflate(stream, Z_FINISH)
                produced = expected - Int(stream.pointee.avail_out)
            }
            // Bytes zlib did not write are zeroed, so the array is always fully initialized.
            if produced < expected { (target.baseAddress! + produced).initialize(repeating: 0, count: expected - produced) }
            initialized = expected
        }
        // Z_BUF_ERROR with a full buffer: more data than the header's size calls for; use what fits.
        guard status == Z_STREAM_END || (status == Z_BUF_ERROR && produced == expected) || (status == Z_OK && produced == expected) else {
            throw damaged(produced < expected ? "its picture data is cut short" : "its compressed data does not unpack (zlib \(status))")
        }
        return output
    }

    /// Undoes each row's filter (None, Sub, Up, Average, Paeth) in place.
    static func unfilter(_ raw: inout [UInt8], header: Header) throws(ImageDecodingError) {
        let rowBytes = header.rowBytes
        let distance = header.filterDistance
        let stride = rowBytes + 1
        var badFilter: UInt8?
        raw.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for y in 0..<header.height {
                let row = base + y * stride + 1
                let previous: UnsafeMutablePointer<UInt8>? = y > 0 ? base + (y - 1) * stride + 1 : nil
                switch base[y * stride] {
                case 0: break
                case 1:
                    for i in distance..<max(distance, rowBytes) { row[i] &+= row[i - distance] }
                case 2:
                    guard let previous else { break }
                    for i in 0..<rowBytes { row[i] &+= previous[i] }
                case 3:
                    for i in 0..<rowBytes {
                        let left = i >= distance ? Int(row[i - distance]) : 0
                        let up = previous.map { Int($0[i]) } ?? 0
                        row[i] &+= UInt8((left + up) >> 1)
                    }
                case 4:
                    for i in 0..<rowBytes {
                        let left = i >= distance ? Int(row[i - distance]) : 0
                        let up = previous.map { Int($0[i]) } ?? 0
                        let upLeft = i >= distance ? (previous.map { Int($0[i - distance]) } ?? 0) : 0
                        row[i] &+= paeth(left, up, upLeft)
                    }
                case let other:
                    badFilter = other
                    return
                }
            }
        }
        if let badFilter { throw damaged("a row has the unknown filter \(badFilter)") }
    }

    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> UInt8 {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb, pa <= pc { return UInt8(truncatingIfNeeded: a) }
        return pb <= pc ? UInt8(truncatingIfNeeded: b) : UInt8(truncatingIfNeeded: c)
    }

    /// The unfiltered rows as 8-bit interleaved pixels without the filter bytes.
    static func expand(_ raw: consuming [UInt8], header: Header, palette: [UInt8], transparency: [UInt8]) -> DecodedImage {
        let width = header.width, height = header.height, stride = header.rowBytes + 1
        if header.bitDepth == 8, header.colorType != 3 {
            // Already 8-bit samples: the rows are moved over their filter bytes, in place (`raw` is
            // consumed, so the buffer is unique and is not copied first).
            var pixels = consume raw
            let rowBytes = header.rowBytes
            pixels.withUnsafeMutableBytes { buffer in
                for y in 0..<height {
                    (buffer.baseAddress! + y * rowBytes).copyMemory(from: buffer.baseAddress! + y * stride + 1, byteCount: rowBytes)
                }
            }
            pixels.removeLast(height)
            return DecodedImage(width: width, height: height, channels: header.samples, bytes: pixels)
        }
        let hasAlpha = header.colorType == 3 && !transparency.isEmpty
        let channels = header.colorType == 3 ? (hasAlpha ? 4 : 3) : header.samples
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        raw.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let row = source.baseAddress! + y * stride + 1
                    let out = target.baseAddress! + y * width * channels
                    switch (header.colorType, header.bitDepth) {
                    case (3, _):
                        for x in 0..<width {
                            let index = Int(sample(row, x, bitDepth: header.bitDepth))
                            for c in 0..<3 { out[x * channels + c] = index * 3 + c < palette.count ? palette[index * 3 + c] : 0 }
                            if hasAlpha { out[x * 4 + 3] = index < transparency.count ? transparency[index] : 255 }
                        }
                    case (_, 8):
                        out.update(from: row, count: width * channels)
                    case (_, 16):
                        for i in 0..<(width * channels) { out[i] = row[i * 2] }
                    default:
                        // Gray at 1, 2 or 4 bits: scaled to 0...255.
                        let scale = 255 / ((1 << header.bitDepth) - 1)
                        for x in 0..<width { out[x] = UInt8(Int(sample(row, x, bitDepth: header.bitDepth)) * scale) }
                    }
                }
            }
        }
        return DecodedImage(width: width, height: height, channels: channels, bytes: pixels)
    }

    /// The `x`th sample of a row packed at `bitDepth` (1, 2, 4 or 8) bits, high bits first.
    @inline(__always)
    static func sample(_ row: UnsafePointer<UInt8>, _ x: Int, bitDepth: Int) -> UInt8 {
        guard bitDepth < 8 else { return row[x] }
        let bit = x * bitDepth
        let shift = 8 - bitDepth - bit % 8
        return (row[bit / 8] >> UInt8(shift)) & UInt8((1 << bitDepth) - 1)
    }

    static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    static func damaged(_ detail: String) -> ImageDecodingError { .damaged(format: "PNG", detail: detail) }
}
