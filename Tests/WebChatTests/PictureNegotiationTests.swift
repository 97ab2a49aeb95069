import Testing
@testable import WebChat

@Suite("Picture format negotiation from Accept")
struct PictureNegotiationTests {
    @Test("WebP when the browser names image/webp with a quality above 0 (image/* alone: old Safari, no WebP)", arguments: [
        ("image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", true),
        ("image/webp", true),
        ("IMAGE/WEBP;q=0.5", true),
        ("image/*", false),
        ("image/png,image/webp;q=0", false),
        ("image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5", false),
        ("*/*", false),
        ("", false),
    ])
    func acceptsWebP(accept: String, expected: Bool) {
        #expect(PictureNegotiation.acceptsWebP(accept) == expected)
    }

    @Test("no Accept header: the stored picture")
    func noHeader() {
        #expect(!PictureNegotiation.acceptsWebP(nil))
    }
}
