import Foundation
import Testing
import WebChat

/// Pictures are a family's own: shared caches (proxies, CDNs) must never keep them, so a
/// forgotten family's pictures do not live on there.
@Suite("Pictures are private to caches", .serialized)
struct PictureCacheTests {
    @Test("a picture and its 304 both say Cache-Control: private, never public")
    func privateToCaches() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/story new theme:owls pages:3")
        let page = try await anna.next("page 1") { $0.message?.page?.imageUrl != nil }
        let imageURL = try #require(page.message?.page?.imageUrl)
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
}
