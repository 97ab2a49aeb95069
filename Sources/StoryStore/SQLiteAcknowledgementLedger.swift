import Foundation
import GRDB
import StoryDomain

/// Receipts of acknowledged interactions in the `acknowledgement` table.
public struct SQLiteAcknowledgementLedger: AcknowledgementLedger {
    /// How long a receipt is kept: far longer than any interaction token lives (15 minutes).
    static let retention: TimeInterval = 24 * 3600
    private let database: AppDatabase
    private let clock: any WallClock

    public init(database: AppDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func receipt(for interactionID: String, on platform: Platform) async throws -> AcknowledgementReceipt? {
        try await database.writer.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT privately, acknowledged_at FROM acknowledgement WHERE platform = ? AND interaction_id = ?
                """, arguments: [platform, interactionID])
            else { return nil }
            let at = (row["acknowledged_at"] as Date?) ?? Date(timeIntervalSince1970: 0)
            return AcknowledgementReceipt(platform: platform, interactionID: interactionID, privately: row["privately"], acknowledgedAt: at)
        }
    }

    public func record(_ receipt: AcknowledgementReceipt) async throws {
        let cutoff = clock.now().addingTimeInterval(-Self.retention)
        try await database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO acknowledgement (platform, interaction_id, privately, acknowledged_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(platform, interaction_id) DO NOTHING
                """, arguments: [receipt.platform, receipt.interactionID, receipt.privately, receipt.acknowledgedAt])
            try db.execute(sql: "DELETE FROM acknowledgement WHERE acknowledged_at < ?", arguments: [cutoff])
        }
    }
}
