import Foundation
import GRDB
import StoryDomain

/// The family's cast kept in SQLite (`cast_member`), portraits in `image`. Every method is one transaction.
public struct SQLiteCastStore: CastStore {
    private let database: AppDatabase
    private let clock: any WallClock

    public init(database: AppDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func cast(of family: FamilyRef) async throws -> [CastMember] {
        try await database.writer.read { db in
            guard let familyID = try FamilyRecord.id(of: family, in: db) else { return [] }
            return try Row.fetchAll(db, sql: "SELECT * FROM cast_member WHERE family_id = ? ORDER BY created_at, rowid",
                                    arguments: [familyID]).map(Self.member)
        }
    }

    public func addMember(_ member: CastMember, to family: FamilyRef, limit: Int) async throws {
        let now = clock.now()
        try await database.writer.write { db in
            let familyID = try FamilyRecord.findOrCreate(family, at: now, in: db)
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM cast_member WHERE family_id = ?", arguments: [familyID]) ?? 0
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM cast_member WHERE family_id = ? AND name_key = ?)",
                                 arguments: [familyID, member.key]) == true {
                throw CastError.duplicateName(member.name)
            }
            guard count < limit else { throw CastError.full(limit: limit) }
            try db.execute(sql: """
                INSERT INTO cast_member (family_id, name_key, name, kind, age, look, pronouns, created_by, portrait_id, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [familyID, member.key, member.name, member.kind.rawValue, member.age, member.look,
                                 member.pronouns?.rawValue, member.createdBy, member.portrait?.rawValue, member.createdAt])
        }
    }

    public func updateMember(_ member: CastMember, in family: FamilyRef) async throws -> Bool {
        try await database.writer.write { db in
            guard let familyID = try FamilyRecord.id(of: family, in: db) else { return false }
            let old = try String.fetchOne(db, sql: "SELECT portrait_id FROM cast_member WHERE family_id = ? AND name_key = ?",
                                          arguments: [familyID, member.key])
            try db.execute(sql: """
                UPDATE cast_member SET kind = ?, age = ?, look = ?, pronouns = ?, portrait_id = ? WHERE family_id = ? AND name_key = ?
                """, arguments: [member.kind.rawValue, member.age, member.look, member.pronouns?.rawValue, member.portrait?.rawValue,
                                 familyID, member.key])
            let changed = db.changesCount > 0
            if let old, old != member.portrait?.rawValue { try Self.deleteUnusedImage(old, in: db) }
            return changed
        }
    }

    public func removeMember(named name: String, from family: FamilyRef) async throws -> Bool {
        try await database.writer.write { db in
            guard let familyID = try FamilyRecord.id(of: family, in: db) else { return false }
            let key = CastMember.key(name)
            let portrait = try String.fetchOne(db, sql: "SELECT portrait_id FROM cast_member WHERE family_id = ? AND name_key = ?",
                                               arguments: [familyID, key])
            try db.execute(sql: "DELETE FROM cast_member WHERE family_id = ? AND name_key = ?", arguments: [familyID, key])
            let removed = db.changesCount > 0
            if let portrait { try Self.deleteUnusedImage(portrait, in: db) }
            return removed
        }
    }

    public func keepPortrait(_ picture: Illustration, forMember name: String, in family: FamilyRef) async throws -> ImageID? {
        let record = ImageRecord(picture, at: clock.now())
        return try await database.writer.write { db in
            guard let familyID = try FamilyRecord.id(of: family, in: db) else { return nil }
            let key = CastMember.key(name)
            guard let current = try Row.fetchOne(db, sql: "SELECT portrait_id FROM cast_member WHERE family_id = ? AND name_key = ?",
                                                 arguments: [familyID, key]) else { return nil }
            // Painted twice at once: the first kept stays.
            if let kept: String = current["portrait_id"] { return ImageID(rawValue: kept) }
            try record.insert(db, onConflict: .ignore)
            try db.execute(sql: "UPDATE cast_member SET portrait_id = ? WHERE family_id = ? AND name_key = ?",
                           arguments: [record.id, familyID, key])
            return ImageID(rawValue: record.id)
        }
    }

    /// Deletes the picture when no page and no cast member uses it any more.
    static func deleteUnusedImage(_ id: String, in db: Database) throws {
        try db.execute(sql: """
            DELETE FROM image WHERE id = ? AND NOT EXISTS (SELECT 1 FROM page WHERE image_id = ?)
                AND NOT EXISTS (SELECT 1 FROM cast_member WHERE portrait_id = ?)
            """, arguments: [id, id, id])
    }

    private static func member(_ row: Row) throws -> CastMember {
        let kind: String = row["kind"]
        guard let parsed = CastKind(rawValue: kind) else {
            throw StoreError(kind: .other, path: "cast_member", detail: "an unknown cast kind")
        }
        let portrait: String? = row["portrait_id"]
        let pronouns: String? = row["pronouns"]
        return CastMember(name: row["name"], kind: parsed, age: row["age"], look: row["look"],
                          pronouns: pronouns.flatMap(Pronouns.init(rawValue:)), createdBy: row["created_by"],
                          portrait: portrait.map { ImageID(rawValue: $0) }, createdAt: row["created_at"])
    }
}
