import Foundation
import PostgresNIO
import StoryDomain

/// Receipts of acknowledged interactions in the `acknowledgement` table.
public struct PostgresAcknowledgementLedger: AcknowledgementLedger {
    /// How long a receipt is kept: far longer than any interaction token lives (15 minutes).
    static let retention: TimeInterval = 24 * 3600
    private let database: PostgresDatabase
    private let clock: any WallClock

    public init(database: PostgresDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func receipt(for interactionID: String, on platform: Platform) async throws -> AcknowledgementReceipt? {
        guard let row = try await database.rows("""
            SELECT privately, acknowledged_at FROM acknowledgement
            WHERE platform = \(PlatformColumn.text(platform)) AND interaction_id = \(interactionID)
            """).first else { return nil }
        return AcknowledgementReceipt(platform: platform, interactionID: interactionID, privately: try row["privately"],
                                      acknowledgedAt: try row["acknowledged_at"])
    }

    /// Keeps the receipt and drops expired ones in one statement, one round trip (a
    /// data-modifying CTE runs in the statement's own transaction). It was a transaction of four
    /// (BEGIN, INSERT, DELETE, COMMIT) holding a pooled connection for each press. It is written
    /// after the press's callback, so page-turn latency did not move measurably (issue #19,
    /// docs/benchmarks.md): kept as the plainer code.
    public func record(_ receipt: AcknowledgementReceipt) async throws {
        let cutoff = clock.now().addingTimeInterval(-Self.retention)
        _ = try await database.rows("""
            WITH expired AS (DELETE FROM acknowledgement WHERE acknowledged_at < \(cutoff))
            INSERT INTO acknowledgement (platform, interaction_id, privately, acknowledged_at)
            VALUES (\(PlatformColumn.text(receipt.platform)), \(receipt.interactionID), \(receipt.privately), \(receipt.acknowledgedAt))
            ON CONFLICT (platform, interaction_id) DO NOTHING
            """)
    }
}
