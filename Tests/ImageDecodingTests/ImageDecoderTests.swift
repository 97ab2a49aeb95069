import ImageTestEncoders
import Testing
import Textify
@testable import ImageDecoding

@Suite("Image decoding: PNG (zlib), JPEG (libjpeg-turbo), WebP (libwebp)")
struct ImageDecoderTests {
    /// A 7×5 RGB test card: a red-to-blue gradient across, green rising down.
    static let width = 7, height = 5
    static let rgb: [UInt8] = {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { bytes += [UInt8(x * 36), UInt8(y * 60), UInt8(255 - x * 36)] }
        }
        return bytes
    }()

    /// RGB bytes with an alpha byte after every third.
    static func addingAlpha(_ rgb: [UInt8], _ alpha: UInt8) -> [UInt8] {
        var out: [UInt8] = []
        for index in stride(from: 0, to: rgb.count, by: 3) { out += [rgb[index], rgb[index + 1], rgb[index + 2], alpha] }
        return out
    }

    @Test("PNG RGB with every row filter (None, Sub, Up, Average, Paeth) decodes exactly")
    func pngFilters() throws {
        let rows = TestImageEncoder.filterRows(Self.rgb, width: Self.width, height: Self.height, bytesPerPixel: 3, filters: [0, 1, 2, 3, 4])
        let png = TestImageEncoder.png(width: Self.width, height: Self.height, bitDepth: 8, colorType: 2, rows: rows)
        #expect(ImageDecoder.format(of: png) == .png)
        let image = try ImageDecoder.decode(png)
        #expect(image.width == 7 && image.height == 5 && image.channels == 3)
        #expect(image.bytes == Self.rgb)
    }

    @Test("PNG gray, gray with alpha, RGBA, 16-bit and 1-bit pictures decode to 8-bit channels")
    func pngColourTypes() throws {
        let gray: [UInt8] = [0, 64, 128, 255]
        let grayPNG = TestImageEncoder.png(width: 2, height: 2, bitDepth: 8, colorType: 0,
                                       rows: TestImageEncoder.filterRows(gray, width: 2, height: 2, bytesPerPixel: 1, filters: [4]))
        #expect(try ImageDecoder.decode(grayPNG) == DecodedImage(width: 2, height: 2, channels: 1, bytes: gray))

        let grayAlpha: [UInt8] = [10, 255, 20, 0]
        let gaPNG = TestImageEncoder.png(width: 2, height: 1, bitDepth: 8, colorType: 4, rows: [1] + [10, 255, 10, 1])
        #expect(try ImageDecoder.decode(gaPNG).bytes == grayAlpha)

        let rgba: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        let rgbaPNG = TestImageEncoder.png(width: 2, height: 1, bitDepth: 8, colorType: 6, rows: [0] + rgba)
        #expect(try ImageDecoder.decode(rgbaPNG) == DecodedImage(width: 2, height: 1, channels: 4, bytes: rgba))

        // 16-bit RGB keeps each sample's high byte.
        let deep = TestImageEncoder.png(width: 1, height: 1, bitDepth: 16, colorType: 2, rows: [0, 0xAB, 0xCD, 0x12, 0x34, 0xFF, 0x00])
        #expect(try ImageDecoder.decode(deep).bytes == [0xAB, 0x12, 0xFF])

        // 1-bit gray, 10 pixels (two bytes per row, high bits first): scaled to 0 and 255.
        let bits = TestImageEncoder.png(width: 10, height: 1, bitDepth: 1, colorType: 0, rows: [0, 0b1010_0000, 0b0100_0000])
        #expect(try ImageDecoder.decode(bits).bytes == [255, 0, 255, 0, 0, 0, 0, 0, 0, 255])
    }

    @Test("PNG palettes expand to RGB, or RGBA with tRNS, at 8 and 2 bits")
    func pngPalette() throws {
        let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255]
        let eight = TestImageEncoder.png(width: 3, height: 1, bitDepth: 8, colorType: 3, rows: [0, 2, 1, 0],
                                     before: [("PLTE", palette)])
        #expect(try ImageDecoder.decode(eight) == DecodedImage(width: 3, height: 1, channels: 3, bytes: [0, 0, 255, 0, 255, 0, 255, 0, 0]))
        let twoBit = TestImageEncoder.png(width: 3, height: 1, bitDepth: 2, colorType: 3, rows: [0, 0b1001_0000],
                                      before: [("PLTE", palette), ("tRNS", [0, 128])])
        #expect(try ImageDecoder.decode(twoBit).bytes == [0, 0, 255, 255, 0, 255, 0, 128, 255, 0, 0, 0])
    }

    @Test("JPEG: colour and gray pictures through TurboJPEG, close to what was encoded")
    func jpeg() throws {
        // 16×16 blocks of flat colour survive JPEG nearly unchanged.
        let width = 32, height = 16
        let colours: [[UInt8]] = [[250, 250, 250], [10, 10, 10]]
        var rgb: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width { rgb += colours[x / 16] }
        }
        let bytes = TestImageEncoder.jpeg(rgb: rgb, width: width, height: height)
        #expect(ImageDecoder.format(of: bytes) == .jpeg)
        let image = try ImageDecoder.decode(bytes)
        #expect(image.width == width && image.height == height && image.channels == 3)
        let error = zip(image.bytes, rgb).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(error <= 8)
        let gray = try #require(image.grayImage)
        #expect(gray[4, 8] > 0.9 && gray[28, 8] < 0.1)
    }

    @Test("WebP (lossless) decodes exactly to RGBA")
    func webp() throws {
        let rgba = Self.addingAlpha(Self.rgb, 200)
        let bytes = TestImageEncoder.webpLossless(rgba: rgba, width: Self.width, height: Self.height)
        #expect(ImageDecoder.format(of: bytes) == .webp)
        let image = try ImageDecoder.decode(bytes)
        #expect(image == DecodedImage(width: Self.width, height: Self.height, channels: 4, bytes: rgba))
    }

    @Test("Bad bytes get a clear answer, never a crash")
    func badInput() throws {
        #expect(throws: ImageDecodingError.unknownFormat) { try ImageDecoder.decode([]) }
        #expect(throws: ImageDecodingError.unknownFormat) { try ImageDecoder.decode(Array("hello, world".utf8)) }
        let good = TestImageEncoder.png(width: 2, height: 1, bitDepth: 8, colorType: 0, rows: [0, 1, 2])
        for cut in [9, 20, 33, good.count - 20] {
            #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(Array(good[0..<cut])) }
        }
        let huge = TestImageEncoder.png(width: 100_000, height: 100_000, bitDepth: 8, colorType: 0, rows: [0])
        #expect(throws: ImageDecodingError.tooLarge(width: 100_000, height: 100_000)) { try ImageDecoder.decode(huge) }
        let interlaced = TestImageEncoder.png(width: 1, height: 1, bitDepth: 8, colorType: 0, rows: [0, 0], interlaced: true)
        #expect(throws: ImageDecodingError.unsupported(format: "PNG", detail: "interlaced PNGs are not read")) {
            try ImageDecoder.decode(interlaced)
        }
        let badFilter = TestImageEncoder.png(width: 1, height: 1, bitDepth: 8, colorType: 0, rows: [9, 0])
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(badFilter) }
        let jpegHeaderOnly: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16]
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(jpegHeaderOnly) }
        let webpHeaderOnly = Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(webpHeaderOnly) }
        #expect(ImageDecodingError.tooLarge(width: 1, height: 2).description.contains("too large"))
    }

    @Test("A PNG, a JPEG and a WebP of the same picture make the same text art")
    func sameArtFromEveryFormat() throws {
        // A dark square on light paper, 32×32, in blocks of 8 so JPEG keeps it crisp.
        let size = 32
        var rgb: [UInt8] = []
        for y in 0..<size {
            for x in 0..<size { rgb += (8..<24).contains(x) && (8..<24).contains(y) ? [20, 20, 60] : [240, 235, 220] }
        }
        let png = TestImageEncoder.png(width: size, height: size, bitDepth: 8, colorType: 2,
                                   rows: TestImageEncoder.filterRows(rgb, width: size, height: size, bytesPerPixel: 3, filters: [1, 2, 4]))
        let rgba = Self.addingAlpha(rgb, 255)
        let options = TextArtOptions(columns: 8, invert: true, tone: ToneAdjustment(autoLevels: true))
        let expected = [
            "        ",
            "  @@@@  ",
            "  @@@@  ",
            "        ",
        ]
        for bytes in [png, TestImageEncoder.jpeg(rgb: rgb, width: size, height: size), TestImageEncoder.webpLossless(rgba: rgba, width: size, height: size)] {
            #expect(try PictureTextifier.textArt(of: bytes, options: options).lines == expected)
        }
    }
}
