import Foundation
import StoryDomain
import Synchronization

/// Where each held story's asker was answered (their interaction, whose token lets the bot send
/// them an ephemeral follow-up for 15 minutes), kept in this process's memory only: tokens are
/// not written down for this. Entries leave when used, when their approval leaves play, or once
/// the token is too old; a process that does not know the asker tells them by direct message.
final class ApprovalAskers: Sendable {
    private struct Asked {
        var address: DeliveryAddress
        var at: Date
    }

    /// Discord's interaction tokens work for 15 minutes; a little is kept in hand.
    static let tokenLifetime: TimeInterval = 14 * 60
    private let asked = Mutex([String: Asked]())

    func remember(_ address: DeliveryAddress, for approvalID: String, at now: Date) {
        asked.withLock { asked in
            asked = asked.filter { now.timeIntervalSince($0.value.at) < Self.tokenLifetime }
            asked[approvalID] = Asked(address: address, at: now)
        }
    }

    /// The asker's interaction while its token still works, taken out.
    func take(_ approvalID: String, at now: Date) -> DeliveryAddress? {
        asked.withLock { asked in
            guard let found = asked.removeValue(forKey: approvalID), now.timeIntervalSince(found.at) < Self.tokenLifetime else { return nil }
            return found.address
        }
    }

    func forget(_ approvalID: String) {
        _ = asked.withLock { $0.removeValue(forKey: approvalID) }
    }
}
