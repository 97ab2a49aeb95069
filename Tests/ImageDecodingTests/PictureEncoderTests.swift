import Foundation
import StoryDomain
import Testing
@testable import ImageDecoding

@Suite("Compact pictures for chats: a built-in page as WebP (JPEG as the fallback)")
struct PictureEncoderTests {
    /// The mean absolute difference of the colour channels of two pictures of the same size.
    static func meanDifference(_ a: DecodedImage, _ b: DecodedImage) -> Double {
        let left = PictureEncoder.rgb(of: a), right = PictureEncoder.rgb(of: b)
        var total = 0
        for index in left.indices { total += abs(Int(left[index]) - Int(right[index])) }
        return Double(total) / Double(left.count)
    }

    @Test("A built-in 768×512 page becomes a WebP under a fifth of its PNG that decodes to the same size and close pixels")
    func webpRoundTrip() async throws {
        let (png, _) = try await IllustratorPageTests.page(.afternoon)
        let original = try ImageDecoder.decode(png)
        #expect(original.width == 768 && original.height == 512)
        let clock = ContinuousClock()
        var compact: (format: PictureEncoder.Format, bytes: [UInt8])?
        let elapsed = clock.measure { compact = PictureEncoder.compact(png) }
        let (format, webp) = try #require(compact)
        #expect(format == .webp && ImageDecoder.format(of: webp) == .webp)
        #expect(webp.count * 5 < png.count, "WebP \(webp.count) B against PNG \(png.count) B")
        let decoded = try WebPDecoder.decode(webp)
        #expect(decoded.width == original.width && decoded.height == original.height)
        #expect(Self.meanDifference(decoded, original) < 6)
        let decodeTime = clock.measure { _ = try? ImageDecoder.decode(png) }
        let webpTime = clock.measure { _ = PictureEncoder.webp(original) }
        var jpegSize = 0
        let jpegTime = clock.measure { jpegSize = PictureEncoder.jpeg(original)?.count ?? 0 }
        print("picture encoder: PNG \(png.count) B → WebP q85 \(webp.count) B in \(elapsed) (PNG decode \(decodeTime), "
              + "WebP encode \(webpTime)); JPEG q85 \(jpegSize) B in \(jpegTime)")
    }

    @Test("Every time of day's built-in page is under a fifth of its PNG as WebP", arguments: TimeOfDay.allCases)
    func everyTimeOfDay(time: TimeOfDay) async throws {
        let (png, _) = try await IllustratorPageTests.page(time)
        let (_, webp) = try #require(PictureEncoder.compact(png))
        #expect(webp.count * 5 < png.count)
        print("picture encoder: \(time): PNG \(png.count) B → WebP \(webp.count) B")
    }

    @Test("The same pixels always give the same bytes")
    func deterministic() async throws {
        let (png, _) = try await IllustratorPageTests.page(.night)
        let first = try #require(PictureEncoder.compact(png))
        let second = try #require(PictureEncoder.compact(png))
        #expect(first.bytes == second.bytes)
    }

    @Test("JPEG, the fallback, also keeps the size and close pixels, transparent parts over white")
    func jpegRoundTrip() async throws {
        let (png, _) = try await IllustratorPageTests.page(.afternoon)
        let original = try ImageDecoder.decode(png)
        let jpeg = try #require(PictureEncoder.jpeg(original))
        #expect(ImageDecoder.format(of: jpeg) == .jpeg && jpeg.count < png.count)
        let decoded = try ImageDecoder.decode(jpeg)
        #expect(decoded.width == 768 && decoded.height == 512)
        #expect(Self.meanDifference(decoded, original) < 6)

        let clear = DecodedImage(width: 2, height: 1, channels: 4, bytes: [0, 0, 0, 0, 0, 0, 0, 255])
        #expect(PictureEncoder.rgb(of: clear) == [255, 255, 255, 0, 0, 0])
    }

    @Test("Gray and transparent pictures encode; bytes that are no picture give nil")
    func otherInputs() throws {
        let gray = DecodedImage(width: 16, height: 8, channels: 1, bytes: (0..<128).map { UInt8($0 * 2) })
        let webp = try #require(PictureEncoder.webp(gray))
        #expect(try WebPDecoder.decode(webp).width == 16)
        let clear = DecodedImage(width: 8, height: 8, channels: 2, bytes: [UInt8](repeating: 0, count: 128))
        #expect(PictureEncoder.webp(clear) != nil)
        #expect(PictureEncoder.compact(Array("not a picture".utf8)) == nil)
    }
}
