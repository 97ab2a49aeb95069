import Foundation
import StoryDomain

/// Cast members' drawings (`cast_drawing`), one per member; the foreign key to `cast_member`
/// deletes a drawing with its member, and so with the family.
public struct SQLCastDrawingStore: CastDrawingStore {
    private let executor: any SQLExecutor
    private let clock: any WallClock

    public init(database: some SQLDatabase, clock: any WallClock) {
        executor = database.executor
        self.clock = clock
    }

    public func keepDrawing(_ drawing: CastDrawing, forMember name: String, in family: FamilyRef) async throws -> Bool {
        let now = clock.now()
        let key = CastMember.key(name)
        return try await executor.transaction { executor in
            guard let familyID = try await FamilyTable.id(of: family, in: executor),
                  try await executor.row("""
                      SELECT name_key FROM cast_member WHERE family_id = \(familyID) AND name_key = \(key) \(.lockRows)
                      """) != nil
            else { return false }
            try await executor.execute("""
                INSERT INTO cast_drawing (family_id, name_key, content_type, data, created_at)
                VALUES (\(familyID), \(key), \(drawing.contentType), \(drawing.data), \(now))
                ON CONFLICT (family_id, name_key) DO UPDATE
                SET content_type = excluded.content_type, data = excluded.data, created_at = excluded.created_at
                """)
            return true
        }
    }

    public func drawing(ofMember name: String, in family: FamilyRef) async throws -> CastDrawing? {
        guard let row = try await executor.row("""
            SELECT cast_drawing.content_type, cast_drawing.data FROM cast_drawing JOIN family ON family.id = cast_drawing.family_id
            WHERE family.platform = \(family.platform) AND family.external_id = \(family.externalID)
              AND cast_drawing.name_key = \(CastMember.key(name))
            """)
        else { return nil }
        return CastDrawing(data: try row["data"], contentType: try row["content_type"])
    }
}
