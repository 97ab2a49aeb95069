import Foundation
import StoryDomain

/// Acknowledgement receipts in memory: the first receipt for an interaction is kept (a second
/// one changes nothing), and receipts older than a day are dropped as new ones are recorded.
public actor InMemoryAcknowledgementLedger: AcknowledgementLedger {
    /// How long a receipt is kept: far longer than any interaction token lives.
    public static let retention: TimeInterval = 24 * 3600
    private let clock: any WallClock
    private var receipts: [String: AcknowledgementReceipt] = [:]

    public init(clock: any WallClock) {
        self.clock = clock
    }

    public func receipt(for interactionID: String, on platform: Platform) async throws -> AcknowledgementReceipt? {
        receipts[Self.key(interactionID, platform)]
    }

    public func record(_ receipt: AcknowledgementReceipt) async throws {
        let key = Self.key(receipt.interactionID, receipt.platform)
        if receipts[key] == nil { receipts[key] = receipt }
        let cutoff = clock.now().addingTimeInterval(-Self.retention)
        receipts = receipts.filter { $0.value.acknowledgedAt >= cutoff }
    }

    /// How many receipts are kept (for assertions).
    public var count: Int { receipts.count }

    private static func key(_ interactionID: String, _ platform: Platform) -> String { "\(platform)|\(interactionID)" }
}
