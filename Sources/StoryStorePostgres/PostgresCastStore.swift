import Foundation
import PostgresNIO
import StoryDomain

/// The family's cast kept in PostgreSQL (`cast_member`), portraits in `image`, like the SQLite store.
public struct PostgresCastStore: CastStore {
    private let database: PostgresDatabase
    private let clock: any WallClock

    public init(database: PostgresDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func cast(of family: FamilyRef) async throws -> [CastMember] {
        try await database.transaction { transaction in
            guard let familyID = try await FamilyRows.id(of: family, in: transaction) else { return [] }
            return try await transaction.rows("""
                SELECT * FROM cast_member WHERE family_id = \(familyID) ORDER BY created_at, seq
                """).map(Self.member)
        }
    }

    public func addMember(_ member: CastMember, to family: FamilyRef, limit: Int) async throws {
        let now = clock.now()
        try await database.transaction { transaction in
            let familyID = try await FamilyRows.findOrCreate(family, at: now, in: transaction)
            // The family's row is the lock: two adds at once take turns, so the limit holds.
            try await transaction.execute("SELECT id FROM family WHERE id = \(familyID) FOR UPDATE")
            let taken: Bool = try await transaction.rows("""
                SELECT EXISTS (SELECT 1 FROM cast_member WHERE family_id = \(familyID) AND name_key = \(member.key)) AS taken
                """).first?["taken"] ?? false
            if taken { throw CastError.duplicateName(member.name) }
            let count: Int = try await transaction.rows("SELECT COUNT(*) AS n FROM cast_member WHERE family_id = \(familyID)")
                .first?["n"] ?? 0
            guard count < limit else { throw CastError.full(limit: limit) }
            try await transaction.execute("""
                INSERT INTO cast_member (family_id, name_key, name, kind, age, look, pronouns, created_by, portrait_id, created_at)
                VALUES (\(familyID), \(member.key), \(member.name), \(member.kind.rawValue), \(member.age), \(member.look),
                        \(member.pronouns?.rawValue), \(member.createdBy), \(member.portrait?.rawValue), \(member.createdAt))
                """)
        }
    }

    public func updateMember(_ member: CastMember, in family: FamilyRef) async throws -> Bool {
        try await database.transaction { transaction in
            guard let familyID = try await FamilyRows.id(of: family, in: transaction) else { return false }
            guard let row = try await transaction.rows("""
                SELECT portrait_id FROM cast_member WHERE family_id = \(familyID) AND name_key = \(member.key) FOR UPDATE
                """).first else { return false }
            let old: String? = try row["portrait_id"]
            try await transaction.execute("""
                UPDATE cast_member SET kind = \(member.kind.rawValue), age = \(member.age), look = \(member.look),
                    pronouns = \(member.pronouns?.rawValue), portrait_id = \(member.portrait?.rawValue)
                WHERE family_id = \(familyID) AND name_key = \(member.key)
                """)
            if let old, old != member.portrait?.rawValue { try await Self.deleteUnusedImages([old], in: transaction) }
            return true
        }
    }

    public func removeMember(named name: String, from family: FamilyRef) async throws -> Bool {
        try await database.transaction { transaction in
            guard let familyID = try await FamilyRows.id(of: family, in: transaction) else { return false }
            let removed = try await transaction.rows("""
                DELETE FROM cast_member WHERE family_id = \(familyID) AND name_key = \(CastMember.key(name)) RETURNING portrait_id
                """)
            let portraits: [String] = try removed.compactMap { try $0["portrait_id"] as String? }
            try await Self.deleteUnusedImages(portraits, in: transaction)
            return !removed.isEmpty
        }
    }

    public func keepPortrait(_ picture: Illustration, forMember name: String, in family: FamilyRef) async throws -> ImageID? {
        let now = clock.now()
        let key = CastMember.key(name)
        return try await database.transaction { transaction in
            guard let familyID = try await FamilyRows.id(of: family, in: transaction),
                  let row = try await transaction.rows("""
                      SELECT portrait_id FROM cast_member WHERE family_id = \(familyID) AND name_key = \(key) FOR UPDATE
                      """).first
            else { return nil }
            // Painted twice at once: the first kept stays.
            let kept: String? = try row["portrait_id"]
            if let kept { return ImageID(rawValue: kept) }
            // The bytes are sent once: `$1` is the first value interpolated (hashed, then stored).
            let query: PostgresQuery = try """
                WITH new AS (SELECT encode(sha256(\(picture.data)), 'hex') AS id),
                stored AS (
                    INSERT INTO image (id, content_type, byte_count, width, height, data, created_at)
                    SELECT new.id, \(picture.contentType), \(picture.data.count), \(picture.width), \(picture.height), $1, \(now) FROM new
                    ON CONFLICT (id) DO NOTHING
                )
                SELECT id FROM new
                """
            guard let id: String = try await transaction.rows(query).first?["id"] else {
                throw PostgresStoreError.corrupt("image", "no content address")
            }
            try await transaction.execute("""
                UPDATE cast_member SET portrait_id = \(id) WHERE family_id = \(familyID) AND name_key = \(key)
                """)
            return ImageID(rawValue: id)
        }
    }

    /// Deletes the pictures no page and no cast member uses any more.
    static func deleteUnusedImages(_ ids: [String], in transaction: Transaction) async throws {
        guard !ids.isEmpty else { return }
        try await transaction.execute("""
            DELETE FROM image WHERE id = ANY(\(ids)) AND NOT EXISTS (SELECT 1 FROM page WHERE page.image_id = image.id)
                AND NOT EXISTS (SELECT 1 FROM cast_member WHERE cast_member.portrait_id = image.id)
            """)
    }

    private static func member(_ row: Columns) throws -> CastMember {
        let kind: String = try row["kind"]
        guard let parsed = CastKind(rawValue: kind) else { throw PostgresStoreError.corrupt("cast_member", "an unknown cast kind") }
        let portrait: String? = try row["portrait_id"]
        let age: Int? = try row["age"]
        let pronouns: String? = try row["pronouns"]
        return CastMember(name: try row["name"], kind: parsed, age: age, look: try row["look"],
                          pronouns: pronouns.flatMap(Pronouns.init(rawValue:)), createdBy: try row["created_by"],
                          portrait: portrait.map { ImageID(rawValue: $0) }, createdAt: try row["created_at"])
    }
}
