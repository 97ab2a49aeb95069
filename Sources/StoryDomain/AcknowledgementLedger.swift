import Foundation

/// That a platform accepted the acknowledgement of one interaction, and how.
public struct AcknowledgementReceipt: Sendable, Equatable {
    public var platform: Platform
    public var interactionID: String
    /// Whether the acknowledgement promised a private (ephemeral) answer.
    public var privately: Bool
    public var acknowledgedAt: Date

    public init(platform: Platform, interactionID: String, privately: Bool, acknowledgedAt: Date) {
        self.platform = platform
        self.interactionID = interactionID
        self.privately = privately
        self.acknowledgedAt = acknowledgedAt
    }
}

/// Durable receipts of acknowledged interactions. A restarted service that is sent an
/// interaction again (a gateway session resumed from an older sequence) finds its receipt and
/// answers through the acknowledgement already made, instead of acknowledging twice.
public protocol AcknowledgementLedger: Sendable {
    func receipt(for interactionID: String, on platform: Platform) async throws -> AcknowledgementReceipt?
    /// Keeps the receipt; receipts older than a day (far past any interaction token) are dropped.
    func record(_ receipt: AcknowledgementReceipt) async throws
}
