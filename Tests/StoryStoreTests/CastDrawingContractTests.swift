import Foundation
import StoryDomain
import StoryStorePostgres
import StoryTestSupport
import Testing
@testable import StoryStore

/// A cast member's drawing (`cast_drawing`, v28) on both engines and the fake: kept with the
/// member, replaced, deleted with the member and with the family's data.
@Suite("Storage contract: a cast member's drawing")
struct CastDrawingContractTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    static let family = FamilyRef(platform: "discord", externalID: "family")
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])

    func make(_ backend: StoreBackend) async throws -> (cast: any CastStore, drawings: any CastDrawingStore, familyData: (any FamilyDataStore)?) {
        switch backend {
        case .postgres:
            let database = try await StoreBackend.postgres()
            return (PostgresCastStore(database: database, clock: clock), PostgresCastDrawingStore(database: database, clock: clock),
                    PostgresFamilyDataStore(database: database))
        case .sqlite:
            let database = try AppDatabase.inMemory()
            return (SQLiteCastStore(database: database, clock: clock), SQLiteCastDrawingStore(database: database, clock: clock),
                    SQLiteFamilyDataStore(database: database))
        case .inMemory:
            let cast = InMemoryCastStore()
            return (cast, InMemoryCastDrawingStore(cast: cast), nil)
        }
    }

    @Test("kept only for a member, by name in any case; replaced; deleted with the member and with the family",
          arguments: StoreBackend.allCases)
    func drawings(_ backend: StoreBackend) async throws {
        let (cast, drawings, familyData) = try await make(backend)
        let drawing = CastDrawing(data: Self.png, contentType: "image/png")
        #expect(try await drawings.keepDrawing(drawing, forMember: "Leo", in: Self.family) == false, "no such member")
        try await cast.addMember(CastMember(name: "Leo", kind: .child, age: 5, createdBy: "u-mum", createdAt: clock.now()),
                                 to: Self.family, limit: 12)
        #expect(try await drawings.keepDrawing(drawing, forMember: "Leo", in: Self.family))
        #expect(try await drawings.drawing(ofMember: "leo", in: Self.family) == drawing)
        let other = FamilyRef(platform: "discord", externalID: "other")
        #expect(try await drawings.drawing(ofMember: "Leo", in: other) == nil, "another family's")

        let redrawn = CastDrawing(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 9]), contentType: "image/jpeg")
        #expect(try await drawings.keepDrawing(redrawn, forMember: "Leo", in: Self.family))
        #expect(try await drawings.drawing(ofMember: "Leo", in: Self.family) == redrawn)

        #expect(try await cast.removeMember(named: "Leo", from: Self.family))
        #expect(try await drawings.drawing(ofMember: "Leo", in: Self.family) == nil, "deleted with the member")

        try await cast.addMember(CastMember(name: "Max", kind: .baby, createdBy: "u-mum", createdAt: clock.now()), to: Self.family, limit: 12)
        #expect(try await drawings.keepDrawing(drawing, forMember: "Max", in: Self.family))
        if let familyData {
            _ = try await familyData.forget(Self.family)
            #expect(try await drawings.drawing(ofMember: "Max", in: Self.family) == nil, "forgetting the family forgets its drawings")
        }
    }

    @Test("only PNG, JPEG and WebP within 2 MiB, by the upload's description and by the bytes themselves")
    func checks() {
        #expect(CastDrawing.accepts(contentType: "image/png", size: 1_000))
        #expect(CastDrawing.accepts(contentType: "IMAGE/JPEG; charset=binary", size: 1_000))
        #expect(!CastDrawing.accepts(contentType: "image/gif", size: 1_000))
        #expect(!CastDrawing.accepts(contentType: "application/pdf", size: 1_000))
        #expect(!CastDrawing.accepts(contentType: nil, size: 1_000))
        #expect(!CastDrawing.accepts(contentType: "image/png", size: CastDrawing.maxBytes + 1))
        #expect(CastDrawing(checking: Self.png)?.contentType == "image/png")
        #expect(CastDrawing(checking: Data("RIFF\0\0\0\0WEBPVP8 ".utf8))?.contentType == "image/webp")
        #expect(CastDrawing(checking: Data("GIF89a......".utf8)) == nil)
        #expect(CastDrawing(checking: Data()) == nil)
    }
}
