import Foundation
import Testing
import WebChat

/// Pictures are a family's own: shared caches (proxies, CDNs) must never keep them, so a
/// forgotten family's pictures do not live on there. Browsers that accept WebP get WebP (each
/// format with its own validator), the others the stored PNG.
@Suite("Pictures are private to caches", .serialized)
struct PictureCacheTests {
    /// Anna in the family room with the URL of her new story's first picture.
    static func storyPicture(_ app: TestApp) async throws -> (anna: ChatTestClient, url: String) {
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/story new theme:owls pages:3")
        let page = try await anna.next("page 1") { $0.message?.page?.imageUrl != nil }
        return (anna, try #require(page.message?.page?.imageUrl))
    }

    @Test("a picture and its 304 both say Cache-Control: private, never public")
    func privateToCaches() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let (anna, imageURL) = try await Self.storyPicture(app)
        let (status, _, headers) = try await app.get(imageURL, as: anna.member)
        #expect(status == 200)
        let etag = try #require(headers["etag"])
        let (revalidated, _, again) = try await app.get(imageURL, as: anna.member, headers: ["If-None-Match": etag])
        #expect(revalidated == 304)
        for cacheControl in [headers["cache-control"], again["cache-control"]] {
            let directives = Set((cacheControl ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            #expect(directives.contains("private"), "\(cacheControl ?? "none")")
            #expect(!directives.contains("public"))
        }
        await anna.close()
        await app.stop()
    }

    @Test("a browser that accepts WebP gets a small WebP, one that does not gets the PNG; each revalidates to a 304")
    func contentNegotiation() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let (anna, imageURL) = try await Self.storyPicture(app)

        let browser = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"
        let (webpStatus, webp, webpHeaders) = try await app.get(imageURL, as: anna.member, headers: ["Accept": browser])
        let (pngStatus, png, pngHeaders) = try await app.get(imageURL, as: anna.member, headers: ["Accept": "image/png"])
        #expect(webpStatus == 200 && pngStatus == 200)
        #expect(webpHeaders["content-type"] == "image/webp" && webp.starts(with: Data("RIFF".utf8)))
        #expect(pngHeaders["content-type"] == "image/png" && png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(webp.count * 5 < png.count, "WebP \(webp.count) B against PNG \(png.count) B")
        #expect(webpHeaders["vary"] == "Accept" && pngHeaders["vary"] == "Accept")
        #expect(webpHeaders["cache-control"]?.hasPrefix("private") == true)
        let webpTag = try #require(webpHeaders["etag"]), pngTag = try #require(pngHeaders["etag"])
        #expect(webpTag != pngTag)
        let (revalidated, notModified, _) = try await app.get(imageURL, as: anna.member, headers: ["Accept": browser, "If-None-Match": webpTag])
        #expect(revalidated == 304 && notModified.isEmpty)
        print("bytes per picture (web chat, built-in 768×512): first fetch \(webp.count) B (PNG \(png.count) B); conditional re-fetch \(notModified.count) B (304)")
        #expect(try await app.get(imageURL, as: anna.member, headers: ["If-None-Match": pngTag]).0 == 304)
        #expect(try await app.get(imageURL, as: anna.member, headers: ["If-None-Match": webpTag]).0 == 200,
                "a PNG-only browser holding a WebP validator gets the PNG")
        await anna.close()
        await app.stop()
    }
}
