import Foundation
import StoryDomain

/// Receipts of acknowledged interactions in the `acknowledgement` table.
public struct SQLAcknowledgementLedger: AcknowledgementLedger {
    /// How long a receipt is kept: far longer than any interaction token lives (15 minutes).
    static let retention: TimeInterval = 24 * 3600
    private let executor: any SQLExecutor
    private let clock: any WallClock

    public init(database: some SQLDatabase, clock: any WallClock) {
        executor = database.executor
        self.clock = clock
    }

    public func receipt(for interactionID: String, on platform: Platform) async throws -> AcknowledgementReceipt? {
        guard let row = try await executor.row("""
            SELECT privately, acknowledged_at FROM acknowledgement WHERE platform = \(platform) AND interaction_id = \(interactionID)
            """) else { return nil }
        return AcknowledgementReceipt(platform: platform, interactionID: interactionID, privately: try row["privately"],
                                      acknowledgedAt: try row["acknowledged_at"] ?? Date(timeIntervalSince1970: 0))
    }

    /// Keeps the receipt and drops expired ones in one statement (a data-modifying CTE on
    /// PostgreSQL: one round trip, no transaction holding a pooled connection for each press).
    public func record(_ receipt: AcknowledgementReceipt) async throws {
        let cutoff = clock.now().addingTimeInterval(-Self.retention)
        let insert: SQLStatement = """
            INSERT INTO acknowledgement (platform, interaction_id, privately, acknowledged_at)
            VALUES (\(receipt.platform), \(receipt.interactionID), \(receipt.privately), \(receipt.acknowledgedAt))
            ON CONFLICT (platform, interaction_id) DO NOTHING
            """
        switch executor.dialect {
        case .postgres:
            try await executor.execute("WITH expired AS (DELETE FROM acknowledgement WHERE acknowledged_at < \(cutoff)) \(insert)")
        case .sqlite:
            try await executor.transaction { executor in
                try await executor.execute(insert)
                try await executor.execute("DELETE FROM acknowledgement WHERE acknowledged_at < \(cutoff)")
            }
        }
    }
}
