import Foundation
import ImageTestEncoders
import StoryDomain
import StoryProviders
import Testing
@testable import ImageDecoding

/// The built-in illustrator writes each page's chat form (WebP) from its canvas's pixels, not by
/// decoding the PNG it has just encoded: the same picture, without the decoded copy.
@Suite("The built-in illustrator's chat form, written from its canvas")
struct CanvasChatFormTests {
    static func illustrate(_ time: TimeOfDay, writesChatForms: Bool = true) async throws -> Illustration {
        let request = StoryRequest(theme: "a sleepy dragon", heroName: "Mia", age: 5, pageCount: 3, seed: 7)
        let story = try await OfflineStoryWriter().write(request)
        var page = story.pages[0]
        page.scene.timeOfDay = time
        return try await OfflineIllustrator(writesChatForms: writesChatForms).illustrate(
            IllustrationRequest(title: story.title, sheet: story.sheet, page: page, pageNumber: 1, pageCount: 3, previous: nil, seed: 7))
    }

    @Test("The WebP from the canvas is the one the PNG gives: the same bytes, 768×512, close to the PNG's pixels, under a fifth of its size",
          arguments: [TimeOfDay.afternoon, .night])
    func sameAsFromThePNG(time: TimeOfDay) async throws {
        let page = try await Self.illustrate(time)
        guard case let .copy(contentType, webp) = try #require(page.chatForm) else {
            Issue.record("expected a WebP copy, got \(String(describing: page.chatForm))")
            return
        }
        #expect(contentType == "image/webp" && ImageDecoder.format(of: [UInt8](webp)) == .webp)
        let fromPNG = try #require(PictureEncoder.compact([UInt8](page.data)))
        #expect(fromPNG.format == .webp && [UInt8](webp) == fromPNG.bytes, "the same YUV from the same pixels")
        #expect(webp.count * 5 < page.data.count, "WebP \(webp.count) B against PNG \(page.data.count) B")
        let decoded = try WebPDecoder.decode([UInt8](webp))
        let original = try ImageDecoder.decode([UInt8](page.data))
        #expect(decoded.width == 768 && decoded.height == 512)
        #expect(PictureEncoderTests.meanDifference(decoded, original) < 6)
    }

    /// Writes a page's PNG, its WebP chat form and that WebP decoded (as a PNG, for viewers without
    /// WebP) to `CHAT_FORM_SAMPLES_DIR`: a tool for eyeballing, skipped when the variable is not set.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CHAT_FORM_SAMPLES_DIR"] != nil,
                   "writes a page and its chat form for eyeballing: set CHAT_FORM_SAMPLES_DIR"))
    func samples() async throws {
        let dir = URL(fileURLWithPath: try #require(ProcessInfo.processInfo.environment["CHAT_FORM_SAMPLES_DIR"]))
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for time in [TimeOfDay.afternoon, .night] {
            let page = try await Self.illustrate(time)
            guard case let .copy(_, webp) = try #require(page.chatForm) else { continue }
            let decoded = try WebPDecoder.decode([UInt8](webp))
            try page.data.write(to: dir.appendingPathComponent("\(time).png"))
            try webp.write(to: dir.appendingPathComponent("\(time).webp"))
            try Data(TestImageEncoder.png(rgb: PictureEncoder.rgb(of: decoded), width: decoded.width, height: decoded.height))
                .write(to: dir.appendingPathComponent("\(time)-webp-decoded.png"))
        }
    }

    @Test("Without `writesChatForms` the page comes without a form (the pipeline's encoder makes it)")
    func offByDefault() async throws {
        let page = try await Self.illustrate(.afternoon, writesChatForms: false)
        #expect(page.chatForm == nil && page.contentType == "image/png")
    }

    @Test("A WebP input from packed RGB pixels encodes to the picture's size; empty sizes are refused")
    func packedPixels() throws {
        let rgb = [UInt8](repeating: 120, count: 16 * 8 * 3)
        let webp = try #require(WebPInput(packed: rgb, width: 16, height: 8, alpha: false)?.encode())
        let decoded = try WebPDecoder.decode(webp)
        #expect(decoded.width == 16 && decoded.height == 8)
        #expect(WebPInput(packed: [], width: 0, height: 8, alpha: false) == nil)
    }
}
