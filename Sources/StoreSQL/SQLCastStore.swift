import Foundation
import StoryDomain

/// The family's cast (`cast_member`), portraits in `image`. Every method is one transaction.
public struct SQLCastStore: CastStore {
    private let executor: any SQLExecutor
    private let clock: any WallClock

    public init(database: some SQLDatabase, clock: any WallClock) {
        executor = database.executor
        self.clock = clock
    }

    public func cast(of family: FamilyRef) async throws -> [CastMember] {
        try await executor.rows("""
            SELECT cast_member.* FROM cast_member JOIN family ON family.id = cast_member.family_id
            WHERE family.platform = \(family.platform) AND family.external_id = \(family.externalID)
            ORDER BY cast_member.created_at, cast_member.\(.insertionOrder)
            """).map(Self.member)
    }

    public func addMember(_ member: CastMember, to family: FamilyRef, limit: Int) async throws {
        let now = clock.now()
        try await executor.transaction { executor in
            let familyID = try await FamilyTable.findOrCreate(family, at: now, in: executor)
            // The family's row is the lock: two adds at once take turns, so the limit holds.
            try await executor.execute("SELECT id FROM family WHERE id = \(familyID) \(.lockRows)")
            let taken: Bool = try await executor.row("""
                SELECT EXISTS (SELECT 1 FROM cast_member WHERE family_id = \(familyID) AND name_key = \(member.key)) AS taken
                """)?["taken"] ?? false
            if taken { throw CastError.duplicateName(member.name) }
            let count: Int = try await executor.row("SELECT COUNT(*) AS n FROM cast_member WHERE family_id = \(familyID)")?["n"] ?? 0
            guard count < limit else { throw CastError.full(limit: limit) }
            try await executor.execute("""
                INSERT INTO cast_member (family_id, name_key, name, kind, age, look, pronouns, created_by, portrait_id, created_at, avoid)
                VALUES (\(familyID), \(member.key), \(member.name), \(member.kind.rawValue), \(member.age), \(member.look),
                        \(member.pronouns?.rawValue), \(member.createdBy), \(member.portrait?.rawValue), \(member.createdAt),
                        \(Self.storedAvoid(member.avoid ?? [])))
                """)
        }
    }

    public func updateMember(_ member: CastMember, in family: FamilyRef) async throws -> Bool {
        try await executor.transaction { executor in
            guard let familyID = try await FamilyTable.id(of: family, in: executor),
                  let row = try await executor.row("""
                      SELECT portrait_id FROM cast_member WHERE family_id = \(familyID) AND name_key = \(member.key) \(.lockRows)
                      """)
            else { return false }
            let old: String? = try row["portrait_id"]
            try await executor.execute("""
                UPDATE cast_member SET kind = \(member.kind.rawValue), age = \(member.age), look = \(member.look),
                    pronouns = \(member.pronouns?.rawValue), portrait_id = \(member.portrait?.rawValue),
                    avoid = \(Self.storedAvoid(member.avoid ?? []))
                WHERE family_id = \(familyID) AND name_key = \(member.key)
                """)
            if let old, old != member.portrait?.rawValue { try await MediaTable.deleteUnusedImages([old], in: executor) }
            return true
        }
    }

    public func removeMember(named name: String, from family: FamilyRef) async throws -> Bool {
        try await executor.transaction { executor in
            guard let familyID = try await FamilyTable.id(of: family, in: executor) else { return false }
            let removed = try await executor.rows("""
                DELETE FROM cast_member WHERE family_id = \(familyID) AND name_key = \(CastMember.key(name)) RETURNING portrait_id
                """)
            try await MediaTable.deleteUnusedImages(try removed.compactMap { try $0["portrait_id"] as String? }, in: executor)
            return !removed.isEmpty
        }
    }

    public func keepPortrait(_ picture: Illustration, forMember name: String, in family: FamilyRef) async throws -> ImageID? {
        let now = clock.now()
        let key = CastMember.key(name)
        return try await executor.transaction { executor in
            guard let familyID = try await FamilyTable.id(of: family, in: executor),
                  let row = try await executor.row("""
                      SELECT portrait_id FROM cast_member WHERE family_id = \(familyID) AND name_key = \(key) \(.lockRows)
                      """)
            else { return nil }
            // Painted twice at once: the first kept stays.
            if let kept: String = try row["portrait_id"] { return ImageID(rawValue: kept) }
            let id = try await MediaTable.keep(picture, at: now, in: executor)
            try await executor.execute("UPDATE cast_member SET portrait_id = \(id) WHERE family_id = \(familyID) AND name_key = \(key)")
            return ImageID(rawValue: id)
        }
    }

    private static func member(_ row: any SQLRow) throws -> CastMember {
        let kind: String = try row["kind"]
        guard let parsed = CastKind(rawValue: kind) else { throw StoreSQLError.corrupt("cast_member", "an unknown cast kind") }
        let portrait: String? = try row["portrait_id"]
        let pronouns: String? = try row["pronouns"]
        let avoid: String? = try row["avoid"]
        var member = CastMember(name: try row["name"], kind: parsed, age: try row["age"], look: try row["look"],
                                pronouns: pronouns.flatMap(Pronouns.init(rawValue:)), createdBy: try row["created_by"],
                                portrait: portrait.map { ImageID(rawValue: $0) }, createdAt: try row["created_at"])
        member.avoid = avoid.map { $0.split(separator: ",").map(String.init) }
        return member
    }

    /// A member's sensitivities as stored: comma-separated (entries hold no commas), nil for none.
    static func storedAvoid(_ avoid: [String]) -> String? {
        avoid.isEmpty ? nil : avoid.joined(separator: ",")
    }
}
